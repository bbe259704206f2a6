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

/** The same proxy under another scheme: what to write instead when the scheme is wrong. */
const asScheme = (proxy: string, scheme: string): string =>
  proxy.replace(/^[a-z0-9]+:/, `${scheme}:`);

const SOCKS5_VERSION = 0x05;

/** The proxy answered CONNECT with bytes that are not HTTP; a SOCKS5 server's reply is told apart. */
export function answerNotHttp(proxy: string, target: string, received: Buffer): ProxyError {
  if (received[0] === SOCKS5_VERSION) {
    return new ProxyError(
      `the proxy ${proxy} answered the tunnel request to ${target} in SOCKS, not HTTP: this looks like a SOCKS5 proxy: use ${asScheme(proxy, 'socks5')}`,
    );
  }
  // Quoted as JSON, so that control characters and binary show as escapes.
  const said = JSON.stringify(providerLine(received.toString('latin1'), [], MAX_PROXY_TEXT));
  return new ProxyError(
    `the proxy ${proxy} answered the tunnel request to ${target} with something that is not HTTP: ${said}`,
  );
}

/** The proxy closed the connection (cleanly) before its answer to CONNECT was whole. */
export function answerCutShort(proxy: string, target: string, partly: boolean): ProxyError {
  return new ProxyError(
    partly
      ? `the proxy ${proxy} closed the connection in the middle of its answer to the tunnel request to ${target}`
      : `the proxy ${proxy} closed the connection without answering the tunnel request to ${target}`,
  );
}

/** Whether a reply begins as an HTTP answer does, as far as it was read (a SOCKS client gives up after two bytes). */
export function soundsLikeHttp(received: Buffer): boolean {
  const said = received.toString('latin1', 0, 5);
  return said.length >= 2 && 'HTTP/'.startsWith(said);
}

/** A socks5:// proxy that answered the SOCKS greeting in HTTP. */
export function socksAnsweredHttp(proxy: string): ProxyError {
  return new ProxyError(
    `the proxy ${proxy} answered the SOCKS greeting in HTTP: this looks like an HTTP proxy: use ${asScheme(proxy, 'http')}`,
  );
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
  if ((failure as NodeJS.ErrnoException).code === 'ECONNRESET') {
    return new ProxyError(
      `the proxy ${proxy} reset the connection while opening the tunnel to ${target}`,
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
