// The flags that shape a profile's (or a probe's) requests, alike on `probe`
// and `profile add/edit`: --key-header, --key-prefix, --query, --key-env,
// --proxy, --no-proxy, and on edit the flags that clear them. What a value
// may be is checked where profiles are checked (src/main/profiles); here only
// the command line's own form, and never a value echoed back.

import type { ParseArgsConfig } from 'node:util';
import type { EndpointSpec } from '../probe';
import {
  ProfileInputError,
  splitProxyUrl,
  validateRequestShape,
  type ProfileDraft,
  type ProfileSecretsDraft,
} from '../profiles';
import type { ProfilePatch } from '../store';
import { keyFromEnv, UsageError, type Env } from './options';

export const REQUEST_SHAPE_OPTIONS = {
  'key-header': { type: 'string' },
  'key-prefix': { type: 'string' },
  query: { type: 'string', multiple: true },
  'key-env': { type: 'string' },
  proxy: { type: 'string' },
  'no-proxy': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/**
 * What `profile edit` may clear: back to the dialect's key header, no query,
 * no key variable, the environment's proxy. `--no-key-header`, `--no-query`
 * and `--no-key-env` say the same as their --clear- flags (with allowNegative,
 * parseArgs gives them as `key-header: false`...).
 */
export const REQUEST_SHAPE_CLEAR_OPTIONS = {
  'clear-key-header': { type: 'boolean' },
  'clear-query': { type: 'boolean' },
  'clear-key-env': { type: 'boolean' },
  'env-proxy': { type: 'boolean' },
  'no-key-header': { type: 'boolean' },
  'no-query': { type: 'boolean' },
  'no-key-env': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

/** The flags as parseArgs returns them; with allowNegative, `--no-proxy` arrives as `proxy: false`. */
export interface RequestShapeValues {
  'key-header'?: string | false;
  'key-prefix'?: string | false;
  /** A repeatable flag: `--no-query` arrives as a `false` among the values. */
  query?: (string | false)[];
  'key-env'?: string | false;
  proxy?: string | false;
  'no-proxy'?: boolean;
  'clear-key-header'?: boolean;
  'clear-query'?: boolean;
  'clear-key-env'?: boolean;
  'env-proxy'?: boolean;
}

type ShapeFields = Pick<
  ProfileDraft,
  'key_header' | 'key_prefix' | 'query' | 'key_env' | 'proxy_mode' | 'proxy_url'
> &
  ProfileSecretsDraft;

/** `--query NAME=VALUE` flags as parameters (the value may contain =; a name given twice is refused). */
export function queryOptions(specs: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const spec of specs) {
    const equals = spec.indexOf('=');
    const name = equals < 0 ? '' : spec.slice(0, equals).trim();
    if (name === '') {
      throw new UsageError(
        '--query must look like NAME=VALUE (e.g. --query api-version=2024-10-21)',
      );
    }
    if (Object.hasOwn(query, name)) throw new UsageError(`--query gives ${name} more than once`);
    query[name] = spec.slice(equals + 1);
  }
  return query;
}

/** A flag's text; `--no-FLAG` (false) is a clear flag, not a value. */
function text(
  values: RequestShapeValues,
  flag: 'key-header' | 'key-prefix' | 'key-env',
): string | undefined {
  const value = values[flag];
  return value === false ? undefined : value;
}

/** `--clear-FLAG`, or its `--no-FLAG` twin. */
const cleared = (values: RequestShapeValues, flag: 'key-header' | 'query' | 'key-env'): boolean =>
  values[`clear-${flag}`] === true ||
  (flag === 'query' ? (values.query ?? []).includes(false) : values[flag] === false);

/** The `--query` specs given (not `--no-query`); undefined when none. */
function querySpecs(values: RequestShapeValues): string[] | undefined {
  const specs = values.query?.filter((spec): spec is string => spec !== false);
  return specs && specs.length > 0 ? specs : undefined;
}

function proxyFields(values: RequestShapeValues): ShapeFields {
  const noProxy = values['no-proxy'] === true || values.proxy === false;
  const url = values.proxy === false ? undefined : values.proxy;
  const given = [noProxy, url !== undefined, values['env-proxy'] === true].filter(Boolean).length;
  if (given > 1) {
    throw new UsageError(
      '--proxy URL, --no-proxy and --env-proxy each choose how requests go out: give one of them',
    );
  }
  if (noProxy) return { proxy_mode: 'direct', proxy_url: null };
  if (values['env-proxy']) return { proxy_mode: 'env', proxy_url: null };
  if (url === undefined) return {};
  // A proxy given anew replaces the old one whole: its credentials are those in the URL, or none.
  const credentials = splitWithUsage(url).credentials;
  return { proxy_mode: 'url', proxy_url: url, ...(credentials ? {} : { proxy_credentials: null }) };
}

function splitWithUsage(url: string): ReturnType<typeof splitProxyUrl> {
  try {
    return splitProxyUrl(url);
  } catch (error) {
    throw new UsageError(`--proxy: ${(error as Error).message}`);
  }
}

/** The request shape of a new profile; the service checks the values. */
export function requestShapeDraft(values: RequestShapeValues): ShapeFields {
  const shape: ShapeFields = {
    key_header: text(values, 'key-header') ?? null,
    key_prefix: text(values, 'key-prefix') ?? null,
    query: queryOptions(querySpecs(values) ?? []),
    key_env: text(values, 'key-env') ?? null,
    ...proxyFields(values),
  };
  if (shape.key_prefix !== null && shape.key_header === null) {
    throw new UsageError(
      '--key-prefix goes with --key-header NAME (the header the key is sent in)',
    );
  }
  return shape;
}

/** What `profile edit` changes of the request shape: only what is given (undefined keeps the rest). */
export function requestShapePatch(values: RequestShapeValues): ProfilePatch & ProfileSecretsDraft {
  const header = text(values, 'key-header');
  const prefix = text(values, 'key-prefix');
  const env = text(values, 'key-env');
  const both = (set: unknown, clear: boolean | undefined, flags: string): void => {
    if (set !== undefined && clear) throw new UsageError(`${flags}: give one of them`);
  };
  both(
    header ?? prefix,
    cleared(values, 'key-header'),
    '--key-header/--key-prefix set the key header and --clear-key-header removes it',
  );
  const specs = querySpecs(values);
  both(
    specs,
    cleared(values, 'query'),
    '--query replaces the query parameters and --clear-query removes them',
  );
  both(
    env,
    cleared(values, 'key-env'),
    '--key-env sets the key variable and --clear-key-env removes it',
  );
  const patch: ProfilePatch & ProfileSecretsDraft = { ...proxyFields(values) };
  if (cleared(values, 'key-header')) {
    patch.key_header = null;
    patch.key_prefix = null;
  } else if (header !== undefined) {
    patch.key_header = header;
    // A new header starts with no prefix unless one is given with it.
    patch.key_prefix = prefix ?? null;
  } else if (prefix !== undefined) {
    patch.key_prefix = prefix;
  }
  if (cleared(values, 'query')) patch.query = {};
  else if (specs) patch.query = queryOptions(specs);
  if (cleared(values, 'key-env')) patch.key_env = null;
  else if (env !== undefined) patch.key_env = env;
  return patch;
}

/**
 * The probe's endpoint with the request shape the flags give: checked as a
 * profile's would be, the key variable read by the caller (`--key-env` is
 * the probe's --api-key-env).
 */
export function shapeEndpoint(endpoint: EndpointSpec, values: RequestShapeValues): EndpointSpec {
  const draft = requestShapeDraft(values);
  const proxyUrl = draft.proxy_url ? splitWithUsage(draft.proxy_url) : null;
  let shape;
  try {
    shape = validateRequestShape(
      { ...draft, key_env: null, proxy_url: proxyUrl?.url ?? null },
      endpoint.headers ?? {},
    );
  } catch (error) {
    if (error instanceof ProfileInputError) throw new UsageError(error.message);
    throw error;
  }
  return {
    ...endpoint,
    ...(shape.key_header === null
      ? {}
      : { key_header: { name: shape.key_header, prefix: shape.key_prefix ?? '' } }),
    query: shape.query,
    proxy:
      shape.proxy_mode === 'url' && shape.proxy_url !== null
        ? { kind: 'url', url: shape.proxy_url, ...(proxyUrl?.credentials ?? {}) }
        : { kind: shape.proxy_mode === 'direct' ? 'direct' : 'env' },
  };
}

/**
 * The key a probe-like command takes from the environment: `--api-key-env VAR`,
 * or `--key-env VAR` as profiles spell it; undefined when neither is given.
 * `leaveOut` ends the message for an unset variable ("or leave out FLAG…").
 */
export function keyFromFlags(
  values: { 'api-key-env'?: string; 'key-env'?: string | false },
  env: Env,
  leaveOut: (flag: string) => string,
): string | undefined {
  const keyEnv = values['key-env'] === false ? undefined : values['key-env'];
  if (values['api-key-env'] !== undefined && keyEnv !== undefined) {
    throw new UsageError('--key-env and --api-key-env both name the key variable: give one');
  }
  const flag = keyEnv === undefined ? '--api-key-env' : '--key-env';
  const variable = values['api-key-env'] ?? keyEnv;
  if (variable === undefined) return undefined;
  return keyFromEnv(env, variable, flag, `export the key in it first, ${leaveOut(flag)}`);
}
