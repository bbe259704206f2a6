// A profile's own proxy: its URL is saved without credentials, which go to the
// OS keychain like a key. Messages never repeat a credential.

import { englishOf, type MessageText, type Worded } from '../../shared/messages';
import { PROXY_SCHEMES } from '../../shared/run';

/** A proxy's user name and password, as the proxy expects them (not percent-encoded). */
export interface ProxyCredentials {
  username: string;
  password: string;
}

/** A proxy URL that cannot be used; the message never repeats its credentials. */
export class ProxyUrlInputError extends Error implements Worded {
  override name = 'ProxyUrlInputError';
  constructor(readonly text: MessageText) {
    super(englishOf(text));
  }
}

const MAX_PROXY_URL_LENGTH = 2000;
/** A proxy's user name and password together; they share one keychain entry with the key's limits. */
const MAX_CREDENTIAL_LENGTH = 500;

/**
 * The proxy as it will be saved (scheme://host:port, nothing else) and the
 * credentials written into it (user:pass@host), if any. Throws
 * ProxyUrlInputError for a URL that is not a proxy LastToken can use.
 */
export function splitProxyUrl(text: string): {
  url: string;
  credentials: ProxyCredentials | null;
} {
  const trimmed = text.trim();
  if (trimmed === '') throw new ProxyUrlInputError({ key: 'profiles.proxy_url_empty' });
  if (trimmed.length > MAX_PROXY_URL_LENGTH) {
    throw new ProxyUrlInputError({
      key: 'profiles.proxy_url_too_long',
      values: { max: MAX_PROXY_URL_LENGTH },
    });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ProxyUrlInputError({ key: 'profiles.proxy_url_invalid' });
  }
  if (!(PROXY_SCHEMES as readonly string[]).includes(url.protocol)) {
    throw new ProxyUrlInputError({
      key: 'profiles.proxy_url_scheme',
      values: { scheme: `${url.protocol}//` },
    });
  }
  if (!url.hostname) throw new ProxyUrlInputError({ key: 'profiles.proxy_url_no_host' });
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new ProxyUrlInputError({ key: 'profiles.proxy_url_path' });
  }
  const credentials =
    url.username || url.password
      ? { username: decoded(url.username), password: decoded(url.password) }
      : null;
  if (credentials) checkProxyCredentials(credentials);
  return { url: `${url.protocol}//${url.host}`, credentials };
}

/** Throws ProxyUrlInputError unless the credentials can be kept and sent. */
export function checkProxyCredentials(credentials: ProxyCredentials): void {
  const { username, password } = credentials;
  if (username === '') throw new ProxyUrlInputError({ key: 'profiles.proxy_user_missing' });
  if (/[\p{Cc}\u2028\u2029]/u.test(username + password)) {
    throw new ProxyUrlInputError({ key: 'profiles.proxy_credentials_control' });
  }
  if (username.length + password.length > MAX_CREDENTIAL_LENGTH) {
    throw new ProxyUrlInputError({
      key: 'profiles.proxy_credentials_too_long',
      values: { max: MAX_CREDENTIAL_LENGTH },
    });
  }
}

/** URL userinfo is percent-encoded; a stray % is kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

// The keychain keeps one text per entry: user name and password joined as URL
// userinfo is (percent-encoded, so neither part can contain the colon between
// them), which also makes it one line of visible characters, as a key is.

export function encodeProxyCredentials(credentials: ProxyCredentials): string {
  return `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}`;
}

export function decodeProxyCredentials(stored: string): ProxyCredentials {
  const colon = stored.indexOf(':');
  return colon < 0
    ? { username: decoded(stored), password: '' }
    : { username: decoded(stored.slice(0, colon)), password: decoded(stored.slice(colon + 1)) };
}

/** The keychain account of a profile's proxy credentials: beside its key's (the profile id), never the same. */
export function proxyCredentialsAccount(profileId: string): string {
  return `${profileId}#proxy`;
}
