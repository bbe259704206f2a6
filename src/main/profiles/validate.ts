// What a saved profile may contain, checked before it reaches the database.
// Every message names the field and the problem in words a user can act on,
// and never repeats a header value (headers are where keys travel).

import {
  checkRequestParams,
  RequestParamsError,
  type RequestParams,
} from '../../shared/request-params';
import {
  DEFAULT_REQUEST_SHAPE,
  MAX_RPM,
  PROFILE_COLORS,
  type ProfileDefaults,
  type ProfileInput,
} from '../../shared/run';
import { DIALECTS, type Dialect } from '../../shared/trial';
import { isLoopbackHost, resolveEndpointUrl } from '../probe';
import { CREDENTIAL_HEADER, HEADER_NAME } from './headers';
import {
  ProfileError,
  ProfileInputError,
  ProfileInputErrors,
  ProfileIssues,
} from './profile-input-error';
import { validateRequestShape, type RequestShape } from './request-shape';

export { ProfileError, ProfileInputError, ProfileInputErrors, ProfileIssues };

export const MAX_NAME_LENGTH = 100;
const MAX_MODEL_LENGTH = 200;
const MAX_NOTES_LENGTH = 10_000;
const MAX_TOKENS = 1_000_000;
const MAX_LIMIT_MS = 86_400_000;

const LIMIT_FIELDS = ['connect_timeout_ms', 'idle_timeout_ms', 'stall_ms', 'deadline_ms'] as const;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const TEXT_MESSAGES = {
  name: {
    empty: 'profiles.name_empty',
    control: 'profiles.name_control',
    long: 'profiles.name_too_long',
  },
  model: {
    empty: 'profiles.model_empty',
    control: 'profiles.model_control',
    long: 'profiles.model_too_long',
  },
} as const;

function text(field: 'name' | 'model', value: unknown, max: number): string {
  const messages = TEXT_MESSAGES[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError(field, { key: messages.empty });
  }
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) throw new ProfileInputError(field, { key: messages.control });
  if (trimmed.length > max) {
    throw new ProfileInputError(field, { key: messages.long, values: { max } });
  }
  return trimmed;
}

function dialect(value: unknown): Dialect {
  const found = DIALECTS.find((d) => d === value);
  if (found === undefined) {
    throw new ProfileInputError('dialect', {
      key: 'profiles.dialect_unknown',
      values: { dialects: DIALECTS.join(', ') },
    });
  }
  return found;
}

function baseUrl(value: unknown, chosen: Dialect): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ProfileInputError('base_url', { key: 'profiles.base_url_empty' });
  }
  const trimmed = value.trim();
  try {
    resolveEndpointUrl(trimmed, chosen);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProfileInputError('base_url', {
      key: 'profiles.base_url_unusable',
      values: { reason },
    });
  }
  return trimmed;
}

function headers(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProfileInputError('headers', { key: 'profiles.headers_not_pairs' });
  }
  const result: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, headerValue] of Object.entries(value)) {
    if (typeof headerValue !== 'string' || !HEADER_NAME.test(name)) {
      throw new ProfileInputError('headers', { key: 'profiles.header_format' });
    }
    if (CREDENTIAL_HEADER.test(name)) {
      throw new ProfileInputError('headers', {
        key: 'profiles.header_credential',
        values: { name },
      });
    }
    if (/[\r\n\0]/.test(headerValue)) {
      throw new ProfileInputError('headers', {
        key: 'profiles.header_line_break',
        values: { name },
      });
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      throw new ProfileInputError('headers', { key: 'profiles.header_twice', values: { name } });
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
    throw new ProfileInputError('defaults', { key: 'profiles.defaults_not_object' });
  }
  const input = value as Record<string, unknown>;
  const result: ProfileDefaults = {};
  if (input.max_tokens !== undefined) {
    if (!positiveInteger(input.max_tokens, MAX_TOKENS)) {
      throw new ProfileInputError('defaults', {
        key: 'profiles.max_tokens_range',
        values: { max: MAX_TOKENS },
      });
    }
    result.max_tokens = input.max_tokens;
  }
  for (const field of LIMIT_FIELDS) {
    const limit = input[field];
    if (limit === undefined) continue;
    if (typeof limit !== 'number' || !(limit > 0 && limit <= MAX_LIMIT_MS)) {
      throw new ProfileInputError('defaults', {
        key: 'profiles.limit_range',
        values: { field, max: MAX_LIMIT_MS },
      });
    }
    result[field] = limit;
  }
  if (input.max_rpm !== undefined) {
    if (!positiveInteger(input.max_rpm, MAX_RPM)) {
      throw new ProfileInputError('defaults', {
        key: 'profiles.max_rpm_range',
        values: { max: MAX_RPM },
      });
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
  if (typeof value !== 'string') {
    throw new ProfileInputError('notes', { key: 'profiles.notes_not_text' });
  }
  if (value.length > MAX_NOTES_LENGTH) {
    throw new ProfileInputError('notes', {
      key: 'profiles.notes_too_long',
      values: { max: MAX_NOTES_LENGTH },
    });
  }
  return value;
}

/**
 * The profile as it will be saved (names and URL trimmed), or a
 * ProfileInputError for every field that is not acceptable (ProfileInputErrors
 * when there are several), in the form's order. The built-in demo profile's
 * base URL is a marker, not a URL: `builtin` skips that check.
 */
export function validateProfileInput(
  input: ProfileInput,
  options: { builtin?: boolean } = {},
): ProfileInput {
  const issues = new ProfileIssues();
  const name = issues.check(() => text('name', input.name, MAX_NAME_LENGTH), '');
  // An unknown dialect leaves nothing to check the URL and the parameters against.
  const chosen = issues.check(() => dialect(input.dialect), null);
  const url =
    options.builtin || chosen === null
      ? input.base_url
      : issues.check(() => baseUrl(input.base_url, chosen), '');
  const model = issues.check(() => text('model', input.model, MAX_MODEL_LENGTH), '');
  const extraHeaders = issues.check(() => headers(input.headers), {});
  const checked: ProfileInput = {
    name,
    base_url: url,
    model,
    dialect: chosen ?? 'openai-chat',
    headers: extraHeaders,
    defaults: issues.check(() => defaults(input.defaults), {}),
    // Before params: the default shape's own (empty) params must not win.
    ...issues.check<RequestShape>(
      () => validateRequestShape(input, extraHeaders),
      DEFAULT_REQUEST_SHAPE,
    ),
    params: chosen === null ? {} : issues.check(() => requestParams(input.params, chosen), {}),
    notes: issues.check(() => notes(input.notes), ''),
    allow_insecure_key: issues.check(() => allowInsecureKey(input.allow_insecure_key), false),
    ...(input.color !== undefined && { color: issues.check(() => color(input.color), 0) }),
  };
  issues.done();
  return checked;
}

function allowInsecureKey(value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw new ProfileInputError('allow_insecure_key', {
      key: 'profiles.allow_insecure_not_boolean',
    });
  }
  return value;
}

function color(value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= PROFILE_COLORS) {
    throw new ProfileInputError('color', {
      key: 'profiles.color_range',
      values: { max: PROFILE_COLORS - 1 },
    });
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
