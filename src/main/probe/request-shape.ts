// What every request to an endpoint carries besides its body: the dialect's
// headers, the key in its header (the dialect's, or the one the endpoint
// names), the endpoint's extra headers, and its extra query parameters.

import type { DialectAdapter } from './dialects/dialect';
import type { EndpointSpec } from './types';

/** The headers that identify the request to the provider; the key is in them only when there is one. */
export function endpointHeaders(
  endpoint: EndpointSpec,
  adapter: DialectAdapter,
): Record<string, string> {
  const carrier = endpoint.key_header ?? adapter.keyHeader;
  return {
    ...adapter.headers(),
    ...(endpoint.api_key ? { [carrier.name]: `${carrier.prefix}${endpoint.api_key}` } : {}),
    ...endpoint.headers,
  };
}

/** The name of the header that carries the key, for messages that must not show its value. */
export function keyHeaderName(endpoint: EndpointSpec, adapter: DialectAdapter): string {
  return (endpoint.key_header ?? adapter.keyHeader).name;
}

/** `url` with the endpoint's extra query parameters; they replace any of the same name the base URL has. */
export function withQuery(url: URL, query: Record<string, string> | undefined): URL {
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url;
}
