// Extra request headers of an endpoint: the one rule for what a header may be,
// shared by `lasttoken probe --header`, saved profiles and (later) the app's
// profile form. Credentials never travel as extra headers: a profile's key
// lives in the OS keychain and a probe's key in an environment variable.

import { CREDENTIAL_HEADER } from '../probe';

export { CREDENTIAL_HEADER };

/** RFC 9110 token characters: what Node accepts as a header name. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What is wrong with a header; the front end words it (it knows its own flags). */
export type HeaderProblem =
  { kind: 'format' } | { kind: 'credential'; name: string } | { kind: 'value'; name: string };

export class HeaderError extends Error {
  override name = 'HeaderError';
  constructor(readonly problem: HeaderProblem) {
    // Never the value: headers are where keys travel.
    super(
      problem.kind === 'format'
        ? 'a header must look like Name:Value with a valid header name'
        : problem.kind === 'credential'
          ? `header ${problem.name} would carry a credential`
          : `header ${problem.name}: the value contains a line break or NUL`,
    );
  }
}

/** Throws HeaderError unless `name: value` may be sent as an extra header. */
export function checkHeader(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) throw new HeaderError({ kind: 'format' });
  if (CREDENTIAL_HEADER.test(name)) throw new HeaderError({ kind: 'credential', name });
  if (/[\r\n\0]/.test(value)) throw new HeaderError({ kind: 'value', name });
}

/** `Name:Value` (spaces around either trimmed) as a checked pair; throws HeaderError. */
export function parseHeaderSpec(spec: string): [name: string, value: string] {
  const colon = spec.indexOf(':');
  if (colon < 0) throw new HeaderError({ kind: 'format' });
  const name = spec.slice(0, colon).trim();
  const value = spec.slice(colon + 1).trim();
  checkHeader(name, value);
  return [name, value];
}
