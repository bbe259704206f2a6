// The building blocks of argument parsing, shared by every command: strict
// parsing with one-line errors, and checked values (choices, whole numbers,
// seconds). Nothing here echoes a value that might be a key.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  DEFAULT_MAX_TOKENS,
  DEFAULT_PROMPT,
  DEFAULT_TRIALS,
  MAX_TOKENS,
  MAX_RPM,
  MAX_TRIALS,
  PROFILE_COLORS,
  type RunLimits,
} from '../../shared/run';
import { formatDuration, parseDuration } from '../../shared/duration';
import { isReaderPace, MAX_READER_PACE_TPS, MIN_READER_PACE_TPS } from '../../shared/reader';
import type { Dialect } from '../../shared/trial';
import { HeaderError, parseHeaderSpec } from '../profiles';

/** Bad arguments or configuration: the CLI prints the message and exits with 2. */
export class UsageError extends Error {}

export type Env = Readonly<Record<string, string | undefined>>;

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export const PROBE_DEFAULTS = {
  dialect: 'openai-chat' as Dialect,
  mode: 'both' as 'stream' | 'plain' | 'both',
  trials: DEFAULT_TRIALS,
  maxTokens: DEFAULT_MAX_TOKENS,
  prompt: DEFAULT_PROMPT,
};

export { MAX_TOKENS, MAX_TRIALS };
const MAX_SECONDS = 86_400;

// A flag that looks like it carries a secret gets its own message: a key typed
// on the command line ends up in shell history and in every `ps` listing.
const SECRET_FLAG = /^--?[\w-]*(key|token|secret|password|auth)[\w-]*$/i;

export interface StrictOptions {
  /** How many positional arguments the command takes (default none). */
  positionals?: number;
  /** Where a key goes instead of the command line, for the message about a key-like flag. */
  keyHint?: string;
  /** Accept --no-FLAG for boolean flags. */
  allowNegative?: boolean;
}

export const PROBE_KEY_HINT =
  'put the key in an environment variable and pass its name with --api-key-env VAR';

export function parseStrict<T extends OptionsConfig>(
  argv: readonly string[],
  options: T,
  command: string,
  strict: StrictOptions = {},
) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options,
      strict: true,
      allowPositionals: (strict.positionals ?? 0) > 0,
      allowNegative: strict.allowNegative ?? false,
    });
  } catch (error) {
    throw new UsageError(parseErrorText(error, command, strict.keyHint ?? PROBE_KEY_HINT));
  }
  const max = strict.positionals ?? 0;
  const extra = parsed.positionals[max];
  if (max > 0 && extra !== undefined) {
    throw new UsageError(
      `unexpected argument ${shown(extra)}: ${command} takes ${max === 1 ? 'one argument' : `${max} arguments`} besides its --options (see lasttoken ${command} --help)`,
    );
  }
  return parsed;
}

/**
 * node:util's messages can span lines and quote the whole argument; rebuild
 * them as one line that names only the option (never a value, which could be a key).
 */
function parseErrorText(error: unknown, command: string, keyHint: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const flag = quoted.split(/[ =]/)[0] ?? '';
  const more = `see lasttoken ${command} --help`;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      if (SECRET_FLAG.test(flag)) {
        return `${flag} is not accepted: keys never go on the command line; ${keyHint}`;
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
export function shown(value: string): string {
  return value.length <= 24 ? `"${value}"` : `(a ${value.length}-character value)`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A profile or run reference echoed back: ids as they are, anything long described (it may be a key). */
export function shownRef(value: string): string {
  return UUID.test(value) ? `"${value}"` : shown(value);
}

export function required(flag: string, value: string | undefined, command: string): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError(`${flag} is required (see lasttoken ${command} --help)`);
  return value;
}

export function choice<T extends string>(
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

export function integerOption(
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

/** A duration given in seconds (decimals allowed), as whole milliseconds: timers have no finer grain. */
export function msOption(flag: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const s = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!(s >= 0.001 && s <= MAX_SECONDS)) {
    throw new UsageError(
      `${flag} is in seconds and must be from 0.001 (1 ms) to ${MAX_SECONDS}; got ${shown(value)}`,
    );
  }
  return Math.round(s * 1000);
}

/**
 * A duration as people write it (`90s`, `2m`, `1h30m`, `500ms`; a bare number
 * is seconds, like the limits' flags), in milliseconds from `minMs` to `maxMs`.
 */
export function durationOption(
  flag: string,
  value: string | undefined,
  minMs: number,
  maxMs: number,
): number | null {
  if (value === undefined) return null;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) * 1000 : null;
  const ms = seconds === null ? parseDuration(value) : Math.round(seconds);
  if (ms === null || ms < minMs || ms > maxMs) {
    throw new UsageError(
      `${flag} takes a duration like 90s, 2m or 1h30m (a bare number is seconds) from ${formatDuration(minMs)} to ${formatDuration(maxMs)}; got ${shown(value)}`,
    );
  }
  return ms;
}

/** `--max-rpm N`, calls per minute (probe, profile add/edit); 0 is no pacing (edit removes it). */
export function maxRpmOption(value: string | undefined): number | null {
  return integerOption('--max-rpm', value, 0, MAX_RPM);
}

/** `--color N` (profile add/edit): the palette slot every chart draws the profile in. */
export function colorOption(value: string | undefined): { color?: number } {
  const color = integerOption('--color', value, 0, PROFILE_COLORS - 1);
  return color === null ? {} : { color };
}

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
// One response's size has to fit in memory to be decoded at all.
const MAX_SIZE_BYTES = 64 * 1024 ** 3;
const MAX_TEXT_CHARS = 1_000_000_000;

/** A size in bytes: a whole number, optionally with K, M or G (1024, 1024², 1024³; "16M", "16MiB"). */
export function sizeOption(flag: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*(\d+)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(value);
  const bytes = match ? Number(match[1]) * (SIZE_UNITS[match[2]?.toLowerCase() ?? ''] ?? NaN) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > MAX_SIZE_BYTES) {
    throw new UsageError(
      `${flag} is a size in bytes, with K, M or G for KiB, MiB, GiB (e.g. 16M), from 1 to 64G; got ${shown(value)}`,
    );
  }
  return bytes;
}

/** `--reader-pace N`: the reading pace (tokens/s, decimals allowed) of the reader metrics. */
export function readerPaceOption(value: string | undefined): number | null {
  if (value === undefined) return null;
  const pace = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!isReaderPace(pace)) {
    throw new UsageError(
      `--reader-pace is tokens per second, from ${MIN_READER_PACE_TPS} to ${MAX_READER_PACE_TPS}; got ${shown(value)}`,
    );
  }
  return pace;
}

/** The per-trial limits as flags, shared by probe and run. */
export const LIMIT_OPTIONS = {
  'connect-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
  stall: { type: 'string' },
  deadline: { type: 'string' },
  'max-event-bytes': { type: 'string' },
  'max-response-bytes': { type: 'string' },
  'max-text-chars': { type: 'string' },
  'reader-pace': { type: 'string' },
} as const satisfies OptionsConfig;

/** Only the limits the command line gives; the caller decides where the others come from. */
export function limitFlags(
  values: Partial<Record<keyof typeof LIMIT_OPTIONS, string>>,
): Partial<RunLimits> {
  const given: Record<keyof RunLimits, number | null> = {
    connect_timeout_ms: msOption('--connect-timeout', values['connect-timeout']),
    idle_timeout_ms: msOption('--idle-timeout', values['idle-timeout']),
    stall_ms: msOption('--stall', values.stall),
    deadline_ms: msOption('--deadline', values.deadline),
    max_event_bytes: sizeOption('--max-event-bytes', values['max-event-bytes']),
    max_response_bytes: sizeOption('--max-response-bytes', values['max-response-bytes']),
    max_text_chars: integerOption('--max-text-chars', values['max-text-chars'], 1, MAX_TEXT_CHARS),
    reader_pace_tps: readerPaceOption(values['reader-pace']),
  };
  const limits: Partial<RunLimits> = {};
  for (const [name, value] of Object.entries(given) as [keyof RunLimits, number | null][]) {
    if (value !== null) limits[name] = value;
  }
  return limits;
}

// Conventional variable names are upper case; keys almost never are, so only
// such a name is repeated back (someone may have passed the key itself).
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CONVENTIONAL_ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** The key in the environment variable `name` (trimmed), named by `flag`. */
export function keyFromEnv(env: Env, name: string, flag: string, ifUnset: string): string {
  if (!ENV_NAME.test(name)) {
    throw new UsageError(
      `${flag} takes the NAME of an environment variable (e.g. OPENAI_API_KEY), not the key itself`,
    );
  }
  const key = env[name]?.trim();
  if (!key) {
    const which = CONVENTIONAL_ENV_NAME.test(name) ? `$${name}` : `the variable named by ${flag}`;
    throw new UsageError(`${which} is not set or empty: ${ifUnset}`);
  }
  return key;
}

/** `--header Name:Value` flags as headers; `keyHint` says where a credential goes instead. */
export function headerOptions(specs: readonly string[], keyHint: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const spec of specs) {
    try {
      const [name, value] = parseHeaderSpec(spec);
      result[name] = value;
    } catch (error) {
      if (!(error instanceof HeaderError)) throw error;
      // The value is never echoed: headers are where keys travel.
      const { problem } = error;
      throw new UsageError(
        problem.kind === 'format'
          ? '--header must look like Name:Value (e.g. --header "OpenAI-Organization:org-123")'
          : problem.kind === 'credential'
            ? `--header ${problem.name} would carry a credential on the command line: ${keyHint}`
            : `--header ${problem.name}: the value contains a line break or NUL`,
      );
    }
  }
  return result;
}
