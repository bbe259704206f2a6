// What the form can tell from a base URL before saving it: whether a key sent
// there would travel in the clear. The same rule as main's (plain http to a
// host that is not loopback); main still decides at request time.

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The host a key would reach in the clear (http:// to another machine), else null. */
export function insecureHostOf(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? url.host : null;
}

/** Sending a key to this base URL needs the profile's explicit confirmation. */
export function needsInsecureKeyConfirmation(baseUrl: string): boolean {
  return insecureHostOf(baseUrl) !== null;
}
