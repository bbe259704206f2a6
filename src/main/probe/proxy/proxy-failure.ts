// What went wrong on the way through a proxy, said of the proxy, not of the
// provider: a proxy that refuses, cannot be reached or stays silent is not a
// slow or broken provider.

import { SocksClientError } from 'socks';
import { networkReason } from '../failure-text';
import { providerLine } from '../redact';
import { ProxyError } from './proxy-error';

const CHECK_CREDENTIALS = " (check the proxy's credentials)";
/** A proxy's own words (a status text, a SOCKS reply) are kept this short. */
const MAX_PROXY_TEXT = 120;

/** The proxy answered CONNECT with something other than 200. */
export function tunnelRefused(
  proxy: string,
  target: string,
  status: number,
  statusText: string,
): ProxyError {
  const hint =
    status === 407
      ? CHECK_CREDENTIALS
      : status === 403
        ? ' (the proxy does not allow this destination)'
        : status === 502 || status === 503 || status === 504
          ? ` (the proxy could not reach ${target})`
          : '';
  const said = `${status} ${providerLine(statusText, [], MAX_PROXY_TEXT)}`.trim();
  return new ProxyError(`the proxy ${proxy} refused the tunnel to ${target}: ${said}${hint}`);
}

/** "ConnectionRefused" → "connection refused". */
const words = (name: string): string => name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();

function socksFailureText(proxy: string, target: string, error: SocksClientError): string {
  const { message } = error;
  if (message.startsWith('Socks5 Authentication failed')) {
    return `the proxy ${proxy} refused the credentials${CHECK_CREDENTIALS}`;
  }
  if (message.includes('no accepted authentication type')) {
    return `the proxy ${proxy} accepts none of the offered ways to log in${CHECK_CREDENTIALS}`;
  }
  const rejected = /proxy rejected connection - (\w+)/.exec(message);
  if (rejected) {
    return `the proxy ${proxy} refused the tunnel to ${target}: ${words(rejected[1] as string)}`;
  }
  if (message === 'Socket closed') {
    return `the proxy ${proxy} closed the connection before the tunnel to ${target} was open`;
  }
  return `the proxy ${proxy} could not open the tunnel to ${target}: ${providerLine(message, [], MAX_PROXY_TEXT)}`;
}

/** Anything that stopped the tunnel from opening, said of the proxy. */
export function tunnelFailed(
  proxy: string,
  target: string,
  error: unknown,
  connected: boolean,
): ProxyError {
  if (error instanceof ProxyError) return error;
  if (error instanceof SocksClientError) {
    return new ProxyError(socksFailureText(proxy, target, error));
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  if (!connected)
    return new ProxyError(`could not reach the proxy ${proxy}: ${networkReason(failure)}`);
  if (failure.message.startsWith('Proxy connection ended')) {
    return new ProxyError(
      `the proxy ${proxy} closed the connection without answering the tunnel request to ${target}`,
    );
  }
  return new ProxyError(
    `the proxy ${proxy} failed while opening the tunnel to ${target}: ${networkReason(failure)}`,
  );
}

/** The connect timeout passed somewhere on the way through the proxy: say where. */
export function proxyTimeoutText(
  proxy: string,
  target: string,
  reached: { connect_ms: number | null; proxy_ms: number | null },
  within: string,
): string {
  if (reached.connect_ms === null)
    return `could not connect to the proxy ${proxy} within ${within}`;
  if (reached.proxy_ms === null) {
    return `the proxy ${proxy} did not open the tunnel to ${target} within ${within}`;
  }
  return `could not connect to ${target} through the proxy ${proxy} within ${within}`;
}
