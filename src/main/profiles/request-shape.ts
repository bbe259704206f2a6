// What a profile says about its requests beyond the URL: the header that
// carries the key, extra query parameters, where the key comes from, and the
// proxy. Checked before a profile is saved; messages never repeat a value
// that could be a credential.

import { PROXY_MODES, type ProfileInput, type ProxyMode } from '../../shared/run';
import { credentialQueryMessage, isCredentialQuery } from '../probe';
import { HEADER_NAME } from './headers';
import { splitProxyUrl } from './proxy-url';
import { ProfileInputError } from './profile-input-error';

const MAX_PREFIX_LENGTH = 100;
const MAX_QUERY_PARAMS = 20;
const MAX_QUERY_TEXT = 1000;
const MAX_ENV_NAME_LENGTH = 100;

/** Headers a key cannot travel in: the request's own framing and content. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'accept',
  'accept-encoding',
  'user-agent',
]);

/**
 * An environment variable name as keys are conventionally kept in (OPENAI_API_KEY):
 * upper case, so that a key pasted here by mistake is refused rather than saved.
 */
export const KEY_ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export type RequestShape = Pick<
  ProfileInput,
  'key_header' | 'key_prefix' | 'query' | 'key_env' | 'proxy_mode' | 'proxy_url'
>;

function keyHeader(value: unknown, extra: Record<string, string>): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string')
    throw new ProfileInputError('key_header', { key: 'profiles.key_header_not_text' });
  const name = value.trim();
  if (name === '') return null;
  if (!HEADER_NAME.test(name)) {
    throw new ProfileInputError(
      'key_header',
      'the key header needs a name of letters, digits and - (e.g. api-key)',
    );
  }
  if (RESERVED_HEADERS.has(name.toLowerCase())) {
    throw new ProfileInputError('key_header', `the key cannot travel in the ${name} header`);
  }
  if (Object.keys(extra).some((other) => other.toLowerCase() === name.toLowerCase())) {
    throw new ProfileInputError(
      'key_header',
      `header ${name} is both the key header and an extra header: remove one`,
    );
  }
  return name;
}

function keyPrefix(value: unknown, header: string | null): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string')
    throw new ProfileInputError('key_prefix', 'the key prefix must be text');
  if (header === null) {
    throw new ProfileInputError(
      'key_prefix',
      "a key prefix needs a key header: the dialect's own header has its own prefix",
    );
  }
  if (CONTROL.test(value) || /[^\x20-\xff]/.test(value)) {
    throw new ProfileInputError(
      'key_prefix',
      'the key prefix may contain only printable Latin-1 characters (no line break)',
    );
  }
  if (value.length > MAX_PREFIX_LENGTH) {
    throw new ProfileInputError(
      'key_prefix',
      `the key prefix is longer than ${MAX_PREFIX_LENGTH} characters`,
    );
  }
  if (/[\p{L}\p{N}]$/u.test(value)) {
    // "Bearer" + key would glue the two together: the server sees one word and refuses it.
    throw new ProfileInputError(
      'key_prefix',
      'the key prefix ends with a letter or digit, so the key would be glued to it: end it with its space (e.g. "Bearer ")',
    );
  }
  return value;
}

function query(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ProfileInputError('query', 'the query parameters must be name/value pairs');
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_QUERY_PARAMS) {
    throw new ProfileInputError('query', `at most ${MAX_QUERY_PARAMS} query parameters`);
  }
  const result: Record<string, string> = {};
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim();
    if (typeof rawValue !== 'string' || name === '' || CONTROL.test(name) || /[=&#?]/.test(name)) {
      throw new ProfileInputError(
        'query',
        'a query parameter needs a name (without = & # ?) and a text value, e.g. api-version=2024-10-21',
      );
    }
    if (CONTROL.test(rawValue)) {
      throw new ProfileInputError(
        'query',
        `query parameter ${name}: the value contains a line break or control character`,
      );
    }
    if (name.length > MAX_QUERY_TEXT || rawValue.length > MAX_QUERY_TEXT) {
      throw new ProfileInputError(
        'query',
        `query parameter ${name} is longer than ${MAX_QUERY_TEXT} characters`,
      );
    }
    if (isCredentialQuery(name, rawValue.trim())) {
      throw new ProfileInputError('query', credentialQueryMessage(name));
    }
    result[name] = rawValue.trim();
  }
  return result;
}

function keyEnv(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string')
    throw new ProfileInputError('key_env', 'the key variable must be a name');
  const name = value.trim();
  if (name === '') return null;
  if (!KEY_ENV_NAME.test(name) || name.length > MAX_ENV_NAME_LENGTH) {
    // Never the value: a key pasted here is the likeliest mistake.
    throw new ProfileInputError(
      'key_env',
      'the key variable must be the NAME of an environment variable, not the key: capital letters, digits and _ (e.g. OPENAI_API_KEY)',
    );
  }
  return name;
}

function proxyMode(value: unknown): ProxyMode {
  if (value === undefined) return 'env';
  const found = PROXY_MODES.find((mode) => mode === value);
  if (found === undefined) {
    throw new ProfileInputError(
      'proxy_mode',
      `the proxy mode must be one of ${PROXY_MODES.join(', ')}`,
    );
  }
  return found;
}

function proxyUrl(value: unknown, mode: ProxyMode): string | null {
  if (mode !== 'url') return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError(
      'proxy_url',
      'the proxy URL is empty: give one, or choose no proxy or the environment’s',
    );
  }
  let split;
  try {
    split = splitProxyUrl(value);
  } catch (error) {
    throw new ProfileInputError('proxy_url', (error as Error).message);
  }
  if (split.credentials) {
    // The service takes credentials out of the URL before it validates; one left here is a caller's slip.
    throw new ProfileInputError(
      'proxy_url',
      'the proxy URL contains credentials: they are kept in the OS keychain, never with the profile',
    );
  }
  return split.url;
}

/** The request shape as it will be saved; ProfileInputError names the field at fault. */
export function validateRequestShape(
  input: Partial<RequestShape>,
  extraHeaders: Record<string, string>,
): RequestShape {
  const header = keyHeader(input.key_header, extraHeaders);
  const mode = proxyMode(input.proxy_mode);
  return {
    key_header: header,
    key_prefix: keyPrefix(input.key_prefix, header),
    query: query(input.query),
    key_env: keyEnv(input.key_env),
    proxy_mode: mode,
    proxy_url: proxyUrl(input.proxy_url, mode),
  };
}
