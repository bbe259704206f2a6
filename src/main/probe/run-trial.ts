import type http from 'node:http';
import type { EventSourceMessage } from 'eventsource-parser';
import type { Clock } from '../clock';
import type { AbortRecord, PingRecord, Trial, TrialStatus } from '../../shared/trial';
import { ProtocolError, type DialectAdapter, type Usage } from './dialects';
import { networkErrorText, parseRetryAfter, providerErrorMessage } from './failure-text';
import { PrematureCloseError, startExchange, type Exchange } from './http-exchange';
import { redactSecrets, truncate } from './redact';
import { createTimedSseReader, type TimedSseReader } from './sse-reader';
import { countTokens } from './tokens';
import { deriveTrial, type ObservedChunk } from './trial-metrics';
import type { Limits, RequestSpec, TrialOptions } from './types';
import { formatSeconds as seconds } from '../../shared/duration';

export interface TrialContext {
  url: URL;
  headers: Record<string, string>;
  body: string;
  adapter: DialectAdapter;
  agent: http.Agent | false;
  clock: Clock;
  request: RequestSpec;
  limits: Limits;
  options: TrialOptions;
  usageRequested: boolean;
  /** Strings that must never appear in an error text (the API key). */
  secrets: readonly string[];
}

/** How long to watch the socket after hanging up in the abort experiment. */
export const ABORT_GRACE_MS = 3_000;
/** After the end-of-stream marker, how long the body may take to end before we stop waiting. */
const DONE_GRACE_MS = 1_000;
const MAX_WHOLE_BODY_BYTES = 32 * 1024 * 1024;
const MAX_ERROR_BODY_BYTES = 64 * 1024;
const MAX_OFFENDING_CHARS = 200;

type BodyRoute = 'sse' | 'whole' | 'error';

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-sim-request-id'];

function requestIdOf(response: http.IncomingMessage): string | null {
  for (const name of REQUEST_ID_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

function routeFor(response: http.IncomingMessage): BodyRoute {
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) return 'error';
  const type = response.headers['content-type'] ?? '';
  return type.includes('text/event-stream') ? 'sse' : 'whole';
}

/**
 * Runs one request and observes it. Everything time-critical happens in the
 * exchange's read listener; parsing follows the timestamp, and tokenizing and
 * deriving metrics wait until the trial is over.
 */
export function runTrial(ctx: TrialContext): Promise<Trial> {
  return new Promise((resolve) => {
    const { limits, options, adapter } = ctx;
    const started_at = new Date().toISOString();
    let settled = false;

    let headersAt: number | null = null;
    let firstByteAt: number | null = null;
    let firstEventAt: number | null = null;
    let completeAt: number | null = null;
    let lastByteAt = 0;
    let maxSilence = 0;
    let bytes = 0;
    let httpStatus: number | null = null;
    let retryAfter: number | null = null;
    let requestId: string | null = null;
    let route: BodyRoute = 'whole';
    let response: http.IncomingMessage | undefined;
    const bodyParts: Buffer[] = [];
    let heldBytes = 0;
    let sawEndMarker = false;

    const chunks: ObservedChunk[] = [];
    const pings: PingRecord[] = [];
    const usage: Usage = { completion_tokens: null, prompt_tokens: null };
    let wholeBody: { content: string; reasoning: string } | null = null;
    let contentSoFar = '';
    let charsSoFar = 0;
    let contentTokenBound = 0;

    let abortAt: number | null = null;
    let abortCloseAt: number | null = null;
    let bytesAfterAbort = 0;
    let chunksAfterAbort = 0;

    const timers: NodeJS.Timeout[] = [];
    let idleTimer: NodeJS.Timeout | undefined;
    let progressQueued = false;

    const host = ctx.url.host;
    const safe = (text: string): string => redactSecrets(text, ctx.secrets);

    const finish = (status: TrialStatus, error: string | null, keepConnection = false): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      if (idleTimer) clearTimeout(idleTimer);
      options.signal?.removeEventListener('abort', onCancel);
      const stoppedAt = exchange.elapsed();
      maxSilence = Math.max(maxSilence, stoppedAt - lastByteAt);
      const phases = exchange.phases();
      if (keepConnection) exchange.release();
      else exchange.destroy();
      const abort: AbortRecord | null =
        abortAt === null || options.abort_after_tokens === undefined
          ? null
          : {
              after_tokens: options.abort_after_tokens,
              at_ms: abortAt,
              close_ms: abortCloseAt === null ? null : abortCloseAt - abortAt,
              bytes_after: bytesAfterAbort,
              chunks_after: chunksAfterAbort,
            };
      // Tokenizing and deriving metrics are the slow part: let reads that are
      // already waiting on other sockets be stamped first.
      setImmediate(() =>
        resolve(
          deriveTrial({
            mode: ctx.request.mode,
            status,
            started_at,
            t0_mono_ms: exchange.t0MonoMs,
            phases,
            headers_ms: headersAt,
            first_byte_ms: firstByteAt,
            first_event_ms: firstEventAt,
            complete_ms: completeAt,
            stopped_ms: stoppedAt,
            chunks,
            whole_body: wholeBody,
            pings,
            max_silence_ms: maxSilence,
            bytes,
            usage,
            usage_requested: ctx.usageRequested,
            http_status: httpStatus,
            request_id: requestId,
            retry_after_s: retryAfter,
            error: error === null ? null : safe(error),
            abort,
            stall_ms: limits.stall_ms,
          }),
        ),
      );
    };

    const onCancel = (): void => finish('aborted', 'cancelled by the user');

    const queueProgress = (): void => {
      if (!options.onProgress || progressQueued) return;
      progressQueued = true;
      setImmediate(() => {
        progressQueued = false;
        if (!settled) options.onProgress?.({ chunks: chunks.length, chars: charsSoFar });
      });
    };

    const finishAbort = (): void =>
      finish(
        'aborted',
        `hung up after ${options.abort_after_tokens} content tokens (abort experiment)`,
      );

    const armIdleTimer = (): void => {
      if (idleTimer) {
        idleTimer.refresh();
        return;
      }
      idleTimer = setTimeout(
        () =>
          finish(
            'idle_timeout',
            `no bytes received for ${seconds(limits.idle_timeout_ms)} (idle limit)`,
          ),
        limits.idle_timeout_ms,
      );
    };

    const hangUp = (): void => {
      abortAt = exchange.elapsed();
      if (idleTimer) clearTimeout(idleTimer);
      timers.push(setTimeout(finishAbort, ABORT_GRACE_MS));
      exchange.hangUp();
    };

    const mergeUsage = (reported: Partial<Usage>): void => {
      if (reported.completion_tokens != null) usage.completion_tokens = reported.completion_tokens;
      if (reported.prompt_tokens != null) usage.prompt_tokens = reported.prompt_tokens;
    };

    const onEvent = (at: number, event: EventSourceMessage, eventBytes: number): void => {
      if (settled) return;
      firstEventAt ??= at;
      let info;
      try {
        info = adapter.parseStreamEvent(event);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        finish('protocol_error', `${error.message}: ${truncate(event.data, MAX_OFFENDING_CHARS)}`);
        return;
      }
      if (info.ping) pings.push({ at_ms: at, kind: 'event' });
      if (info.usage) mergeUsage(info.usage);
      if (info.error !== null) {
        finish('http_error', `the provider reported an error inside the stream: ${info.error}`);
        return;
      }
      if (info.content || info.reasoning) {
        if (abortAt !== null) {
          chunksAfterAbort++;
        } else {
          charsSoFar += info.content.length + info.reasoning.length;
          chunks.push({
            at_ms: at,
            content: info.content,
            reasoning: info.reasoning,
            bytes: eventBytes,
          });
          queueProgress();
          const limit = options.abort_after_tokens;
          if (limit !== undefined && info.content) {
            contentSoFar += info.content;
            // Counting chunk by chunk over-counts, so it is a cheap upper
            // bound; the exact count over the whole text runs only once the
            // bound says the limit may have been reached.
            contentTokenBound += countTokens(info.content);
            if (contentTokenBound >= limit && countTokens(contentSoFar) >= limit) hangUp();
          }
        }
      }
      if (info.done && abortAt === null) {
        sawEndMarker = true;
        completeAt ??= at;
        // Some servers keep the body open after the marker; the response is
        // complete for the user at the marker, so stop waiting soon after.
        timers.push(setTimeout(() => finish('ok', null), DONE_GRACE_MS));
      }
    };

    const sse: TimedSseReader = createTimedSseReader({
      onEvent,
      onComment: (at) => {
        if (!settled && abortAt === null) pings.push({ at_ms: at, kind: 'comment' });
      },
    });

    const finishWholeBody = (at: number): void => {
      const text = Buffer.concat(bodyParts).toString('utf8');
      if (route === 'error') {
        const status = response?.statusCode ?? 0;
        const location = response?.headers.location;
        const detail = location
          ? `redirected to ${location}; use that URL`
          : providerErrorMessage(text);
        finish(
          'http_error',
          `HTTP ${status} ${response?.statusMessage ?? ''}`.trim() + (detail ? `: ${detail}` : ''),
        );
        return;
      }
      try {
        const parsed = adapter.parsePlainBody(text);
        wholeBody = { content: parsed.content, reasoning: parsed.reasoning };
        mergeUsage(parsed.usage);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        finish('protocol_error', `${error.message}: ${truncate(text, MAX_OFFENDING_CHARS)}`);
        return;
      }
      completeAt = at;
      if (ctx.request.mode === 'stream') {
        finish(
          'stream_ignored',
          'asked to stream, but the server answered with one JSON body',
          true,
        );
      } else {
        finish('ok', null, true);
      }
    };

    const connectTimer = setTimeout(
      () =>
        finish(
          'connect_timeout',
          `could not connect to ${host} within ${seconds(limits.connect_timeout_ms)}`,
        ),
      limits.connect_timeout_ms,
    );
    timers.push(connectTimer);
    timers.push(
      setTimeout(
        () =>
          finish(
            'deadline',
            `no complete response within ${seconds(limits.deadline_ms)} (deadline)`,
          ),
        limits.deadline_ms,
      ),
    );

    const exchange: Exchange = startExchange(
      { url: ctx.url, headers: ctx.headers, body: ctx.body, agent: ctx.agent, clock: ctx.clock },
      {
        onConnected() {
          if (settled) return;
          clearTimeout(connectTimer);
          // A plain request is silent while the server generates, by design:
          // its idle limit starts with the first byte; the deadline covers the wait.
          if (ctx.request.mode === 'stream') armIdleTimer();
        },
        onRead(at, n) {
          if (settled) return;
          maxSilence = Math.max(maxSilence, at - lastByteAt);
          lastByteAt = at;
          if (abortAt !== null) bytesAfterAbort += n;
          else armIdleTimer();
        },
        onResponse(at, res) {
          if (settled) return;
          headersAt = at;
          response = res;
          httpStatus = res.statusCode ?? null;
          retryAfter = parseRetryAfter(res.headers['retry-after']);
          requestId = requestIdOf(res);
          route = routeFor(res);
        },
        onBody(at, chunk) {
          if (settled) return;
          firstByteAt ??= at;
          bytes += chunk.length;
          if (route === 'sse') {
            sse.feed(at, chunk);
            return;
          }
          const cap = route === 'error' ? MAX_ERROR_BODY_BYTES : MAX_WHOLE_BODY_BYTES;
          if (heldBytes < cap) {
            const part = chunk.subarray(0, cap - heldBytes);
            bodyParts.push(part);
            heldBytes += part.length;
          } else if (route === 'whole') {
            finish('protocol_error', `response body larger than ${cap} bytes`);
          }
        },
        onEnd(at) {
          if (settled || abortAt !== null) return;
          if (route !== 'sse') {
            finishWholeBody(at);
            return;
          }
          sse.end(at);
          if (settled) return;
          completeAt ??= at;
          finish(
            'ok',
            sawEndMarker ? null : 'the stream ended without an end-of-stream marker',
            true,
          );
        },
        onFailure(error) {
          if (settled || abortAt !== null) return;
          const text =
            error instanceof PrematureCloseError
              ? `${error.message} (${host})`
              : networkErrorText(error, host);
          finish('network_error', text);
        },
        onSocketClose(at) {
          if (abortAt === null || settled) return;
          abortCloseAt = at;
          finishAbort();
        },
      },
    );

    if (options.signal?.aborted) onCancel();
    else options.signal?.addEventListener('abort', onCancel, { once: true });
  });
}
