// Parsing of the commands that work on the history database: profiles and
// their keys, runs, the history, one run, CSV export. Like args.ts, every bad
// argument ends here as a one-line UsageError; what needs the database (does
// this profile exist?) is checked when the command runs.

import type { ParseArgsConfig } from 'node:util';
import type { ProfileDefaults } from '../../shared/run';
import { DIALECTS, MODES, type Mode } from '../../shared/trial';
import { CSV_KINDS, type CsvKind } from '../export';
import type { Limits } from '../probe';
import type { ProfileDraft } from '../profiles';
import type { ProfilePatch } from '../store';
import {
  MAX_TOKENS,
  MAX_TRIALS,
  PROBE_DEFAULTS,
  UsageError,
  choice,
  headerOptions,
  integerOption,
  LIMIT_OPTIONS,
  limitFlags,
  parseStrict,
  required,
  shown,
} from './options';

export const STORE_COMMANDS = ['profile', 'run', 'history', 'show', 'export'] as const;
type StoreCommandName = (typeof STORE_COMMANDS)[number];
export type StoreHelpTopic = StoreCommandName;

export const PROFILE_SUBCOMMANDS = [
  'add',
  'list',
  'edit',
  'remove',
  'set-key',
  'delete-key',
] as const;

/** Which database, and how to answer. */
export interface StoreTarget {
  /** --db; null: LASTTOKEN_DB, else the desktop app's file. */
  db: string | null;
  json: boolean;
}

export interface RunOptions {
  /** Profile ids or names, in the order given. */
  profiles: string[];
  modes: Mode[];
  trials: number;
  /** Null: the profiles' default, else PROBE_DEFAULTS.maxTokens. */
  maxTokens: number | null;
  prompt: string;
  warmup: boolean;
  /** Only the limits given on the command line; the rest come from the profiles or defaults. */
  limits: Partial<Limits>;
  reuseConnection: boolean;
  /** Never ask the keychain: every profile runs without a key. */
  withoutKeys: boolean;
}

export interface HistoryOptions {
  /** Profile id or name. */
  profile: string | null;
  model: string | null;
  /** ISO instants: `since` inclusive, `until` exclusive. */
  since: string | null;
  until: string | null;
  limit: number;
}

export type StoreCommand =
  | { kind: 'profile-add'; target: StoreTarget; draft: ProfileDraft }
  | { kind: 'profile-list'; target: StoreTarget }
  | { kind: 'profile-edit'; target: StoreTarget; profile: string; patch: ProfilePatch }
  | { kind: 'profile-remove'; target: StoreTarget; profile: string }
  | { kind: 'profile-set-key'; target: StoreTarget; profile: string; fromEnv: string | null }
  | { kind: 'profile-delete-key'; target: StoreTarget; profile: string }
  | { kind: 'run'; target: StoreTarget; options: RunOptions }
  | { kind: 'history'; target: StoreTarget; filter: HistoryOptions }
  | { kind: 'show'; target: StoreTarget; run: string }
  | {
      kind: 'export';
      target: StoreTarget;
      run: string;
      csv: CsvKind;
      /** The file to write; null: standard output (--out -). */
      out: string | null;
      bom: boolean;
    };

type HelpRequest = { kind: 'help'; topic: StoreHelpTopic };

export const HISTORY_DEFAULT_LIMIT = 20;
const MAX_HISTORY_LIMIT = 10_000;

/** Where keys go instead of the command line, for every command here. */
const KEY_HINT =
  'store it in the OS keychain with lasttoken profile set-key ID, which reads it from stdin or --from-env VAR';

const TARGET_OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const PROFILE_FIELDS = {
  name: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  dialect: { type: 'string' },
  header: { type: 'string', multiple: true },
  'max-tokens': { type: 'string' },
  notes: { type: 'string' },
  'allow-insecure-key': { type: 'boolean' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const PROFILE_EDIT = {
  ...PROFILE_FIELDS,
  'clear-headers': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

const SET_KEY = {
  'from-env': { type: 'string' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const RUN = {
  profiles: { type: 'string' },
  modes: { type: 'string' },
  trials: { type: 'string' },
  'max-tokens': { type: 'string' },
  prompt: { type: 'string' },
  warmup: { type: 'boolean' },
  ...LIMIT_OPTIONS,
  'reuse-connection': { type: 'boolean' },
  'without-keys': { type: 'boolean' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const HISTORY = {
  profile: { type: 'string' },
  model: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  limit: { type: 'string' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const EXPORT = {
  kind: { type: 'string' },
  out: { type: 'string' },
  bom: { type: 'boolean' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

export function parseStoreCommand(
  name: StoreCommandName,
  argv: readonly string[],
): StoreCommand | HelpRequest {
  switch (name) {
    case 'profile':
      return parseProfile(argv);
    case 'run':
      return parseRun(argv);
    case 'history':
      return parseHistory(argv);
    case 'show':
      return parseShow(argv);
    case 'export':
      return parseExport(argv);
  }
}

function target(values: { db?: string; json?: boolean }): StoreTarget {
  if (values.db !== undefined && values.db.trim() === '') {
    throw new UsageError('--db needs the path of a database file');
  }
  return { db: values.db ?? null, json: values.json ?? false };
}

/** The one positional argument (a profile or run id), or a message naming what is missing. */
function positional(positionals: readonly string[], what: string, command: string): string {
  const value = positionals[0];
  if (value === undefined || value.trim() === '') {
    throw new UsageError(`${command} needs ${what} (see lasttoken ${command} --help)`);
  }
  return value.trim();
}

function parseProfile(argv: readonly string[]): StoreCommand | HelpRequest {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    return { kind: 'help', topic: 'profile' };
  }
  const found = PROFILE_SUBCOMMANDS.find((s) => s === sub);
  if (found === undefined) {
    throw new UsageError(
      `unknown profile command ${shown(sub)}: use ${PROFILE_SUBCOMMANDS.join(', ')} (see lasttoken profile --help)`,
    );
  }
  const command = `profile ${found}`;
  const profileArg = (positionals: readonly string[]): string =>
    positional(
      positionals,
      "the profile's id or name (lasttoken profile list shows them)",
      command,
    );

  switch (found) {
    case 'add': {
      const { values } = parseStrict(rest, PROFILE_FIELDS, command, { keyHint: KEY_HINT });
      if (values.help) return { kind: 'help', topic: 'profile' };
      const headers = headerOptions(values.header ?? [], KEY_HINT);
      const maxTokens = integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS);
      return {
        kind: 'profile-add',
        target: target(values),
        draft: {
          name: required('--name', values.name, 'profile'),
          base_url: required('--base-url', values['base-url'], 'profile'),
          model: required('--model', values.model, 'profile'),
          dialect: choice('--dialect', values.dialect, DIALECTS) ?? PROBE_DEFAULTS.dialect,
          headers,
          defaults: maxTokens === null ? {} : { max_tokens: maxTokens },
          notes: values.notes ?? '',
          allow_insecure_key: values['allow-insecure-key'] ?? false,
        },
      };
    }
    case 'list': {
      const { values } = parseStrict(rest, TARGET_OPTIONS, command, { keyHint: KEY_HINT });
      if (values.help) return { kind: 'help', topic: 'profile' };
      return { kind: 'profile-list', target: target(values) };
    }
    case 'edit': {
      const { values, positionals } = parseStrict(rest, PROFILE_EDIT, command, {
        keyHint: KEY_HINT,
        positionals: 1,
        allowNegative: true,
      });
      if (values.help) return { kind: 'help', topic: 'profile' };
      const profile = profileArg(positionals);
      if (values.header !== undefined && values['clear-headers']) {
        throw new UsageError(
          '--header replaces the headers and --clear-headers removes them: give one of them',
        );
      }
      const maxTokens = integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS);
      const nonEmpty = (flag: string, value: string | undefined): string | undefined => {
        if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} is empty`);
        return value;
      };
      const patch: ProfilePatch = {
        name: nonEmpty('--name', values.name),
        base_url: nonEmpty('--base-url', values['base-url']),
        model: nonEmpty('--model', values.model),
        dialect: choice('--dialect', values.dialect, DIALECTS) ?? undefined,
        headers:
          values.header !== undefined
            ? headerOptions(values.header, KEY_HINT)
            : values['clear-headers']
              ? {}
              : undefined,
        notes: values.notes,
        allow_insecure_key: values['allow-insecure-key'],
      };
      // Defaults are merged with the profile's when the command runs: only max_tokens is set here.
      const defaults: ProfileDefaults | undefined =
        maxTokens === null ? undefined : { max_tokens: maxTokens };
      if (defaults) patch.defaults = defaults;
      if (Object.values(patch).every((v) => v === undefined)) {
        throw new UsageError(
          'nothing to change: give at least one of --name, --base-url, --model, --dialect, --header, ' +
            '--clear-headers, --max-tokens, --notes, --allow-insecure-key, --no-allow-insecure-key',
        );
      }
      return { kind: 'profile-edit', target: target(values), profile, patch };
    }
    case 'remove':
    case 'delete-key': {
      const { values, positionals } = parseStrict(rest, TARGET_OPTIONS, command, {
        keyHint: KEY_HINT,
        positionals: 1,
      });
      if (values.help) return { kind: 'help', topic: 'profile' };
      return {
        kind: found === 'remove' ? 'profile-remove' : 'profile-delete-key',
        target: target(values),
        profile: profileArg(positionals),
      };
    }
    case 'set-key': {
      const { values, positionals } = parseStrict(rest, SET_KEY, command, {
        keyHint:
          'set-key reads the key from stdin (printf %s "$KEY" | lasttoken profile set-key ID) or from --from-env VAR',
        positionals: 1,
      });
      if (values.help) return { kind: 'help', topic: 'profile' };
      return {
        kind: 'profile-set-key',
        target: target(values),
        profile: profileArg(positionals),
        fromEnv: values['from-env'] ?? null,
      };
    }
  }
}

function parseRun(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values } = parseStrict(argv, RUN, 'run', { keyHint: KEY_HINT });
  if (values.help) return { kind: 'help', topic: 'run' };
  const profiles = list(required('--profiles', values.profiles, 'run'));
  if (profiles.length === 0) {
    throw new UsageError('--profiles needs at least one profile id or name, separated by commas');
  }
  const prompt = values.prompt ?? PROBE_DEFAULTS.prompt;
  if (prompt.trim() === '') throw new UsageError('--prompt is empty');
  return {
    kind: 'run',
    target: target(values),
    options: {
      profiles,
      modes: modesOption(values.modes),
      trials: integerOption('--trials', values.trials, 1, MAX_TRIALS) ?? PROBE_DEFAULTS.trials,
      maxTokens: integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS),
      prompt,
      warmup: values.warmup ?? false,
      limits: limitFlags(values),
      reuseConnection: values['reuse-connection'] ?? false,
      withoutKeys: values['without-keys'] ?? false,
    },
  };
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `stream,plain` (the order each round runs them), or `both`. */
function modesOption(value: string | undefined): Mode[] {
  if (value === undefined || value.trim() === 'both') return [...MODES];
  const modes = list(value);
  if (modes.length === 0) throw new UsageError('--modes needs stream, plain or both');
  const result: Mode[] = [];
  for (const mode of modes) {
    const found = choice('--modes', mode, MODES);
    if (found === null) continue;
    if (result.includes(found)) throw new UsageError(`--modes lists ${found} twice`);
    result.push(found);
  }
  return result;
}

function parseHistory(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values } = parseStrict(argv, HISTORY, 'history', { keyHint: KEY_HINT });
  if (values.help) return { kind: 'help', topic: 'history' };
  const since = dateOption('--since', values.since, 'start');
  const until = dateOption('--until', values.until, 'end');
  if (since !== null && until !== null && since >= until) {
    throw new UsageError('--since must be before --until');
  }
  const text = (flag: string, value: string | undefined): string | null => {
    if (value === undefined) return null;
    if (value.trim() === '') throw new UsageError(`${flag} is empty`);
    return value.trim();
  };
  return {
    kind: 'history',
    target: target(values),
    filter: {
      profile: text('--profile', values.profile),
      model: text('--model', values.model),
      since,
      until,
      limit: integerOption('--limit', values.limit, 1, MAX_HISTORY_LIMIT) ?? HISTORY_DEFAULT_LIMIT,
    },
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date as an ISO instant for the runs filter. A day alone is a local day:
 * `--since` from its start, `--until` through its end. A time without zone is
 * local time; `--until` includes that instant.
 */
function dateOption(flag: string, value: string | undefined, edge: 'start' | 'end'): string | null {
  if (value === undefined) return null;
  const text = value.trim();
  const invalid = (): UsageError =>
    new UsageError(
      `${flag} takes a date like 2025-01-31 or 2025-01-31T14:30 (local time; add Z or +01:00 for another zone); got ${shown(value)}`,
    );
  const day = DATE_ONLY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(year, month - 1, date);
    if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date)
      throw invalid();
    const instant = edge === 'start' ? start : new Date(year, month - 1, date + 1);
    return instant.toISOString();
  }
  if (!DATE_TIME.test(text)) throw invalid();
  const instant = new Date(text.replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) throw invalid();
  // The runs filter's upper bound is exclusive: one millisecond on makes the instant itself count.
  return new Date(instant.getTime() + (edge === 'end' ? 1 : 0)).toISOString();
}

function parseShow(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values, positionals } = parseStrict(argv, TARGET_OPTIONS, 'show', {
    keyHint: KEY_HINT,
    positionals: 1,
  });
  if (values.help) return { kind: 'help', topic: 'show' };
  return {
    kind: 'show',
    target: target(values),
    run: positional(positionals, 'a run id (lasttoken history lists them)', 'show'),
  };
}

function parseExport(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values, positionals } = parseStrict(argv, EXPORT, 'export', {
    keyHint: KEY_HINT,
    positionals: 1,
  });
  if (values.help) return { kind: 'help', topic: 'export' };
  const run = positional(positionals, 'a run id (lasttoken history lists them)', 'export');
  const csv = choice('--kind', required('--kind', values.kind, 'export'), CSV_KINDS);
  const out = required('--out', values.out, 'export');
  const toStdout = out === '-';
  if (toStdout && values.json) {
    throw new UsageError(
      '--json cannot go with --out -: standard output carries the CSV (leave out --json, or write to a file)',
    );
  }
  return {
    kind: 'export',
    target: target(values),
    run,
    csv: csv ?? 'summary',
    out: toStdout ? null : out,
    bom: values.bom ?? false,
  };
}
