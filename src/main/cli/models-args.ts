// `lasttoken models` arguments: a saved profile, or an endpoint described by
// flags as `probe` takes it. Like args.ts, every bad argument ends here as a
// one-line UsageError; whether the profile exists is checked when it runs.

import type { ParseArgsConfig } from 'node:util';
import { DIALECTS } from '../../shared/trial';
import type { EndpointSpec } from '../probe';
import { HEADER_NAME } from '../profiles';
import {
  choice,
  keyFromEnv,
  parseStrict,
  PROBE_DEFAULTS,
  shown,
  UsageError,
  type Env,
} from './options';
import type { StoreTarget } from './store-args';

export interface ModelsOptions {
  /** A saved profile's id or name, or the endpoint the flags describe. */
  source:
    { kind: 'profile'; ref: string; target: StoreTarget } | { kind: 'url'; endpoint: EndpointSpec };
  /** Only the models the provider says are free. */
  freeOnly: boolean;
  json: boolean;
}

export type ModelsCommand = { kind: 'models'; options: ModelsOptions };

const MODELS_OPTIONS = {
  'base-url': { type: 'string' },
  dialect: { type: 'string' },
  'api-key-env': { type: 'string' },
  'key-header': { type: 'string' },
  'allow-insecure-key': { type: 'boolean' },
  free: { type: 'boolean' },
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The flags that describe an endpoint, which a saved profile already has. */
const ENDPOINT_FLAGS = ['dialect', 'api-key-env', 'key-header', 'allow-insecure-key'] as const;

export function parseModels(argv: readonly string[], env: Env): ModelsCommand | { kind: 'help' } {
  const { values, positionals } = parseStrict(argv, MODELS_OPTIONS, 'models', { positionals: 1 });
  if (values.help) return { kind: 'help' };
  const ref = positionals[0]?.trim();
  const baseUrl = values['base-url'];
  const common = { freeOnly: values.free ?? false, json: values.json ?? false };

  if (ref && baseUrl !== undefined) {
    throw new UsageError('give a saved profile or --base-url URL, not both');
  }
  if (ref) {
    const given = ENDPOINT_FLAGS.find((flag) => values[flag] !== undefined);
    if (given !== undefined) {
      throw new UsageError(
        `--${given} describes an endpoint given with --base-url; a saved profile has its own (lasttoken profile edit changes it)`,
      );
    }
    if (values.db !== undefined && values.db.trim() === '') {
      throw new UsageError('--db needs the path of a database file');
    }
    return {
      kind: 'models',
      options: {
        ...common,
        source: { kind: 'profile', ref, target: { db: values.db ?? null, json: common.json } },
      },
    };
  }
  if (baseUrl === undefined || baseUrl.trim() === '') {
    throw new UsageError(
      'models needs a saved profile (lasttoken models PROFILE) or --base-url URL (see lasttoken models --help)',
    );
  }
  if (values.db !== undefined) {
    throw new UsageError('--db is for a saved profile: --base-url does not use the history');
  }
  const endpoint: EndpointSpec = {
    base_url: baseUrl,
    model: '',
    dialect: choice('--dialect', values.dialect, DIALECTS) ?? PROBE_DEFAULTS.dialect,
    allow_insecure_key: values['allow-insecure-key'] ?? false,
  };
  const keyVariable = values['api-key-env'];
  if (keyVariable !== undefined) {
    endpoint.api_key = keyFromEnv(
      env,
      keyVariable,
      '--api-key-env',
      'export the key in it first, or leave out --api-key-env to ask without a key',
    );
  }
  const keyHeader = values['key-header'];
  if (keyHeader !== undefined) {
    if (keyVariable === undefined) {
      throw new UsageError(
        '--key-header names the header that carries the key: give --api-key-env VAR too',
      );
    }
    if (!HEADER_NAME.test(keyHeader)) {
      throw new UsageError(
        `--key-header takes a header name of letters, digits and - (e.g. api-key); got ${shown(keyHeader)}`,
      );
    }
    // The key is then the header's whole value.
    endpoint.key_header = { name: keyHeader, prefix: '' };
  }
  return { kind: 'models', options: { ...common, source: { kind: 'url', endpoint } } };
}
