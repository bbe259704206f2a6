// What a probe or a run sends as its prompt, alike on both: --prompt TEXT or
// --prompt-file FILE, --input-tokens N for a synthetic prompt of that many
// tokens around it, and --cache cold|warm for what a provider's prompt cache
// may serve.

import { readFileSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import {
  CACHE_POLICIES,
  DEFAULT_CACHE_POLICY,
  MAX_INPUT_TOKENS,
  type CachePolicy,
} from '../../shared/run';
import { choice, integerOption, PROBE_DEFAULTS, UsageError } from './options';

export const PROMPT_OPTIONS = {
  prompt: { type: 'string' },
  'prompt-file': { type: 'string' },
  'input-tokens': { type: 'string' },
  cache: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** Far above any context window's worth of text. */
const MAX_PROMPT_FILE_BYTES = 32 * 1024 * 1024;

export interface PromptChoice {
  prompt: string;
  /** A synthetic prompt of this many tokens, `prompt` its question; null: `prompt` as it is. */
  inputTokens: number | null;
  cache: CachePolicy;
}

function promptFile(path: string): string {
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.length > MAX_PROMPT_FILE_BYTES) {
      throw new UsageError(`--prompt-file ${path} is larger than 32 MiB`);
    }
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(`--prompt-file ${path}: the file cannot be read (${code})`);
  }
  // An editor's last line break is no part of the prompt.
  return text.replace(/\r?\n$/, '');
}

export function promptFlags(values: {
  prompt?: string;
  'prompt-file'?: string;
  'input-tokens'?: string;
  cache?: string;
}): PromptChoice {
  if (values.prompt !== undefined && values['prompt-file'] !== undefined) {
    throw new UsageError('give the prompt with --prompt or with --prompt-file, not both');
  }
  const prompt =
    values['prompt-file'] === undefined
      ? (values.prompt ?? PROBE_DEFAULTS.prompt)
      : promptFile(values['prompt-file']);
  if (prompt.trim() === '') {
    throw new UsageError(
      values['prompt-file'] === undefined ? '--prompt is empty' : '--prompt-file holds no prompt',
    );
  }
  return {
    prompt,
    inputTokens: integerOption('--input-tokens', values['input-tokens'], 1, MAX_INPUT_TOKENS),
    cache: choice('--cache', values.cache, CACHE_POLICIES) ?? DEFAULT_CACHE_POLICY,
  };
}
