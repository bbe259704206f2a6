// What a profile says about its requests beyond the URL: the header that
// carries the key, extra query parameters, where the key comes from, and the
// proxy. Checked before a profile is saved; messages never repeat a value
// that could be a credential.

import { PROXY_MODES, type ProfileInput, type ProxyMode } from '../../shared/run';
import { credentialQueryMessage, isCredentialQuery } from '../probe';
import { HEADER_NAME } from './headers';
import { ProxyUrlInputError, splitProxyUrl } from './proxy-url';
import { ProfileInputError, ProfileIssues } from './profile-input-error';

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
    throw new ProfileInputError('key_header', { key: 'profiles.key_header_format' });
  }
  if (RESERVED_HEADERS.has(name.toLowerCase())) {
    throw new ProfileInputError('key_header', {
      key: 'profiles.key_header_reserved',
      values: { name },
    });
  }
  if (Object.keys(extra).some((other) => other.toLowerCase() === name.toLowerCase())) {
    throw new ProfileInputError('key_header', {
      key: 'profiles.key_header_twice',
      values: { name },
    });
  }
  return name;
}

function keyPrefix(value: unknown, header: string | null): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') {
    throw new ProfileInputError('key_prefix', { key: 'profiles.key_prefix_not_text' });
  }
  if (header === null) {
    throw new ProfileInputError('key_prefix', { key: 'profiles.key_prefix_needs_header' });
  }
  if (CONTROL.test(value) || /[^\x20-\xff]/.test(value)) {
    throw new ProfileInputError('key_prefix', { key: 'profiles.key_prefix_latin1' });
  }
  if (value.length > MAX_PREFIX_LENGTH) {
    throw new ProfileInputError('key_prefix', {
      key: 'profiles.key_prefix_too_long',
      values: { max: MAX_PREFIX_LENGTH },
    });
  }
  if (/[\p{L}\p{N}]$/u.test(value)) {
    // "Bearer" + key would glue the two together: the server sees one word and refuses it.
    throw new ProfileInputError('key_prefix', { key: 'profiles.key_prefix_glued' });
  }
  return value;
}

function query(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ProfileInputError('query', { key: 'profiles.query_not_pairs' });
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_QUERY_PARAMS) {
    throw new ProfileInputError('query', {
      key: 'profiles.query_too_many',
      values: { max: MAX_QUERY_PARAMS },
    });
  }
  const result: Record<string, string> = {};
  for (const [rawName, rawValue] of entries) {
    const name = rawName.trim();
    if (typeof rawValue !== 'string' || name === '' || CONTROL.test(name) || /[=&#?]/.test(name)) {
      throw new ProfileInputError('query', { key: 'profiles.query_format' });
    }
    if (CONTROL.test(rawValue)) {
      throw new ProfileInputError('query', { key: 'profiles.query_control', values: { name } });
    }
    if (name.length > MAX_QUERY_TEXT || rawValue.length > MAX_QUERY_TEXT) {
      throw new ProfileInputError('query', {
        key: 'profiles.query_too_long',
        values: { name, max: MAX_QUERY_TEXT },
      });
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
  if (typeof value !== 'string') {
    throw new ProfileInputError('key_env', { key: 'profiles.key_env_not_text' });
  }
  const name = value.trim();
  if (name === '') return null;
  if (!KEY_ENV_NAME.test(name) || name.length > MAX_ENV_NAME_LENGTH) {
    // Never the value: a key pasted here is the likeliest mistake.
    throw new ProfileInputError('key_env', { key: 'profiles.key_env_format' });
  }
  return name;
}

function proxyMode(value: unknown): ProxyMode {
  if (value === undefined) return 'env';
  const found = PROXY_MODES.find((mode) => mode === value);
  if (found === undefined) {
    throw new ProfileInputError('proxy_mode', {
      key: 'profiles.proxy_mode_unknown',
      values: { modes: PROXY_MODES.join(', ') },
    });
  }
  return found;
}

function proxyUrl(value: unknown, mode: ProxyMode): string | null {
  if (mode !== 'url') return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError('proxy_url', { key: 'profiles.proxy_url_missing' });
  }
  let split;
  try {
    split = splitProxyUrl(value);
  } catch (error) {
    if (!(error instanceof ProxyUrlInputError)) throw error;
    throw new ProfileInputError('proxy_url', error.text);
  }
  if (split.credentials) {
    // The service takes credentials out of the URL before it validates; one left here is a caller's slip.
    throw new ProfileInputError('proxy_url', { key: 'profiles.proxy_url_credentials' });
  }
  return split.url;
}

/**
 * The request shape as it will be saved; a ProfileInputError names each
 * field at fault (ProfileInputErrors when there are several).
 */
export function validateRequestShape(
  input: Partial<RequestShape>,
  extraHeaders: Record<string, string>,
): RequestShape {
  const issues = new ProfileIssues();
  // A refused key header leaves nothing to check the prefix against.
  const header = issues.check(() => keyHeader(input.key_header, extraHeaders), undefined);
  const mode = issues.check(() => proxyMode(input.proxy_mode), undefined);
  const shape: RequestShape = {
    key_header: header ?? null,
    key_prefix:
      header === undefined ? null : issues.check(() => keyPrefix(input.key_prefix, header), null),
    query: issues.check(() => query(input.query), {}),
    key_env: issues.check(() => keyEnv(input.key_env), null),
    proxy_mode: mode ?? 'env',
    proxy_url:
      mode === undefined ? null : issues.check(() => proxyUrl(input.proxy_url, mode), null),
  };
  issues.done();
  return shape;
}
