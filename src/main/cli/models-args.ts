// `lasttoken models` arguments: a saved profile, or an endpoint described by
// flags as `probe` takes it. Like args.ts, every bad argument ends here as a
// one-line UsageError; whether the profile exists is checked when it runs.

import type { ParseArgsConfig } from 'node:util';
import { DIALECTS } from '../../shared/trial';
import type { EndpointSpec } from '../probe';
import { choice, parseStrict, PROBE_DEFAULTS, UsageError, type Env } from './options';
import { keyFromFlags, REQUEST_SHAPE_OPTIONS, shapeEndpoint } from './request-shape-args';
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
  'allow-insecure-key': { type: 'boolean' },
  ...REQUEST_SHAPE_OPTIONS,
  free: { type: 'boolean' },
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** The flags that describe an endpoint, which a saved profile already has. */
const ENDPOINT_FLAGS = [
  'dialect',
  'api-key-env',
  'allow-insecure-key',
  ...(Object.keys(REQUEST_SHAPE_OPTIONS) as (keyof typeof REQUEST_SHAPE_OPTIONS)[]),
] as const;

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
  const endpoint = shapeEndpoint(
    {
      base_url: baseUrl,
      model: '',
      dialect: choice('--dialect', values.dialect, DIALECTS) ?? PROBE_DEFAULTS.dialect,
      allow_insecure_key: values['allow-insecure-key'] ?? false,
    },
    values,
  );
  const key = keyFromFlags(values, env, (flag) => `or leave out ${flag} to ask without a key`);
  if (key === undefined && endpoint.key_header !== undefined) {
    throw new UsageError(
      '--key-header names the header that carries the key: give --api-key-env VAR too',
    );
  }
  if (key !== undefined) endpoint.api_key = key;
  return { kind: 'models', options: { ...common, source: { kind: 'url', endpoint } } };
}
