// Parsing of the commands that work on the history database: profiles and
// their keys, runs, the history, one run, CSV export. Like args.ts, every bad
// argument ends here as a one-line UsageError; what needs the database (does
// this profile exist?) is checked when the command runs.

import type { ParseArgsConfig } from 'node:util';
import {
  LANGUAGES,
  REPORT_FORMATS,
  REPORT_THEMES,
  type Language,
  type ReportFormat,
  type ReportTheme,
} from '../../shared/api';
import type { SharedParams } from '../../shared/request-params';
import {
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  MAX_LABEL_CHARS,
  MAX_REPEAT,
  MAX_REPEAT_EVERY_MS,
  MAX_RETRY_WAIT_MS,
  type CachePolicy,
  type ProfileDefaults,
} from '../../shared/run';
import { DIALECTS, MODES, type Mode } from '../../shared/trial';
import { CSV_KINDS } from '../export';
import type { Limits } from '../probe';
import type { ProfileDraft, ProfileSecretsDraft } from '../profiles';
import { findPreset, PROVIDER_PRESETS } from '../../shared/presets';
import type { ProfilePatch } from '../store';
import {
  MAX_TOKENS,
  MAX_TRIALS,
  PROBE_DEFAULTS,
  UsageError,
  choice,
  colorOption,
  durationOption,
  headerOptions,
  integerOption,
  LIMIT_OPTIONS,
  limitFlags,
  readerPaceOption,
  maxRpmOption,
  parseStrict,
  required,
  shown,
} from './options';
import {
  REQUEST_SHAPE_CLEAR_OPTIONS,
  REQUEST_SHAPE_OPTIONS,
  requestShapeDraft,
  requestShapePatch,
} from './request-shape-args';
import {
  paramsChange,
  REQUEST_PARAM_OPTIONS,
  requestParamsFlags,
  sharedParamsFlags,
  SHARED_PARAM_OPTIONS,
  type ParamsChange,
} from './request-params-args';
import { PROMPT_OPTIONS, promptFlags } from './prompt-args';

export const STORE_COMMANDS = [
  'profile',
  'run',
  'history',
  'show',
  'export',
  'report',
  'import',
] as const;
type StoreCommandName = (typeof STORE_COMMANDS)[number];
export type StoreHelpTopic = StoreCommandName;

export const PROFILE_SUBCOMMANDS = [
  'add',
  'list',
  'edit',
  'remove',
  'set-key',
  'delete-key',
  'export',
  'import',
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
  /** A synthetic prompt of each of these lengths around `prompt` (several: a sweep); none: `prompt` as it is. */
  inputTokens: number[];
  cache: CachePolicy;
  warmup: boolean;
  /** Only the limits given on the command line; the rest come from the profiles or defaults. */
  limits: Partial<Limits>;
  reuseConnection: boolean;
  /** Never ask the keychain: every profile runs without a key. */
  withoutKeys: boolean;
  /** The longest wait a Retry-After may impose (RunConfig.max_retry_wait_ms). */
  maxRetryWaitMs: number;
  /** Failed trials in a row after which a profile stops; 0: never. */
  giveUpAfter: number;
  /** Where the run is measured (a machine, a city), kept with the run. */
  label: string | null;
  /** --system, --temperature, --top-p, --seed, --stop: sent by every profile, over its own. */
  params: SharedParams | undefined;
  /** --repeat N: how many runs, one series. */
  repeat: number;
  /** --every: from one repetition's start to the next's (0: each right after the previous). */
  everyMs: number;
}

export interface HistoryOptions {
  /** Profile id or name. */
  profile: string | null;
  model: string | null;
  /** ISO instants: `since` inclusive, `until` exclusive. */
  since: string | null;
  until: string | null;
  /** The repetitions of one series. */
  series: string | null;
  limit: number;
}

export type StoreCommand =
  | { kind: 'profile-add'; target: StoreTarget; draft: ProfileDraft & ProfileSecretsDraft }
  | { kind: 'profile-list'; target: StoreTarget }
  | {
      kind: 'profile-edit';
      target: StoreTarget;
      profile: string;
      patch: ProfilePatch & ProfileSecretsDraft;
      /** The request parameters given, merged with the profile's when the command runs; null: none given. */
      params: ParamsChange | null;
    }
  /** The saved profiles as a profile file; out null: standard output. */
  | { kind: 'profile-export'; target: StoreTarget; out: string | null }
  | { kind: 'profile-import'; target: StoreTarget; file: string }
  | { kind: 'profile-remove'; target: StoreTarget; profile: string }
  | { kind: 'profile-set-key'; target: StoreTarget; profile: string; fromEnv: string | null }
  | { kind: 'profile-delete-key'; target: StoreTarget; profile: string }
  | { kind: 'run'; target: StoreTarget; options: RunOptions }
  | { kind: 'history'; target: StoreTarget; filter: HistoryOptions }
  | {
      kind: 'show';
      target: StoreTarget;
      run: string;
      /** --reader-pace: the reader metrics recomputed at this pace; null: as measured. */
      readerPace: number | null;
    }
  | {
      kind: 'export';
      target: StoreTarget;
      run: string;
      /** As for show; CSV only (a run file carries what was measured). */
      readerPace: number | null;
      /** A CSV, or the run file (json). */
      format: ExportKind;
      /** The file to write; null: standard output (--out -). */
      out: string | null;
      bom: boolean;
    }
  | {
      kind: 'report';
      target: StoreTarget;
      /** The runs named, as given (ids or their starts); empty with a series. */
      runs: string[];
      /** --series: a series' id or its start; null: the runs named. */
      series: string | null;
      /** The file to write; null: the default name in this folder; '-': standard output. */
      out: string | null;
      format: ReportFormat;
      language: Language;
      theme: ReportTheme;
      /** As for show: null, each run at its own pace. */
      readerPace: number | null;
    }
  | { kind: 'import'; target: StoreTarget; files: string[]; label: string | null };

type HelpRequest = { kind: 'help'; topic: StoreHelpTopic };

export const HISTORY_DEFAULT_LIMIT = 20;

/** What `export --kind` writes: a CSV, or the run file that `import` reads. */
export const EXPORT_KINDS = [...CSV_KINDS, 'json'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

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
  'max-rpm': { type: 'string' },
  notes: { type: 'string' },
  color: { type: 'string' },
  'allow-insecure-key': { type: 'boolean' },
  ...REQUEST_SHAPE_OPTIONS,
  ...REQUEST_PARAM_OPTIONS,
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const PROFILE_ADD = {
  ...PROFILE_FIELDS,
  preset: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

const PROFILE_EDIT = {
  ...PROFILE_FIELDS,
  'clear-headers': { type: 'boolean' },
  ...REQUEST_SHAPE_CLEAR_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const PROFILE_EXPORT = {
  out: { type: 'string' },
  ...TARGET_OPTIONS,
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
  ...PROMPT_OPTIONS,
  warmup: { type: 'boolean' },
  ...LIMIT_OPTIONS,
  'reuse-connection': { type: 'boolean' },
  'without-keys': { type: 'boolean' },
  'max-retry-wait': { type: 'string' },
  'give-up-after': { type: 'string' },
  label: { type: 'string' },
  repeat: { type: 'string' },
  every: { type: 'string' },
  ...SHARED_PARAM_OPTIONS,
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const HISTORY = {
  profile: { type: 'string' },
  model: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  series: { type: 'string' },
  limit: { type: 'string' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const SHOW = {
  'reader-pace': { type: 'string' },
  ...TARGET_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

const EXPORT = {
  kind: { type: 'string' },
  out: { type: 'string' },
  bom: { type: 'boolean' },
  ...SHOW,
} as const satisfies ParseArgsConfig['options'];

const REPORT = {
  series: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  lang: { type: 'string' },
  theme: { type: 'string' },
  ...SHOW,
} as const satisfies ParseArgsConfig['options'];

const IMPORT = {
  label: { type: 'string' },
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
    case 'report':
      return parseReport(argv);
    case 'import':
      return parseImport(argv);
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
      const { values } = parseStrict(rest, PROFILE_ADD, command, {
        keyHint: KEY_HINT,
        allowNegative: true,
      });
      if (values.help) return { kind: 'help', topic: 'profile' };
      const headers = headerOptions(values.header ?? [], KEY_HINT);
      const maxTokens = integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS);
      const maxRpm = maxRpmOption(values['max-rpm']);
      const preset = presetOption(values.preset);
      const model = required('--model', values.model, 'profile');
      const shape = requestShapeDraft(values);
      const dialect =
        choice('--dialect', values.dialect, DIALECTS) ?? preset?.dialect ?? PROBE_DEFAULTS.dialect;
      return {
        kind: 'profile-add',
        target: target(values),
        draft: {
          name: preset
            ? (values.name ?? `${preset.name} ${model}`)
            : required('--name', values.name, 'profile'),
          base_url: preset
            ? (values['base-url'] ?? preset.base_url)
            : required('--base-url', values['base-url'], 'profile'),
          model,
          dialect,
          ...shape,
          ...(preset?.key_header && values['key-header'] === undefined
            ? { key_header: preset.key_header.name, key_prefix: preset.key_header.prefix || null }
            : {}),
          headers,
          defaults: {
            ...(maxTokens === null ? {} : { max_tokens: maxTokens }),
            ...(maxRpm ? { max_rpm: maxRpm } : {}),
          },
          notes: values.notes ?? '',
          ...colorOption(values.color),
          allow_insecure_key: values['allow-insecure-key'] ?? false,
          params: requestParamsFlags(values, dialect, preset?.params),
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
      const patch: ProfilePatch & ProfileSecretsDraft = {
        ...requestShapePatch(values),
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
        ...colorOption(values.color),
        allow_insecure_key: values['allow-insecure-key'],
      };
      // Defaults are merged with the profile's when the command runs: only what is given is set
      // here (--max-rpm 0 removes the pacing).
      const maxRpm = maxRpmOption(values['max-rpm']);
      const defaults: ProfileDefaults = {
        ...(maxTokens === null ? {} : { max_tokens: maxTokens }),
        ...(maxRpm === null ? {} : { max_rpm: maxRpm || undefined }),
      };
      if (Object.keys(defaults).length > 0) patch.defaults = defaults;
      const change = paramsChange(values);
      const params = Object.keys(change.set).length + change.clear.length > 0 ? change : null;
      if (params === null && Object.values(patch).every((v) => v === undefined)) {
        throw new UsageError(
          'nothing to change: give at least one of --name, --base-url, --model, --dialect, --header, ' +
            '--clear-headers, --max-tokens, --max-rpm, --notes, --color, --allow-insecure-key, --no-allow-insecure-key, ' +
            '--key-header, --key-prefix, --clear-key-header, --query, --clear-query, --key-env, --clear-key-env, ' +
            '--proxy, --no-proxy, --env-proxy, --system, --temperature, --top-p, --seed, --stop, ' +
            '--reasoning-effort, --token-param, --body (an empty value clears one)',
        );
      }
      return { kind: 'profile-edit', target: target(values), profile, patch, params };
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
    case 'export': {
      const { values } = parseStrict(rest, PROFILE_EXPORT, command, { keyHint: KEY_HINT });
      if (values.help) return { kind: 'help', topic: 'profile' };
      const out = values.out ?? '-';
      if (out.trim() === '')
        throw new UsageError('--out needs a file name, or - for standard output');
      if (out === '-' && values.json) {
        throw new UsageError(
          '--json cannot go with standard output: it carries the profile file (leave out --json, or give --out FILE)',
        );
      }
      return { kind: 'profile-export', target: target(values), out: out === '-' ? null : out };
    }
    case 'import': {
      const { values, positionals } = parseStrict(rest, TARGET_OPTIONS, command, {
        keyHint: KEY_HINT,
        positionals: 1,
      });
      if (values.help) return { kind: 'help', topic: 'profile' };
      const file = positional(
        positionals,
        'a profile file (lasttoken profile export --out FILE writes one)',
        command,
      );
      return { kind: 'profile-import', target: target(values), file };
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

/** `--preset NAME`: one of the built-in providers (lasttoken presets lists them). */
function presetOption(value: string | undefined) {
  if (value === undefined) return null;
  const preset = findPreset(value);
  if (!preset) {
    throw new UsageError(
      `unknown preset ${shown(value)}: use one of ${PROVIDER_PRESETS.map((p) => p.id).join(', ')} (lasttoken presets describes them)`,
    );
  }
  return preset;
}

function parseRun(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values } = parseStrict(argv, RUN, 'run', { keyHint: KEY_HINT });
  if (values.help) return { kind: 'help', topic: 'run' };
  const profiles = list(required('--profiles', values.profiles, 'run'));
  if (profiles.length === 0) {
    throw new UsageError('--profiles needs at least one profile id or name, separated by commas');
  }
  const { prompt, inputTokens, cache } = promptFlags(values);
  const repeat = integerOption('--repeat', values.repeat, 1, MAX_REPEAT);
  const everyMs = durationOption('--every', values.every, 1, MAX_REPEAT_EVERY_MS);
  if (everyMs !== null && (repeat === null || repeat < 2)) {
    throw new UsageError('--every spaces the repetitions of --repeat N: give --repeat 2 or more');
  }
  return {
    kind: 'run',
    target: target(values),
    options: {
      profiles,
      modes: modesOption(values.modes),
      trials: integerOption('--trials', values.trials, 1, MAX_TRIALS) ?? PROBE_DEFAULTS.trials,
      maxTokens: integerOption('--max-tokens', values['max-tokens'], 1, MAX_TOKENS),
      prompt,
      inputTokens,
      cache,
      // A warm cache is primed by the warm-ups.
      warmup: (values.warmup ?? false) || cache === 'warm',
      limits: limitFlags(values),
      reuseConnection: values['reuse-connection'] ?? false,
      withoutKeys: values['without-keys'] ?? false,
      maxRetryWaitMs:
        durationOption('--max-retry-wait', values['max-retry-wait'], 0, MAX_RETRY_WAIT_MS) ??
        DEFAULT_MAX_RETRY_WAIT_MS,
      giveUpAfter:
        integerOption('--give-up-after', values['give-up-after'], 0, MAX_TRIALS) ??
        DEFAULT_GIVE_UP_AFTER,
      label: labelOption(values.label),
      params: sharedParamsFlags(values),
      repeat: repeat ?? 1,
      everyMs: everyMs ?? 0,
    },
  };
}

/** Where runs were measured: one line of at most MAX_LABEL_CHARS characters. */
function labelOption(value: string | undefined): string | null {
  if (value === undefined) return null;
  const label = value.trim();
  if (label === '') throw new UsageError('--label is empty');
  // eslint-disable-next-line no-control-regex -- a label is one line of text
  if (label.length > MAX_LABEL_CHARS || /[\u0000-\u001f\u007f]/.test(label)) {
    throw new UsageError(
      `--label takes one line of at most ${MAX_LABEL_CHARS} characters (a machine or a place)`,
    );
  }
  return label;
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
      series: text('--series', values.series),
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
  const { values, positionals } = parseStrict(argv, SHOW, 'show', {
    keyHint: KEY_HINT,
    positionals: 1,
  });
  if (values.help) return { kind: 'help', topic: 'show' };
  return {
    kind: 'show',
    target: target(values),
    run: positional(positionals, 'a run id (lasttoken history lists them)', 'show'),
    readerPace: readerPaceOption(values['reader-pace']),
  };
}

function parseExport(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values, positionals } = parseStrict(argv, EXPORT, 'export', {
    keyHint: KEY_HINT,
    positionals: 1,
  });
  if (values.help) return { kind: 'help', topic: 'export' };
  const run = positional(positionals, 'a run id (lasttoken history lists them)', 'export');
  const format = choice('--kind', required('--kind', values.kind, 'export'), EXPORT_KINDS);
  const out = required('--out', values.out, 'export');
  const toStdout = out === '-';
  if (toStdout && values.json) {
    throw new UsageError(
      `--json cannot go with --out -: standard output carries the ${format === 'json' ? 'run file' : 'CSV'} (leave out --json, or write to a file)`,
    );
  }
  if (format === 'json' && values.bom) {
    throw new UsageError('--bom is for CSV read by Excel; a run file has none');
  }
  if (format === 'json' && values['reader-pace'] !== undefined) {
    throw new UsageError(
      '--reader-pace is for CSV: a run file carries the trials as they were measured (show --reader-pace recomputes)',
    );
  }
  return {
    kind: 'export',
    target: target(values),
    run,
    format: format ?? 'summary',
    out: toStdout ? null : out,
    bom: values.bom ?? false,
    readerPace: readerPaceOption(values['reader-pace']),
  };
}

function parseReport(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values, positionals } = parseStrict(argv, REPORT, 'report', {
    keyHint: KEY_HINT,
    positionals: Infinity,
  });
  if (values.help) return { kind: 'help', topic: 'report' };
  const runs = positionals.map((run) => run.trim()).filter((run) => run !== '');
  const series = values.series?.trim() ?? null;
  if (series === '')
    throw new UsageError('--series needs a series id (lasttoken history shows them)');
  if (series !== null && runs.length > 0) {
    throw new UsageError(
      'report takes runs or --series, not both (a series report shows its newest run)',
    );
  }
  if (series === null && runs.length === 0) {
    throw new UsageError('report needs a run id or --series ID (lasttoken history lists them)');
  }
  if (new Set(runs).size < runs.length) throw new UsageError('report names a run twice');
  const out = values.out ?? null;
  if (out !== null && out.trim() === '')
    throw new UsageError('--out needs a file name, or - for standard output');
  if (out === '-' && values.json) {
    throw new UsageError('--json cannot go with --out -: standard output carries the report');
  }
  return {
    kind: 'report',
    target: target(values),
    runs,
    series,
    out,
    format: choice('--format', values.format, REPORT_FORMATS) ?? 'html',
    language: choice('--lang', values.lang, LANGUAGES) ?? 'en',
    theme: choice('--theme', values.theme, REPORT_THEMES) ?? 'light',
    readerPace: readerPaceOption(values['reader-pace']),
  };
}

function parseImport(argv: readonly string[]): StoreCommand | HelpRequest {
  const { values, positionals } = parseStrict(argv, IMPORT, 'import', {
    keyHint: KEY_HINT,
    positionals: Infinity,
  });
  if (values.help) return { kind: 'help', topic: 'import' };
  const files = positionals.filter((file) => file.trim() !== '');
  if (files.length === 0) {
    throw new UsageError(
      'import needs at least one run file (lasttoken export RUN --kind json --out FILE writes them)',
    );
  }
  return { kind: 'import', target: target(values), files, label: labelOption(values.label) };
}
