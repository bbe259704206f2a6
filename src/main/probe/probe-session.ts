import http from 'node:http';
import https from 'node:https';
import { monotonicClock, type Clock } from '../clock';
import { WordedError, type MessageText } from '../../shared/messages';
import type { Trial } from '../../shared/trial';
import { dialectAdapter } from './dialects';
import type { BodyShape } from './dialects/dialect';
import { EndpointUrlError, isLoopbackHost, resolveEndpointUrl } from './endpoint-url';
import { redactSecrets } from './redact';
import { endpointHeaders, keyHeaderName, withQuery } from './request-shape';
import { runTrial } from './run-trial';
import { sharedTokenCounter, type TokenCounter } from './tokens';
import { unmeasuredTrial } from './trial-metrics';
import type { EndpointSpec, Limits, RequestSpec, TrialOptions, TrialRunner } from './types';
import { CREDENTIAL_HEADER } from './credential-header';
import { createProxyAgent } from './proxy/proxy-agent';
import { proxyRouteFor, proxySecrets, ProxyUrlError, type ProxyRoute } from './proxy/proxy-route';

/** The endpoint cannot be probed as configured: a message for people (a URL's problem in its own words). */
export class ProbeConfigError extends WordedError {}

/** The key would travel unencrypted: each front end names its own way to confirm that. */
export class InsecureKeyError extends ProbeConfigError {}

export interface ProbeSessionOptions {
  /** Keep one connection alive across trials instead of opening a new one per trial. */
  reuse_connection?: boolean;
  clock?: Clock;
  /** Where tokens are counted (default: the process's token worker). */
  tokens?: TokenCounter;
}

/** What must never appear in a text that leaves the engine: the key, credential headers, the proxy's credentials. */
export function secretsOf(endpoint: EndpointSpec, route: ProxyRoute | null): string[] {
  const headerSecrets = Object.entries(endpoint.headers ?? {})
    .filter(([name]) => CREDENTIAL_HEADER.test(name))
    .map(([, value]) => value);
  return [endpoint.api_key ?? '', ...headerSecrets, ...proxySecrets(route)].filter(
    (s) => s.length > 0,
  );
}

/** The proxy requests to `url` go through (the profile's, or the environment's); null when direct. */
export function proxyRoute(endpoint: EndpointSpec, url: URL): ProxyRoute | null {
  try {
    return proxyRouteFor(endpoint.proxy, url);
  } catch (error) {
    if (error instanceof ProxyUrlError) throw new ProbeConfigError(error.message);
    throw error;
  }
}

/** Through a proxy, its agent; else a kept-alive connection's, or none (a new connection per request). */
function agentFor(
  url: URL,
  route: ProxyRoute | null,
  reuse: boolean,
  clock: Clock,
): http.Agent | false {
  if (route) return createProxyAgent(route, { keepAlive: reuse, clock });
  if (!reuse) return false;
  return new (url.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 1 });
}

/** Node refuses to send a header with characters outside Latin-1 or line breaks; say which one, never its value. */
function checkHeaders(headers: Record<string, string>, keyHeader: string): void {
  for (const [name, value] of Object.entries(headers)) {
    try {
      http.validateHeaderName(name);
      http.validateHeaderValue(name, value);
    } catch {
      const what: MessageText =
        CREDENTIAL_HEADER.test(name) || name.toLowerCase() === keyHeader.toLowerCase()
          ? { key: 'probe.the_key' }
          : { key: 'probe.header_value', values: { name } };
      throw new ProbeConfigError({ key: 'probe.header_not_sendable', values: { what } });
    }
  }
}

function checkRequest(request: RequestSpec): void {
  if (request.messages.length === 0) throw new ProbeConfigError({ key: 'probe.no_messages' });
  if (!Number.isInteger(request.max_tokens) || request.max_tokens < 1) {
    throw new ProbeConfigError({ key: 'probe.max_tokens', values: { value: request.max_tokens } });
  }
}

/** The endpoint as a session sends to it; throws ProbeConfigError when it cannot be probed as configured. */
function preparedEndpoint(endpoint: EndpointSpec) {
  const url = checkedEndpointUrl(endpoint, resolveEndpointUrl);
  const adapter = dialectAdapter(endpoint.dialect);
  const identity = endpointHeaders(endpoint, adapter);
  checkHeaders(identity, keyHeaderName(endpoint, adapter));
  return { url, adapter, identity, route: proxyRoute(endpoint, url) };
}

/**
 * Throws the ProbeConfigError a session for `endpoint` would, without opening
 * one: a front end says what is wrong before it hands the endpoint to the
 * measuring thread.
 */
export function checkEndpoint(endpoint: EndpointSpec): void {
  preparedEndpoint(endpoint);
}

/**
 * Whether the endpoint refused the request because of the named parameter: a
 * 400 (or 422, as validating servers answer) whose message names it, as
 * OpenAI's "Unsupported parameter: 'max_tokens' ... Use 'max_completion_tokens'
 * instead" and older servers' "Unrecognized request argument supplied:
 * max_completion_tokens" do.
 */
export function refusesParameter(trial: Trial, name: string): boolean {
  if (trial.status !== 'http_error' || (trial.http_status !== 400 && trial.http_status !== 422)) {
    return false;
  }
  return new RegExp(`\\b${name}\\b`).test(trial.error ?? '');
}

/**
 * Measures one endpoint, trial after trial. It remembers what it learned about
 * the endpoint (whether it accepts `stream_options`, what its token limit is
 * called) so that only the first trial pays for a retry.
 */
export function createProbeSession(
  endpoint: EndpointSpec,
  options: ProbeSessionOptions = {},
): TrialRunner {
  const { url, adapter, identity, route } = preparedEndpoint(endpoint);
  const clock = options.clock ?? monotonicClock;
  const agent = agentFor(url, route, options.reuse_connection === true, clock);
  const secrets = secretsOf(endpoint, route);
  const tokens = options.tokens ?? sharedTokenCounter();
  // The worker loads its vocabulary while the first request is in flight.
  tokens.warm();
  let streamUsageAccepted: boolean | undefined;
  let learnedTokenParam: string | undefined;

  const attempt = (
    request: RequestSpec,
    limits: Limits,
    trialOptions: TrialOptions,
    shape: BodyShape,
  ) =>
    runTrial({
      url,
      headers: {
        'content-type': 'application/json',
        accept: request.mode === 'stream' ? 'text/event-stream' : 'application/json',
        'user-agent': 'LastToken',
        ...identity,
      },
      body: JSON.stringify(adapter.body(endpoint, request, shape)),
      adapter,
      agent,
      proxy: route?.display ?? null,
      clock,
      request,
      limits,
      options: trialOptions,
      usageRequested: shape.streamUsage,
      tokenParam: shape.tokenParam,
      secrets,
      tokens,
    });

  /**
   * The first attempt, and the retry with the token limit's other name a
   * model may need (OpenAI's reasoning models refuse `max_tokens`).
   */
  const withTokenParam = async (
    request: RequestSpec,
    limits: Limits,
    trialOptions: TrialOptions,
    streamUsage: boolean,
  ): Promise<Trial> => {
    const tokenParam = learnedTokenParam ?? request.params?.token_param ?? adapter.tokenParams[0];
    const trial = await attempt(request, limits, trialOptions, { streamUsage, tokenParam });
    const other = adapter.tokenParams.find((name) => name !== tokenParam);
    if (other === undefined || !refusesParameter(trial, tokenParam)) return trial;
    const retried = await attempt(request, limits, trialOptions, {
      streamUsage,
      tokenParam: other,
    });
    // Refused again: the first answer says more about what is wrong.
    if (refusesParameter(retried, other)) return trial;
    learnedTokenParam = other;
    retried.error ??= `the endpoint refused ${tokenParam} (HTTP ${trial.http_status}): asked again with ${other}, which it accepts`;
    return retried;
  };

  /** The attempts with the token limit's names, and the retry without stream_options an endpoint may need. */
  const measure = async (
    request: RequestSpec,
    limits: Limits,
    trialOptions: TrialOptions,
  ): Promise<Trial> => {
    const askUsage =
      request.mode === 'stream' && adapter.canRequestStreamUsage && streamUsageAccepted !== false;
    const trial = await withTokenParam(request, limits, trialOptions, askUsage);
    if (!askUsage) return trial;
    if (trial.status === 'http_error' && trial.http_status === 400) {
      // Some OpenAI-compatible servers reject stream_options outright.
      const retried = await withTokenParam(request, limits, trialOptions, false);
      if (retried.http_status !== 400) {
        streamUsageAccepted = false;
        retried.error ??=
          'the endpoint rejected stream_options.include_usage (HTTP 400): measured without it, so usage is unavailable';
      }
      return retried;
    }
    if (trial.status === 'ok') streamUsageAccepted = true;
    return trial;
  };

  return {
    async runTrial(request, limits, trialOptions = {}): Promise<Trial> {
      checkRequest(request);
      try {
        return await measure(request, limits, trialOptions);
      } catch (error) {
        // A bug in LastToken fails this trial, never the run or the process.
        const message = error instanceof Error ? error.message : String(error);
        return unmeasuredTrial(
          request.mode,
          'internal_error',
          redactSecrets(
            `LastToken failed to run this trial (please report it): ${message}`,
            secrets,
          ),
          route?.display ?? null,
          request.input_tokens ?? null,
        );
      }
    },
    close() {
      if (agent) agent.destroy();
    },
  };
}

/**
 * Resolves the URL a request for `endpoint` goes to, refusing a malformed one
 * and a key that would travel unencrypted to another machine.
 */
export function checkedEndpointUrl(
  endpoint: EndpointSpec,
  resolve: (baseUrl: string, dialect: EndpointSpec['dialect']) => URL,
): URL {
  let url: URL;
  try {
    url = withQuery(resolve(endpoint.base_url, endpoint.dialect), endpoint.query);
  } catch (error) {
    if (error instanceof EndpointUrlError) throw new ProbeConfigError(error.text ?? error.message);
    throw error;
  }
  if (
    endpoint.api_key &&
    url.protocol === 'http:' &&
    !isLoopbackHost(url.hostname) &&
    !endpoint.allow_insecure_key
  ) {
    throw new InsecureKeyError({ key: 'probe.insecure_key', values: { host: url.host } });
  }
  return url;
}
