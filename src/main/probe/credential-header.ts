/**
 * A header whose name says it carries a credential (Authorization, X-Api-Key,
 * Cookie...). The engine redacts such values from error texts; the front ends
 * refuse them as extra headers, since keys live in the keychain or in an
 * environment variable.
 */
export const CREDENTIAL_HEADER = /auth|key|token|secret|cookie|signature|password/i;
