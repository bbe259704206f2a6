// Where a refusal is shown: a service's ApiCallError names the field at fault
// (its message goes next to that field); anything else is about the whole
// form.

// From shared, not api/client: this module is pure (tested in Node, where there is no window).
import { ApiCallError } from '../../../../shared/api-client';
import type { ParamField, TimeoutField } from './profile-draft';

/** The fields the profile and key services name in their errors. */
export const SERVICE_FIELDS = [
  'name',
  'base_url',
  'model',
  'dialect',
  'headers',
  'defaults',
  'params',
  'notes',
  'allow_insecure_key',
  'key',
  'key_header',
  'key_prefix',
  'query',
  'key_env',
  'proxy_mode',
  'proxy_url',
  'color',
] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];

/** Every field an error can be shown next to: the services' and the form's own. */
export type ErrorField = ServiceField | 'max_tokens' | 'max_rpm' | TimeoutField | ParamField;

/** The field an error is about, or null when it is about the whole request. */
export function serviceFieldOf(error: unknown): ServiceField | null {
  if (!(error instanceof ApiCallError) || error.field === undefined) return null;
  return SERVICE_FIELDS.find((field) => field === error.field) ?? null;
}

/**
 * A service's message as a sentence next to a field: the services write
 * fragments ("the name is empty") that the CLI prefixes; a leading identifier
 * (max_tokens, a header name) keeps its case.
 */
export function asSentence(message: string): string {
  return /^[a-z]+\b(?![_-])/.test(message) ? message[0]!.toUpperCase() + message.slice(1) : message;
}
