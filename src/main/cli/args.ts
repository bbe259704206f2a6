// Command-line parsing and validation: argv in, typed options out. Every way an
// argument can be wrong ends here as a UsageError with one line a user can act
// on; nothing past this module sees an unchecked value.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DIALECTS, MODES, type Dialect, type Mode } from '../../shared/trial';
import { DEFAULT_LIMITS, type EndpointSpec, type Limits } from '../probe';

/** Bad arguments or configuration: the CLI prints the message and exits with 2. */
export class UsageError extends Error {}

export type Env = Readonly<Record<string, string | undefined>>;

const MODE_CHOICES = ['stream', 'plain', 'both'] as const;
type ModeChoice = (typeof MODE_CHOICES)[number];

export const PROBE_DEFAULTS = {
  dialect: 'openai-chat' as Dialect,
  mode: 'both' as ModeChoice,
  trials: 5,
  maxTokens: 300,
  // The seed article's prompt, so results compare with its probe script.
  prompt: 'Explain, in 150 words, why free-tier LLM latency is noisy.',
};

/** A fixed default port, so the example commands the simulator prints stay the same between runs. */
export const SIM_DEFAULT_PORT = 8787;

// Generous caps that still catch a slipped digit: a free tier would not survive 10 000 trials.
const MAX_TRIALS = 1000;
const MAX_TOKENS = 1_000_000;
const MAX_SECONDS = 86_400;

export interface ProbeOptions {
  endpoint: EndpointSpec;
  /** Modes in the order each round runs them. */
  modes: Mode[];
  trials: number;
  maxTokens: number;
  prompt: string;
  limits: Limits;
  reuseConnection: boolean;
  abortAfter: number | null;
  json: boolean;
}

export type Command =
  | { kind: 'help'; topic: 'main' | 'probe' | 'sim' }
  | { kind: 'version' }
  | { kind: 'sim'; port: number }
  | { kind: 'probe'; options: ProbeOptions };

const PROBE_OPTIONS = {
  'base-url': { type: 'string' },
  model: { type: 'string' },
  dialect: { type: 'string' },
  mode: { type: 'string' },
  trials: { type: 'string' },
  'max-tokens': { type: 'string' },
  prompt: { type: 'string' },
  'connect-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
  stall: { type: 'string' },
  deadline: { type: 'string' },
  'reuse-connection': { type: 'boolean' },
  'api-key-env': { type: 'string' },
  header: { type: 'string', multiple: true },
  'abort-after': { type: 'string' },
  'allow-insecure-key': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const SIM_OPTIONS = {
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

export function parseCommand(argv: readonly string[], env: Env): Command {
  const [first, ...rest] = argv;
  switch (first) {
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      return { kind: 'help', topic: 'main' };
    case '--version':
    case '-v':
      return { kind: 'version' };
    case 'probe':
      return parseProbe(rest, env);
    case 'sim':
      return parseSim(rest);
    default:
      throw new UsageError(
        `unknown command ${shown(first)}: use "probe" or "sim" (see lasttoken --help)`,
      );
  }
}

function parseSim(argv: readonly string[]): Command {
  const { values } = parseStrict(argv, SIM_OPTIONS, 'sim');
  if (values.help) return { kind: 'help', topic: 'sim' };
  return { kind: 'sim', port: integerOption('--port', values.port, 0, 65_535) ?? SIM_DEFAULT_PORT };
}

function parseProbe(argv: readonly string[], env: Env): Command {
  const { values } = parseStrict(argv, PROBE_OPTIONS, 'probe');
  if (values.help) return { kind: 'help', topic: 'probe' };

  const baseUrl = required('--base-url', values['base-url']);
  const model = required('--model', values.model);
  const dialect = choice('--dialect', values.dialect, DIALECTS) ?? PROBE_DEFAULTS.dialect;
  const modeChoice = choice('--mode', values.mode, MODE_CHOICES) ?? PROBE_DEFAULTS.mode;
  const modes: Mode[] = modeChoice === 'both' ? [...MODES] : [modeChoice];
  const abortAfter = integerOption('--abort-after', values['abort-after'], 1, MAX_TOKENS);
  if (abortAfter !== null && !modes.includes('stream')) {
    throw new UsageError(
      '--abort-after needs a token stream to hang up on: use --mode stream or both',
    );
  }
  const prompt = values.prompt ?? PROBE_DEFAULTS.prompt;
  if (prompt.trim() === '') throw new UsageError('--prompt is empty');

  const endpoint: EndpointSpec = {
    base_url: baseUrl,
    model,
    dialect,
    headers: headers(values.header ?? []),
    allow_insecure_key: values['allow-insecure-key'] ?? false,
  };
  const keyVariable = values['api-key-env'];
  if (keyVariable !== undefined) endpoint.api_key = apiKeyFrom(env, keyVariable);

  return {
    kind: 'probe',
    options: {
      endpoint,
      modes,
      trials: integerOption('--trials', values.trials, 1, MAX_TRIALS) ?? PROBE_DEFAULTS.trials,
      maxTokens:
        integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS) ??
        PROBE_DEFAULTS.maxTokens,
      prompt,
      limits: {
        connect_timeout_ms:
          msOption('--connect-timeout', values['connect-timeout']) ??
          DEFAULT_LIMITS.connect_timeout_ms,
        idle_timeout_ms:
          msOption('--idle-timeout', values['idle-timeout']) ?? DEFAULT_LIMITS.idle_timeout_ms,
        stall_ms: msOption('--stall', values.stall) ?? DEFAULT_LIMITS.stall_ms,
        deadline_ms: msOption('--deadline', values.deadline) ?? DEFAULT_LIMITS.deadline_ms,
      },
      reuseConnection: values['reuse-connection'] ?? false,
      abortAfter,
      json: values.json ?? false,
    },
  };
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

// A flag that looks like it carries a secret gets its own message: a key typed
// on the command line ends up in shell history and in every `ps` listing.
const SECRET_FLAG = /^--?[\w-]*(key|token|secret|password|auth)[\w-]*$/i;

function parseStrict<T extends OptionsConfig>(
  argv: readonly string[],
  options: T,
  command: string,
) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new UsageError(parseErrorText(error, command));
  }
}

/**
 * node:util's messages can span lines and quote the whole argument; rebuild
 * them as one line that names only the option (never a value, which could be a key).
 */
function parseErrorText(error: unknown, command: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const flag = quoted.split(/[ =]/)[0] ?? '';
  const more = `see lasttoken ${command} --help`;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      if (SECRET_FLAG.test(flag)) {
        return `${flag} is not accepted: keys never go on the command line; put the key in an environment variable and pass its name with --api-key-env VAR`;
      }
      return `unknown option ${flag} (${more})`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${shown(quoted)}: ${command} takes only --options (${more})`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(message)
        ? `${flag} is a switch and takes no value`
        : `${flag} needs a value (a value starting with "-" is written ${flag}=-...)`;
    default:
      return message.split('\n')[0] ?? message;
  }
}

/**
 * A value echoed in an error message. Long values are described, not shown:
 * an argument in the wrong place might be a key.
 */
function shown(value: string): string {
  return value.length <= 24 ? `"${value}"` : `(a ${value.length}-character value)`;
}

function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError(`${flag} is required (see lasttoken probe --help)`);
  return value;
}

function choice<T extends string>(
  flag: string,
  value: string | undefined,
  choices: readonly T[],
): T | null {
  if (value === undefined) return null;
  const found = choices.find((c) => c === value);
  if (found === undefined)
    throw new UsageError(`${flag} must be one of ${choices.join(', ')}; got ${shown(value)}`);
  return found;
}

function integerOption(
  flag: string,
  value: string | undefined,
  min: number,
  max: number,
): number | null {
  if (value === undefined) return null;
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max}; got ${shown(value)}`,
    );
  }
  return n;
}

/** A duration given in seconds (decimals allowed), as milliseconds. */
function msOption(flag: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const s = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!(s > 0 && s <= MAX_SECONDS)) {
    throw new UsageError(
      `${flag} is in seconds and must be above 0 and at most ${MAX_SECONDS}; got ${shown(value)}`,
    );
  }
  return Math.round(s * 1000);
}

// RFC 9110 token characters: what Node accepts as a header name.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A credential in --header would sit in shell history and `ps` like a key flag.
const CREDENTIAL_HEADER = /auth|key|token|secret|cookie|signature|password/i;

function headers(specs: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const spec of specs) {
    const colon = spec.indexOf(':');
    const name = spec.slice(0, colon).trim();
    const value = spec.slice(colon + 1).trim();
    // The value is never echoed: headers are where keys travel.
    if (colon < 0 || !HEADER_NAME.test(name)) {
      throw new UsageError(
        '--header must look like Name:Value (e.g. --header "OpenAI-Organization:org-123")',
      );
    }
    if (CREDENTIAL_HEADER.test(name)) {
      throw new UsageError(
        `--header ${name} would carry a credential on the command line: pass the key with --api-key-env VAR instead`,
      );
    }
    if (/[\r\n\0]/.test(value))
      throw new UsageError(`--header ${name}: the value contains a line break or NUL`);
    result[name] = value;
  }
  return result;
}

// Conventional variable names are upper case; keys almost never are, so only
// such a name is repeated back (someone may have passed the key itself).
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CONVENTIONAL_ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

function apiKeyFrom(env: Env, name: string): string {
  if (!ENV_NAME.test(name)) {
    throw new UsageError(
      '--api-key-env takes the NAME of an environment variable (e.g. OPENAI_API_KEY), not the key itself',
    );
  }
  const key = env[name]?.trim();
  if (!key) {
    const which = CONVENTIONAL_ENV_NAME.test(name)
      ? `$${name}`
      : 'the variable named by --api-key-env';
    throw new UsageError(
      `${which} is not set or empty: export the key in it first, or leave out --api-key-env`,
    );
  }
  return key;
}
