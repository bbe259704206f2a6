// Where refusals are shown: each field a service's ApiCallError names gets its
// message next to it, in the reader's words (several fields at once when the
// error carries `issues`); anything else is about the whole form.

// From shared, not api/client: this module is pure (tested in Node, where there is no window).
import { ApiCallError } from '../../../../shared/api-client';
import type { FieldIssue } from '../../../../shared/api';
import { mainMessage } from '../../../../shared/i18n/main-message';
import type { Translate } from '../../i18n/error-text';
import type { DraftProblem, ParamField, TimeoutField } from './profile-draft';

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

export interface FormErrors {
  fields: Partial<Record<ErrorField, string>>;
  /** A refusal about no one field (the history unwritable, a bug...). */
  form: unknown;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** The field an issue is about, if the form has it. */
function serviceField(field: string | undefined): ServiceField | null {
  return SERVICE_FIELDS.find((known) => known === field) ?? null;
}

/** The field an error is about, or null when it is about the whole request. */
export function serviceFieldOf(error: unknown): ServiceField | null {
  return error instanceof ApiCallError ? serviceField(error.field) : null;
}

/** Every field issue of a service's refusal: its `issues`, or its one field. */
function issuesOf(error: ApiCallError): readonly FieldIssue[] {
  if (error.issues.length > 0) return error.issues;
  return error.field === undefined
    ? []
    : [{ field: error.field, message: error.message, ...(error.text && { text: error.text }) }];
}

/**
 * A refusal as the form shows it: each field's message next to it (two about
 * one field side by side), or the whole error above the buttons when it names
 * no field the form has.
 */
export function formErrorsOf(t: Translate, error: unknown): FormErrors {
  if (!(error instanceof ApiCallError)) return { fields: {}, form: error };
  const issues = issuesOf(error);
  if (issues.length === 0 || issues.some((issue) => serviceField(issue.field) === null)) {
    return { fields: {}, form: error };
  }
  const fields: FormErrors['fields'] = {};
  for (const issue of issues) {
    const field = serviceField(issue.field)!;
    const text = asSentence(mainMessage(t, issue.message, issue.text));
    fields[field] = fields[field] === undefined ? text : `${fields[field]} ${text}`;
  }
  return { fields, form: null };
}

/** The form's own problems, and then main's about the fields the form had no word on. */
export function mergedErrors(
  t: Translate,
  own: readonly DraftProblem[],
  main: FormErrors,
): FormErrors {
  const fields: FormErrors['fields'] = { ...main.fields };
  for (const problem of own) fields[problem.field] = t(problem.key, problem.values);
  return { fields, form: main.form };
}

/** The errors without the one about `field`. */
export function withoutField(errors: FormErrors, field: ErrorField): FormErrors {
  const fields = { ...errors.fields };
  delete fields[field];
  return { fields, form: errors.form };
}

/**
 * A service's message as a sentence next to a field: the services write
 * fragments ("the name is empty") that the CLI prefixes; a leading identifier
 * (max_tokens, a header name) keeps its case.
 */
export function asSentence(message: string): string {
  return /^[a-z]+\b(?![_-])/.test(message) ? message[0]!.toUpperCase() + message.slice(1) : message;
}
