// Command-line parsing and validation: argv in, typed options out. Every way an
// argument can be wrong ends here as a UsageError with one line a user can act
// on; nothing past this module sees an unchecked value.

import type { CachePolicy } from '../../shared/run';
import { PROMPT_OPTIONS, promptFlags } from './prompt-args';
import type { RequestParams } from '../../shared/request-params';
import { REQUEST_PARAM_OPTIONS, requestParamsFlags } from './request-params-args';
import type { ParseArgsConfig } from 'node:util';
import { DEFAULT_MAX_RETRY_WAIT_MS, MAX_RETRY_WAIT_MS } from '../../shared/run';
import { DIALECTS, MODES, type Mode } from '../../shared/trial';
import { DEFAULT_LIMITS, type EndpointSpec, type Limits } from '../probe';
import {
  MAX_TOKENS,
  MAX_TRIALS,
  PROBE_DEFAULTS,
  UsageError,
  choice,
  durationOption,
  headerOptions,
  integerOption,
  LIMIT_OPTIONS,
  limitFlags,
  maxRpmOption,
  parseStrict,
  required,
  shown,
  type Env,
} from './options';
import { DEFAULT_WEB_HOST, isWildcardHost } from '../web';
import { parseModels, type ModelsCommand } from './models-args';
import { keyFromFlags, REQUEST_SHAPE_OPTIONS, shapeEndpoint } from './request-shape-args';
import {
  parseStoreCommand,
  STORE_COMMANDS,
  type StoreCommand,
  type StoreHelpTopic,
  type StoreTarget,
} from './store-args';

export { PROBE_DEFAULTS, UsageError, type Env } from './options';

const MODE_CHOICES = ['stream', 'plain', 'both'] as const;

/** A fixed default port, so the example commands the simulator prints stay the same between runs. */
export const SIM_DEFAULT_PORT = 8787;

export interface ProbeOptions {
  endpoint: EndpointSpec;
  /** Modes in the order each round runs them. */
  modes: Mode[];
  trials: number;
  maxTokens: number;
  prompt: string;
  /** A synthetic prompt of each of these lengths around `prompt` (several: a sweep); none: `prompt` as it is. */
  inputTokens: number[];
  cache: CachePolicy;
  /** What each request says besides the prompt, checked for the dialect. */
  params: RequestParams;
  limits: Limits;
  reuseConnection: boolean;
  abortAfter: number | null;
  /** Calls per minute at most; null: as fast as the trials go. */
  maxRpm: number | null;
  /** The longest wait a Retry-After may impose before the next trial. */
  maxRetryWaitMs: number;
  json: boolean;
}

export interface WebOptions {
  /** The history it serves (json is unused: the browser is the output). */
  target: StoreTarget;
  /** 0: any free port. */
  port: number;
  host: string;
  /** Open the system's browser on the URL. */
  open: boolean;
}

export type HelpTopic = 'main' | 'probe' | 'sim' | 'web' | 'models' | 'presets' | StoreHelpTopic;

export type Command =
  | { kind: 'help'; topic: HelpTopic }
  | { kind: 'version' }
  | { kind: 'sim'; port: number }
  | { kind: 'probe'; options: ProbeOptions }
  | { kind: 'web'; options: WebOptions }
  | { kind: 'presets'; json: boolean }
  | ModelsCommand
  | StoreCommand;

const PROBE_OPTIONS = {
  'base-url': { type: 'string' },
  model: { type: 'string' },
  dialect: { type: 'string' },
  mode: { type: 'string' },
  trials: { type: 'string' },
  'max-tokens': { type: 'string' },
  ...PROMPT_OPTIONS,
  ...LIMIT_OPTIONS,
  'reuse-connection': { type: 'boolean' },
  'api-key-env': { type: 'string' },
  header: { type: 'string', multiple: true },
  'abort-after': { type: 'string' },
  'max-rpm': { type: 'string' },
  'max-retry-wait': { type: 'string' },
  'allow-insecure-key': { type: 'boolean' },
  ...REQUEST_SHAPE_OPTIONS,
  ...REQUEST_PARAM_OPTIONS,
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const PRESETS_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const SIM_OPTIONS = {
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const WEB_OPTIONS = {
  db: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  open: { type: 'boolean' },
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
    case 'web':
      return parseWeb(rest);
    case 'presets': {
      const { values } = parseStrict(rest, PRESETS_OPTIONS, 'presets');
      return values.help
        ? { kind: 'help', topic: 'presets' }
        : { kind: 'presets', json: values.json ?? false };
    }
    case 'models': {
      const parsed = parseModels(rest, env);
      return parsed.kind === 'help' ? { kind: 'help', topic: 'models' } : parsed;
    }
    default:
      if ((STORE_COMMANDS as readonly string[]).includes(first)) {
        return parseStoreCommand(first as (typeof STORE_COMMANDS)[number], rest);
      }
      throw new UsageError(
        `unknown command ${shown(first)}: use probe, sim, models, presets, profile, run, history, show, export, import or web (see lasttoken --help)`,
      );
  }
}

function parseSim(argv: readonly string[]): Command {
  const { values } = parseStrict(argv, SIM_OPTIONS, 'sim');
  if (values.help) return { kind: 'help', topic: 'sim' };
  return { kind: 'sim', port: integerOption('--port', values.port, 0, 65_535) ?? SIM_DEFAULT_PORT };
}

function parseWeb(argv: readonly string[]): Command {
  const { values } = parseStrict(argv, WEB_OPTIONS, 'web', {
    allowNegative: true,
    keyHint:
      'the server makes its own token each time it starts, and keys are stored with lasttoken profile set-key',
  });
  if (values.help) return { kind: 'help', topic: 'web' };
  if (values.db !== undefined && values.db.trim() === '') {
    throw new UsageError('--db needs the path of a database file');
  }
  return {
    kind: 'web',
    options: {
      target: { db: values.db ?? null, json: false },
      port: integerOption('--port', values.port, 0, 65_535) ?? 0,
      host: hostOption(values.host),
      open: values.open ?? true,
    },
  };
}

/** An address or host name to listen on, IPv6 with or without its brackets. */
function hostOption(value: string | undefined): string {
  if (value === undefined) return DEFAULT_WEB_HOST;
  const host = value.trim().replace(/^\[(.*)\]$/, '$1');
  if (!/^[\w.:-]+$/.test(host)) {
    throw new UsageError(`--host takes an IP address or a host name; got ${shown(value)}`);
  }
  // Requests must name the server in their Host header, and "every address" is no name.
  if (isWildcardHost(host)) {
    throw new UsageError(
      `--host ${host} would listen on every address, but requests must name the one they reach: give the address this machine is reached at (e.g. 192.168.1.20)`,
    );
  }
  return host;
}

function parseProbe(argv: readonly string[], env: Env): Command {
  const { values } = parseStrict(argv, PROBE_OPTIONS, 'probe');
  if (values.help) return { kind: 'help', topic: 'probe' };

  const baseUrl = required('--base-url', values['base-url'], 'probe');
  const model = required('--model', values.model, 'probe');
  const dialect = choice('--dialect', values.dialect, DIALECTS) ?? PROBE_DEFAULTS.dialect;
  const modeChoice = choice('--mode', values.mode, MODE_CHOICES) ?? PROBE_DEFAULTS.mode;
  const modes: Mode[] = modeChoice === 'both' ? [...MODES] : [modeChoice];
  const abortAfter = integerOption('--abort-after', values['abort-after'], 1, MAX_TOKENS);
  if (abortAfter !== null && !modes.includes('stream')) {
    throw new UsageError(
      '--abort-after needs a token stream to hang up on: use --mode stream or both',
    );
  }
  const { prompt, inputTokens, cache } = promptFlags(values);

  const endpoint: EndpointSpec = shapeEndpoint(
    {
      base_url: baseUrl,
      model,
      dialect,
      headers: headerOptions(values.header ?? [], 'pass the key with --api-key-env VAR instead'),
      allow_insecure_key: values['allow-insecure-key'] ?? false,
    },
    values,
  );
  const key = keyFromFlags(values, env, (flag) => `or leave out ${flag}`);
  if (key !== undefined) endpoint.api_key = key;

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
      inputTokens,
      cache,
      params: requestParamsFlags(values, dialect),
      limits: { ...DEFAULT_LIMITS, ...limitFlags(values) },
      reuseConnection: values['reuse-connection'] ?? false,
      abortAfter,
      maxRpm: maxRpmOption(values['max-rpm']) || null,
      maxRetryWaitMs:
        durationOption('--max-retry-wait', values['max-retry-wait'], 0, MAX_RETRY_WAIT_MS) ??
        DEFAULT_MAX_RETRY_WAIT_MS,
      json: values.json ?? false,
    },
  };
}
