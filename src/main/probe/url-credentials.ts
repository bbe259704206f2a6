// A key in a URL is a key in plain sight: the base URL is saved with the
// profile, written to profile files, run files and CSV, printed in reports,
// and logged by the proxies and servers on the way. Keys travel in a header,
// from the keychain or an environment variable; this is the one rule for
// what of a URL a user gives would carry a credential, whichever front end
// took it.

import { CREDENTIAL_HEADER } from './credential-header';

/** Query parameters that carry credentials besides those CREDENTIAL_HEADER names (Azure's sig and code). */
const CREDENTIAL_QUERY = /^(sig|code|credential|x-amz-.*)$/i;
/** Values shaped like the API keys providers issue. */
const KEY_LIKE_VALUE = /^(sk|pk|rk|gsk|xai|nvapi|hf)[-_][\w-]{8,}|^AIza[\w-]{20,}|^bearer\s/i;
/** A parameter name a message may repeat: a word, not a key written where a name goes. */
const SHOWN_NAME = /^[\w.-]{1,64}$/;

const NOT_IN_URLS = 'never put keys in the URL (it is saved, exported and shown)';
const KEY_INSTEAD = 'keep the key in the keychain or an environment variable (--key-env)';

/** Whether a query parameter would carry a credential, by its name or by the shape of its name or value. */
export function isCredentialQuery(name: string, value: string): boolean {
  return (
    CREDENTIAL_HEADER.test(name) ||
    CREDENTIAL_QUERY.test(name) ||
    KEY_LIKE_VALUE.test(name) ||
    KEY_LIKE_VALUE.test(value)
  );
}

/** Why query parameter `name` is refused: its name when that is safe to show, never its value. */
export function credentialQueryMessage(name: string): string {
  const which =
    SHOWN_NAME.test(name) && !KEY_LIKE_VALUE.test(name)
      ? `query parameter ${name}`
      : 'a query parameter';
  return (
    `${which} would carry a credential: ${NOT_IN_URLS}; ${KEY_INSTEAD} and name the header ` +
    'it goes in (--key-header); --query is for parameters that are not secret'
  );
}

/** What of `url` would carry a credential, in words that never repeat it; null when nothing does. */
export function urlCredentialProblem(url: URL): string | null {
  if (url.username || url.password) {
    return `the URL contains credentials (user:pass@ before the host): ${NOT_IN_URLS}; ${KEY_INSTEAD}`;
  }
  for (const [name, value] of url.searchParams) {
    if (isCredentialQuery(name, value.trim())) return credentialQueryMessage(name);
  }
  return null;
}
