// The simulator's prompt cache, shaped like OpenAI's automatic one: a prompt
// of at least 1,024 tokens that begins like a recent one is served from cache
// for the shared beginning, in steps of 128 tokens. Tests and demos see what
// repeated trials see at a provider: later identical prompts answer sooner
// and say how many of their tokens were cached.

/** OpenAI caches no prompt shorter than this. */
export const CACHE_MIN_TOKENS = 1024;
/** ...and caches in steps of this many tokens. */
export const CACHE_STEP_TOKENS = 128;
/** Recent prompts kept: enough for the trials of one run, bounded for a long-running simulator. */
const CAPACITY = 64;

export class PrefixCache {
  private readonly prompts: Uint32Array[] = [];

  /** How many of `tokens`' first tokens the cache serves; the prompt is cached from now on. */
  lookup(tokens: readonly number[]): number {
    const prompt = Uint32Array.from(tokens);
    let longest = 0;
    for (const seen of this.prompts) longest = Math.max(longest, sharedPrefix(seen, prompt));
    this.prompts.push(prompt);
    if (this.prompts.length > CAPACITY) this.prompts.shift();
    if (prompt.length < CACHE_MIN_TOKENS || longest < CACHE_MIN_TOKENS) return 0;
    return Math.floor(longest / CACHE_STEP_TOKENS) * CACHE_STEP_TOKENS;
  }
}

function sharedPrefix(a: Uint32Array, b: Uint32Array): number {
  const end = Math.min(a.length, b.length);
  let i = 0;
  while (i < end && a[i] === b[i]) i++;
  return i;
}
