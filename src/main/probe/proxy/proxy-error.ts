/** A failure of the proxy (reaching it, or its tunnel): its message names the proxy, not the provider. */
export class ProxyError extends Error {}
