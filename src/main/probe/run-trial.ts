import type http from 'node:http';
import type { EventSourceMessage } from 'eventsource-parser';
import type { Clock } from '../clock';
import type { AbortRecord, PingRecord, Trial, TrialStatus } from '../../shared/trial';
import { formatSeconds as seconds } from '../../shared/duration';
import { DEFAULT_READER_PACE_TPS } from '../../shared/reader';
import { canDecode, contentEncodingOf, createBodyDecoder, type BodyDecoder } from './body-decoder';
import { eventStreamSniffer, withoutBom } from './body-start';
import {
  NO_USAGE,
  ProtocolError,
  type DialectAdapter,
  type Usage,
  type UsageReading,
} from './dialects';
import { networkErrorText, parseRetryAfter, providerErrorMessage } from './failure-text';
import { PrematureCloseError, startExchange, type Exchange } from './http-exchange';
import { proxyTimeoutText } from './proxy/proxy-failure';
import { providerLine, redactSecrets } from './redact';
import { createTimedSseReader, SseEventTooLargeError, type TimedSseReader } from './sse-reader';
import type { TokenCounter } from './tokens';
import { abortCounter, type CountTokens } from './tokens/abort-counter';
import { ChunkLog } from './chunk-log';
import { deriveTrial, USAGE_FIELDS, type CountedText } from './trial-metrics';
import type { ArrivalPoint, Limits, RequestSpec, TrialOptions } from './types';

export interface TrialContext {
  url: URL;
  headers: Record<string, string>;
  body: string;
  adapter: DialectAdapter;
  agent: http.Agent | false;
  /** The proxy the agent goes through, as scheme://host:port; null when direct. */
  proxy: string | null;
  clock: Clock;
  request: RequestSpec;
  limits: Limits;
  options: TrialOptions;
  usageRequested: boolean;
  /** The name the body gave its token limit. */
  tokenParam: string;
  /** Strings that must never appear in anything the trial keeps or says (the API key). */
  secrets: readonly string[];
  /** Counts tokens and redacts the text off this thread. */
  tokens: TokenCounter;
}

/** A live count (TrialOptions.liveTokens) starts at most this often: a view refreshes no faster. */
export const LIVE_COUNT_INTERVAL_MS = 100;

/** How long to watch the socket after hanging up in the abort experiment. */
export const ABORT_GRACE_MS = 3_000;
/** After the end-of-stream marker, how long the body may take to end before we stop waiting. */
const DONE_GRACE_MS = 1_000;
/** Of an error body only the start is read: the provider's message is in it. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** Provider text in a message: the offending event, the error message, a header value. */
const MAX_OFFENDING_CHARS = 200;
const MAX_PROVIDER_MESSAGE_CHARS = 300;
const MAX_HEADER_CHARS = 200;
/** A usage value that is not a count, as it is quoted in the trial's note. */
const MAX_NOT_A_COUNT_CHARS = 40;
/**
 * Keep-alives are kept one record each; a real stream sends one every few
 * seconds. This many is a flood, not a keep-alive, and would otherwise grow
 * without bound.
 */
export const MAX_PINGS = 100_000;

type BodyRoute = 'sse' | 'whole' | 'error';

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-sim-request-id'];

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function firstHeader(response: http.IncomingMessage, names: readonly string[]): string | null {
  for (const name of names) {
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
 * exchange's read listener; parsing follows the timestamp, and counting tokens
 * runs on the token worker's thread once the trial is over (all but the abort
 * experiment's, which decides when to hang up: abort-counter.ts). Never rejects:
 * whatever goes wrong inside becomes the trial's status and message, with
 * every timing measured up to then.
 */
export function runTrial(ctx: TrialContext): Promise<Trial> {
  if (ctx.options.abort_after_tokens === undefined) return observeTrial(ctx, null);
  // Ready before the request: building the vocabulary at a chunk would delay it.
  return abortCounter().then(
    (count) => observeTrial(ctx, count),
    (error: unknown) =>
      observeTrial(ctx, () => {
        throw error;
      }),
  );
}

function observeTrial(ctx: TrialContext, countTokens: CountTokens | null): Promise<Trial> {
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
    let decodedBytes = 0;
    let httpStatus: number | null = null;
    let retryAfter: number | null = null;
    let requestId: string | null = null;
    let contentEncoding: string | null = null;
    let finishReason: string | null = null;
    let route: BodyRoute = 'whole';
    let response: http.IncomingMessage | undefined;
    let decoder: BodyDecoder | undefined;
    const bodyParts: Buffer[] = [];
    let heldBytes = 0;
    let sawEndMarker = false;
    const sniffEventStream = eventStreamSniffer();

    const chunks = new ChunkLog();
    const pings: PingRecord[] = [];
    const usage: Usage = { ...NO_USAGE };
    // What the trial says besides its status (a usage value that is no count), by what it is about.
    const notes = new Map<string, string>();
    // A plain answer's text, read whole; a stream's is in its chunk log.
    let wholeBody = false;
    let wholeContent = '';
    let wholeReasoning = '';
    const contentText = (): string => (wholeBody ? wholeContent : chunks.contentText());
    const reasoningText = (): string => (wholeBody ? wholeReasoning : chunks.reasoningText());
    const textChars = (): number =>
      wholeBody ? wholeContent.length + wholeReasoning.length : chunks.chars;

    let abortAt: number | null = null;
    let abortCloseAt: number | null = null;
    let bytesAfterAbort = 0;
    let chunksAfterAbort = 0;
    let contentBytes = 0;

    const timers: NodeJS.Timeout[] = [];
    let idleTimer: NodeJS.Timeout | undefined;
    let progressQueued = false;

    // Live counting: how far the last count got, and the arrival points not yet reported.
    let liveCount: 'idle' | 'counting' | 'waiting' = 'idle';
    let liveCountStarted = -Infinity;
    let countedChunks = 0;
    let countedTokens: number | null = options.liveTokens ? 0 : null;
    let unreportedPoints: ArrivalPoint[] = [];

    const host = ctx.url.host;
    const safe = (text: string): string => redactSecrets(text, ctx.secrets);
    const line = (text: string, max: number): string => providerLine(text, ctx.secrets, max);

    const finish = (status: TrialStatus, error: string | null, keepConnection = false): void => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      if (idleTimer) clearTimeout(idleTimer);
      options.signal?.removeEventListener('abort', onCancel);
      decoder?.destroy();
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
      const said = (error_: string | null): string | null => {
        const all = error_ === null ? [...notes.values()] : [error_, ...notes.values()];
        return all.length === 0 ? null : safe(all.join('; '));
      };
      const observed = (counted: CountedText, status_: TrialStatus, error_: string | null) =>
        deriveTrial({
          mode: ctx.request.mode,
          status: status_,
          started_at,
          t0_mono_ms: exchange.t0MonoMs,
          phases,
          proxy: ctx.proxy,
          headers_ms: headersAt,
          first_byte_ms: firstByteAt,
          first_event_ms: firstEventAt,
          complete_ms: completeAt,
          stopped_ms: stoppedAt,
          chunks: chunks.observed(),
          whole_body: wholeBody,
          text: counted,
          pings,
          max_silence_ms: maxSilence,
          bytes,
          bytes_after_end: sawEndMarker ? sse.bytesAfterEnd() : null,
          content_encoding: contentEncoding,
          finish_reason: finishReason,
          usage,
          usage_requested: ctx.usageRequested,
          token_param: ctx.tokenParam,
          input_tokens: ctx.request.input_tokens ?? null,
          http_status: httpStatus,
          request_id: requestId,
          retry_after_s: retryAfter,
          error: said(error_),
          abort,
          stall_ms: limits.stall_ms,
          reader_pace_tps: limits.reader_pace_tps ?? DEFAULT_READER_PACE_TPS,
        });
      // A trial the user cancelled is dropped by every front end: its text is not worth counting.
      const cancelled = status === 'aborted' && abort === null;
      countText(cancelled)
        .then((counted) => resolve(observed(counted, status, error)))
        .catch((failure: unknown) =>
          resolve(
            observed(
              uncounted(),
              'internal_error',
              `LastToken could not count this answer's tokens: ${messageOf(failure)}`,
            ),
          ),
        );
    };

    /** The text as the token worker returns it: counted per chunk, redacted. */
    const countText = async (skip: boolean): Promise<CountedText> => {
      // Nothing to count (an error, an empty answer): no need to wait for the worker.
      if (skip || textChars() === 0) return uncounted();
      const content = contentText();
      const reasoning = reasoningText();
      const result = await ctx.tokens.analyze({
        content,
        contentEnds: wholeBody ? new Int32Array([content.length]) : chunks.contentEnds(),
        reasoning,
        reasoningEnds: wholeBody ? new Int32Array([reasoning.length]) : chunks.reasoningEnds(),
        secrets: ctx.secrets,
      });
      return {
        content: result.content,
        reasoning: result.reasoning,
        content_tokens: wholeBody ? [] : result.contentTokens,
        reasoning_tokens: wholeBody ? [] : result.reasoningTokens,
        content_total: result.contentTotal,
        reasoning_total: result.reasoningTotal,
      };
    };

    /** No counts (no text, a cancelled trial, or counting failed): the text only, redacted here. */
    const uncounted = (): CountedText => ({
      content: safe(contentText()),
      reasoning: safe(reasoningText()),
      content_tokens: [],
      reasoning_tokens: [],
      content_total: 0,
      reasoning_total: 0,
    });

    /** A bug in LastToken while reading fails this trial, never the process or the other trials. */
    const guarded =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A): void => {
        try {
          handler(...args);
        } catch (error) {
          finish(
            'internal_error',
            `LastToken failed while reading the response (please report it): ${messageOf(error)}`,
          );
        }
      };

    const onCancel = (): void => finish('aborted', 'cancelled by the user');

    const queueProgress = (): void => {
      if (!options.onProgress || progressQueued) return;
      progressQueued = true;
      setImmediate(() => {
        progressQueued = false;
        if (settled) return;
        const points = unreportedPoints;
        unreportedPoints = [];
        options.onProgress?.({
          chunks: chunks.length,
          chars: textChars(),
          tokens: countedTokens,
          points,
        });
      });
    };

    /**
     * Counts the text so far on the token worker, one count at a time and at
     * most every LIVE_COUNT_INTERVAL_MS, and reports the new chunks' arrival
     * points. A count that fails only leaves the live view behind: the
     * trial's figures come from the count at its end.
     */
    const countLive = (): void => {
      if (!options.liveTokens || settled || liveCount !== 'idle') return;
      const wait = liveCountStarted + LIVE_COUNT_INTERVAL_MS - exchange.elapsed();
      if (wait > 0) {
        liveCount = 'waiting';
        timers.push(
          setTimeout(() => {
            liveCount = 'idle';
            countLive();
          }, wait),
        );
        return;
      }
      liveCount = 'counting';
      liveCountStarted = exchange.elapsed();
      const upTo = chunks.length;
      ctx.tokens
        .analyze({
          content: chunks.contentText(),
          contentEnds: chunks.contentEnds(),
          reasoning: chunks.reasoningText(),
          reasoningEnds: chunks.reasoningEnds(),
          secrets: [],
        })
        .then(
          (result) => {
            liveCount = 'idle';
            if (settled) return;
            let tokens = 0;
            for (let i = 0; i < upTo; i++) {
              tokens += (result.contentTokens[i] ?? 0) + (result.reasoningTokens[i] ?? 0);
              if (i >= countedChunks) unreportedPoints.push([chunks.arrivalOf(i), tokens]);
            }
            countedChunks = upTo;
            countedTokens = tokens;
            queueProgress();
            if (chunks.length > upTo) countLive();
          },
          () => {
            liveCount = 'idle';
          },
        );
    };

    const finishAbort = (): void =>
      finish(
        'aborted',
        `hung up after ${options.abort_after_tokens} content tokens (abort experiment)`,
      );

    /** The answer is complete: `ok`, or `empty` when no event carried text. */
    const finishComplete = (note: string | null): void => {
      if (chunks.length > 0 || textChars() > 0) {
        finish('ok', note, true);
        return;
      }
      const reason = finishReason === null ? '' : ` (finish reason: ${finishReason})`;
      const what = wholeBody ? 'the answer' : 'the stream';
      finish('empty', `${what} carried no text${reason}`, true);
    };

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

    /**
     * The abort experiment hangs up at the chunk that brings the content to K
     * tokens, counted here, on the measuring path, as it arrives: a count
     * asked of the token worker comes back after more chunks have (17 to 29
     * tokens for K = 10 while the worker loaded its vocabulary). The count is
     * exact and cheap at this size (some 20 µs for 80 tokens), and runs after
     * the chunk's timestamp. A token is at least one byte, so counting starts
     * only once the content has K bytes.
     */
    const checkAbortCount = (): void => {
      const limit = options.abort_after_tokens;
      if (limit === undefined || !countTokens || contentBytes < limit || abortAt !== null) return;
      let tokens: number;
      try {
        tokens = countTokens(chunks.contentText());
      } catch (error) {
        finish('internal_error', `LastToken could not count tokens: ${messageOf(error)}`);
        return;
      }
      if (tokens >= limit) hangUp();
    };

    /** Later reports override earlier ones field by field; a value that is no count is said, not kept. */
    const mergeUsage = ({ counts, not_counts }: UsageReading): void => {
      for (const [of, count] of Object.entries(counts) as [keyof Usage, number | null][]) {
        if (count != null) usage[of] = count;
      }
      for (const { field, usage: of, value } of not_counts) {
        const sent = line(JSON.stringify(value), MAX_NOT_A_COUNT_CHARS);
        notes.set(
          field,
          `${field} was ${sent}, not a count of tokens: ${USAGE_FIELDS[of]} is left empty`,
        );
      }
    };

    const keepFinishReason = (reason: string | null): void => {
      if (reason) finishReason = line(reason, MAX_HEADER_CHARS);
    };

    const limitPassed = (what: string, limit: number, name: string): void =>
      finish('protocol_error', `${what} passed ${limit.toLocaleString('en')} ${name}`);

    /** Whether the event ended the stream (see TimedSseHandlers.onEvent). */
    const onEvent = (at: number, event: EventSourceMessage, eventBytes: number): boolean => {
      if (settled) return false;
      firstEventAt ??= at;
      let info;
      try {
        info = adapter.parseStreamEvent(event);
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        finish('protocol_error', `${error.message}: ${line(event.data, MAX_OFFENDING_CHARS)}`);
        return false;
      }
      if (info.ping) pings.push({ at_ms: at, kind: 'event' });
      if (info.usage) mergeUsage(info.usage);
      keepFinishReason(info.finish_reason);
      if (info.error !== null) {
        finish(
          'http_error',
          `the provider reported an error inside the stream: ${line(info.error, MAX_PROVIDER_MESSAGE_CHARS)}`,
        );
        return false;
      }
      if (info.content || info.reasoning) {
        if (abortAt !== null) {
          chunksAfterAbort++;
        } else {
          const chars = info.content.length + info.reasoning.length;
          if (chunks.chars + chars > limits.max_text_chars) {
            limitPassed('the answer', limits.max_text_chars, 'characters of text (max_text_chars)');
            return false;
          }
          chunks.push(at, info.content, info.reasoning, eventBytes);
          queueProgress();
          countLive();
          if (info.content && options.abort_after_tokens !== undefined) {
            contentBytes += Buffer.byteLength(info.content, 'utf8');
            checkAbortCount();
          }
        }
      }
      if (pings.length > MAX_PINGS) {
        finish(
          'protocol_error',
          `more than ${MAX_PINGS.toLocaleString('en')} keep-alives: a flood, not a stream`,
        );
        return false;
      }
      if (!info.done || abortAt !== null) return false;
      // The response is complete at the marker: what a server sends after it
      // (text, usage, a second answer) is no part of it, only counted.
      sawEndMarker = true;
      completeAt = at;
      // Some servers keep the body open after the marker; the response is
      // complete for the user at the marker, so stop waiting soon after.
      timers.push(setTimeout(() => finishComplete(null), DONE_GRACE_MS));
      return true;
    };

    const sse: TimedSseReader = createTimedSseReader(
      {
        onEvent,
        onComment: (at) => {
          if (settled || abortAt !== null) return;
          pings.push({ at_ms: at, kind: 'comment' });
          if (pings.length > MAX_PINGS) {
            finish(
              'protocol_error',
              `more than ${MAX_PINGS.toLocaleString('en')} keep-alives: a flood, not a stream`,
            );
          }
        },
      },
      limits.max_event_bytes,
    );

    const finishWholeBody = (at: number): void => {
      const text = withoutBom(Buffer.concat(bodyParts).toString('utf8'));
      if (route === 'error') {
        const status = response?.statusCode ?? 0;
        const location = response?.headers.location;
        const detail = location
          ? `redirected to ${line(location, MAX_HEADER_CHARS)}; use that URL`
          : line(providerErrorMessage(text), MAX_PROVIDER_MESSAGE_CHARS);
        const statusText = line(response?.statusMessage ?? '', MAX_HEADER_CHARS);
        finish('http_error', `HTTP ${status} ${statusText}`.trim() + (detail ? `: ${detail}` : ''));
        return;
      }
      try {
        const parsed = adapter.parsePlainBody(text);
        if (parsed.usage) mergeUsage(parsed.usage);
        keepFinishReason(parsed.finish_reason);
        // Past the limit nothing is kept: counting it would cost what the limit saves.
        if (parsed.content.length + parsed.reasoning.length > limits.max_text_chars) {
          limitPassed('the answer', limits.max_text_chars, 'characters of text (max_text_chars)');
          return;
        }
        wholeBody = true;
        wholeContent = parsed.content;
        wholeReasoning = parsed.reasoning;
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        finish('protocol_error', `${error.message}: ${line(text, MAX_OFFENDING_CHARS)}`);
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
        finishComplete(null);
      }
    };

    /** Body bytes as the application sent them (decompressed), stamped with the arrival of the bytes that carried them. */
    const onDecoded = guarded((at: number, chunk: Buffer): void => {
      if (settled) return;
      // After the end marker the reader only counts bytes: nothing is kept that a limit must bound.
      if (!sawEndMarker) decodedBytes += chunk.length;
      if (decodedBytes > limits.max_response_bytes) {
        limitPassed('the response', limits.max_response_bytes, 'bytes (max_response_bytes)');
        return;
      }
      // One JSON answer sent as an event stream is read as the plain answer it is.
      if (route === 'sse' && sniffEventStream(chunk) === 'json') route = 'whole';
      if (route === 'sse') {
        try {
          sse.feed(at, chunk);
        } catch (error) {
          if (!(error instanceof SseEventTooLargeError)) throw error;
          limitPassed('one stream event', error.limit, 'bytes (max_event_bytes)');
        }
        return;
      }
      if (route === 'error') {
        // The message is at the start; the rest is not read.
        if (heldBytes < MAX_ERROR_BODY_BYTES) {
          const part = chunk.subarray(0, MAX_ERROR_BODY_BYTES - heldBytes);
          bodyParts.push(part);
          heldBytes += part.length;
        }
        return;
      }
      if (heldBytes + chunk.length > limits.max_event_bytes) {
        limitPassed('the answer', limits.max_event_bytes, 'bytes (max_event_bytes)');
        return;
      }
      bodyParts.push(chunk);
      heldBytes += chunk.length;
    });

    const onDecodedEnd = guarded((at: number): void => {
      if (settled || abortAt !== null) return;
      if (route !== 'sse') {
        finishWholeBody(at);
        return;
      }
      sse.end(at);
      if (settled) return;
      completeAt ??= at;
      finishComplete(sawEndMarker ? null : 'the stream ended without an end-of-stream marker');
    });

    const onDecodeError = (error: Error): void =>
      finish(
        'protocol_error',
        `the ${contentEncoding ?? ''}-compressed response could not be decoded: ${error.message}`,
      );

    const connectTimer = setTimeout(() => {
      const within = seconds(limits.connect_timeout_ms);
      finish(
        'connect_timeout',
        ctx.proxy === null
          ? `could not connect to ${host} within ${within}`
          : proxyTimeoutText(ctx.proxy, host, exchange.phases(), within),
      );
    }, limits.connect_timeout_ms);
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
        onResponse: guarded((at: number, res: http.IncomingMessage) => {
          if (settled) return;
          headersAt = at;
          response = res;
          httpStatus = res.statusCode ?? null;
          retryAfter = parseRetryAfter(res.headers['retry-after']);
          const id = firstHeader(res, REQUEST_ID_HEADERS);
          requestId = id === null ? null : line(id, MAX_HEADER_CHARS);
          route = routeFor(res);
          const sentEncoding = res.headers['content-encoding'];
          const encoding = contentEncodingOf(sentEncoding);
          // Redacted as sent, then lower-cased: redaction finds a key echoed here only in its own case.
          contentEncoding =
            encoding === null || sentEncoding === undefined
              ? null
              : line(sentEncoding.trim(), MAX_HEADER_CHARS).toLowerCase();
          if (encoding !== null && !canDecode(encoding)) {
            finish(
              'protocol_error',
              `the response is compressed as "${contentEncoding}", which LastToken cannot decode`,
            );
            return;
          }
          decoder = createBodyDecoder(encoding, {
            data: onDecoded,
            end: onDecodedEnd,
            error: onDecodeError,
          });
        }),
        onBody: guarded((at: number, chunk: Buffer) => {
          if (settled) return;
          firstByteAt ??= at;
          bytes += chunk.length;
          decoder?.write(at, chunk);
        }),
        onEnd: guarded((at: number) => {
          if (settled || abortAt !== null) return;
          decoder?.end(at);
        }),
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
