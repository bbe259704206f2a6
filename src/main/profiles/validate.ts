// What a saved profile may contain, checked before it reaches the database.
// Every message names the field and the problem in words a user can act on,
// and never repeats a header value (headers are where keys travel).

import {
  checkRequestParams,
  RequestParamsError,
  type RequestParams,
} from '../../shared/request-params';
import { MAX_RPM, PROFILE_COLORS, type ProfileDefaults, type ProfileInput } from '../../shared/run';
import { DIALECTS, type Dialect } from '../../shared/trial';
import { isLoopbackHost, resolveEndpointUrl } from '../probe';
import { CREDENTIAL_HEADER, HEADER_NAME } from './headers';
import { ProfileError, ProfileInputError } from './profile-input-error';
import { validateRequestShape } from './request-shape';

export { ProfileError, ProfileInputError };

export const MAX_NAME_LENGTH = 100;
const MAX_MODEL_LENGTH = 200;
const MAX_NOTES_LENGTH = 10_000;
const MAX_TOKENS = 1_000_000;
const MAX_LIMIT_MS = 86_400_000;

const LIMIT_FIELDS = ['connect_timeout_ms', 'idle_timeout_ms', 'stall_ms', 'deadline_ms'] as const;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

function text(field: 'name' | 'model', label: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError(field, `the ${label} is empty`);
  }
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) {
    throw new ProfileInputError(field, `the ${label} contains a line break or control character`);
  }
  if (trimmed.length > max) {
    throw new ProfileInputError(field, `the ${label} is longer than ${max} characters`);
  }
  return trimmed;
}

function dialect(value: unknown): Dialect {
  const found = DIALECTS.find((d) => d === value);
  if (found === undefined) {
    throw new ProfileInputError('dialect', `the dialect must be one of ${DIALECTS.join(', ')}`);
  }
  return found;
}

function baseUrl(value: unknown, chosen: Dialect): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError('base_url', 'the base URL is empty');
  }
  const trimmed = value.trim();
  try {
    resolveEndpointUrl(trimmed, chosen);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProfileInputError('base_url', `the base URL cannot be used: ${reason}`);
  }
  return trimmed;
}

function headers(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProfileInputError('headers', 'the headers must be name/value pairs');
  }
  const result: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, headerValue] of Object.entries(value)) {
    if (typeof headerValue !== 'string' || !HEADER_NAME.test(name)) {
      throw new ProfileInputError(
        'headers',
        'a header needs a name of letters, digits and - (e.g. OpenAI-Organization) and a text value',
      );
    }
    if (CREDENTIAL_HEADER.test(name)) {
      throw new ProfileInputError(
        'headers',
        `header ${name} would carry a credential: the profile's API key is kept in the OS keychain instead`,
      );
    }
    if (/[\r\n\0]/.test(headerValue)) {
      throw new ProfileInputError(
        'headers',
        `header ${name}: the value contains a line break or NUL`,
      );
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      throw new ProfileInputError('headers', `header ${name} is given more than once`);
    }
    seen.add(lower);
    result[name] = headerValue.trim();
  }
  return result;
}

function positiveInteger(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= max;
}

function defaults(value: unknown): ProfileDefaults {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProfileInputError('defaults', 'the defaults must be an object');
  }
  const input = value as Record<string, unknown>;
  const result: ProfileDefaults = {};
  if (input.max_tokens !== undefined) {
    if (!positiveInteger(input.max_tokens, MAX_TOKENS)) {
      throw new ProfileInputError(
        'defaults',
        `max_tokens must be a whole number from 1 to ${MAX_TOKENS}`,
      );
    }
    result.max_tokens = input.max_tokens;
  }
  for (const field of LIMIT_FIELDS) {
    const limit = input[field];
    if (limit === undefined) continue;
    if (typeof limit !== 'number' || !(limit > 0 && limit <= MAX_LIMIT_MS)) {
      throw new ProfileInputError(
        'defaults',
        `${field} must be a number of milliseconds above 0 and at most ${MAX_LIMIT_MS}`,
      );
    }
    result[field] = limit;
  }
  if (input.max_rpm !== undefined) {
    if (!positiveInteger(input.max_rpm, MAX_RPM)) {
      throw new ProfileInputError(
        'defaults',
        `max_rpm (calls per minute) must be a whole number from 1 to ${MAX_RPM}`,
      );
    }
    result.max_rpm = input.max_rpm;
  }
  return result;
}

/** The request parameters, checked for the profile's dialect (a dialect change re-checks them). */
function requestParams(value: unknown, chosen: Dialect): RequestParams {
  try {
    return checkRequestParams(value, chosen);
  } catch (error) {
    if (!(error instanceof RequestParamsError)) throw error;
    throw new ProfileInputError('params', error.message);
  }
}

function notes(value: unknown): string {
  if (typeof value !== 'string') throw new ProfileInputError('notes', 'the notes must be text');
  if (value.length > MAX_NOTES_LENGTH) {
    throw new ProfileInputError(
      'notes',
      `the notes are longer than ${MAX_NOTES_LENGTH} characters`,
    );
  }
  return value;
}

/**
 * The profile as it will be saved (names and URL trimmed), or a
 * ProfileInputError for the first field that is not acceptable. The built-in
 * demo profile's base URL is a marker, not a URL: `builtin` skips that check.
 */
export function validateProfileInput(
  input: ProfileInput,
  options: { builtin?: boolean } = {},
): ProfileInput {
  const chosen = dialect(input.dialect);
  if (typeof input.allow_insecure_key !== 'boolean') {
    throw new ProfileInputError('allow_insecure_key', 'allow_insecure_key must be true or false');
  }
  const extraHeaders = headers(input.headers);
  return {
    name: text('name', 'name', input.name, MAX_NAME_LENGTH),
    base_url: options.builtin ? input.base_url : baseUrl(input.base_url, chosen),
    model: text('model', 'model', input.model, MAX_MODEL_LENGTH),
    dialect: chosen,
    headers: extraHeaders,
    defaults: defaults(input.defaults),
    params: requestParams(input.params, chosen),
    notes: notes(input.notes),
    allow_insecure_key: input.allow_insecure_key,
    ...validateRequestShape(input, extraHeaders),
    ...(input.color !== undefined && { color: color(input.color) }),
  };
}

function color(value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= PROFILE_COLORS) {
    throw new ProfileInputError(
      'color',
      `color must be a palette slot, a whole number from 0 to ${PROFILE_COLORS - 1}`,
    );
  }
  return value as number;
}

/**
 * Whether a key stored for the profile would be refused at run time: the
 * endpoint is plain http to a host that is not loopback, and the profile does
 * not confirm sending the key in the clear.
 */
export function keyWouldBeRefused(
  profile: Pick<ProfileInput, 'base_url' | 'dialect' | 'allow_insecure_key'>,
): boolean {
  if (profile.allow_insecure_key) return false;
  try {
    const url = resolveEndpointUrl(profile.base_url, profile.dialect);
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}
