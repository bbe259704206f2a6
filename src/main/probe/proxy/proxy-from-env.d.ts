// proxy-from-env ships no types; this is the one function LastToken uses.
declare module 'proxy-from-env' {
  /** The proxy URL for a request to `url` from *_PROXY and NO_PROXY, or '' when none applies. */
  export function getProxyForUrl(url: string | URL): string;
}
