// Command-line parsing and validation: argv in, typed options out. Every way an
// argument can be wrong ends here as a UsageError with one line a user can act
// on; nothing past this module sees an unchecked value.

import type { ParseArgsConfig } from 'node:util';
import { DIALECTS, MODES, type Mode } from '../../shared/trial';
import { DEFAULT_LIMITS, type EndpointSpec, type Limits } from '../probe';
import {
  MAX_TOKENS,
  MAX_TRIALS,
  PROBE_DEFAULTS,
  UsageError,
  choice,
  headerOptions,
  integerOption,
  keyFromEnv,
  LIMIT_OPTIONS,
  limitFlags,
  parseStrict,
  required,
  shown,
  type Env,
} from './options';
import { DEFAULT_WEB_HOST, isWildcardHost } from '../web';
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
  limits: Limits;
  reuseConnection: boolean;
  abortAfter: number | null;
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

export type HelpTopic = 'main' | 'probe' | 'sim' | 'web' | StoreHelpTopic;

export type Command =
  | { kind: 'help'; topic: HelpTopic }
  | { kind: 'version' }
  | { kind: 'sim'; port: number }
  | { kind: 'probe'; options: ProbeOptions }
  | { kind: 'web'; options: WebOptions }
  | StoreCommand;

const PROBE_OPTIONS = {
  'base-url': { type: 'string' },
  model: { type: 'string' },
  dialect: { type: 'string' },
  mode: { type: 'string' },
  trials: { type: 'string' },
  'max-tokens': { type: 'string' },
  prompt: { type: 'string' },
  ...LIMIT_OPTIONS,
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
    default:
      if ((STORE_COMMANDS as readonly string[]).includes(first)) {
        return parseStoreCommand(first as (typeof STORE_COMMANDS)[number], rest);
      }
      throw new UsageError(
        `unknown command ${shown(first)}: use probe, sim, profile, run, history, show, export or web (see lasttoken --help)`,
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
  const prompt = values.prompt ?? PROBE_DEFAULTS.prompt;
  if (prompt.trim() === '') throw new UsageError('--prompt is empty');

  const endpoint: EndpointSpec = {
    base_url: baseUrl,
    model,
    dialect,
    headers: headerOptions(values.header ?? [], 'pass the key with --api-key-env VAR instead'),
    allow_insecure_key: values['allow-insecure-key'] ?? false,
  };
  const keyVariable = values['api-key-env'];
  if (keyVariable !== undefined)
    endpoint.api_key = keyFromEnv(
      env,
      keyVariable,
      '--api-key-env',
      'export the key in it first, or leave out --api-key-env',
    );

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
      limits: { ...DEFAULT_LIMITS, ...limitFlags(values) },
      reuseConnection: values['reuse-connection'] ?? false,
      abortAfter,
      json: values.json ?? false,
    },
  };
}
