import type { Dialect } from '../../../shared/trial';
import type { EndpointSpec, RequestSpec } from '../types';

export interface Usage {
  completion_tokens: number | null;
  prompt_tokens: number | null;
  /** Prompt tokens the provider served from its prompt cache. */
  cached_prompt_tokens: number | null;
  /** Of the completion tokens, those the API counts as reasoning. */
  reasoning_tokens: number | null;
}

/** Usage before the provider reported any. */
export const NO_USAGE: Usage = {
  completion_tokens: null,
  prompt_tokens: null,
  cached_prompt_tokens: null,
  reasoning_tokens: null,
};

/**
 * Where a dialect's usage object holds each count: paths into it (dotted for
 * a nested object), tried in order, the first one present taken. Providers of
 * one dialect differ (OpenAI's `prompt_tokens_details.cached_tokens`,
 * DeepSeek's `prompt_cache_hit_tokens`); an empty list: the dialect has none.
 */
export type UsageNames = Record<keyof Usage, readonly string[]>;

/** A usage field whose value is not a count of tokens (2.5, -1, "12", 1e300): where it was, as sent. */
export interface NotACount {
  /** Its place in the provider's JSON (`usage.output_tokens`). */
  field: string;
  /** The count it was sent as. */
  usage: keyof Usage;
  value: unknown;
}

/** Usage as a provider reported it: the counts, and what was sent in a count's place but is none. */
export interface UsageReading {
  counts: Partial<Usage>;
  not_counts: NotACount[];
}

/** What one SSE event means, independent of the dialect's wire shape. */
export interface StreamEventInfo {
  content: string;
  reasoning: string;
  /** Usage figures this event reports; later events override earlier ones field by field. */
  usage: UsageReading | null;
  /** A keep-alive event of the dialect (Anthropic's `ping`); SSE comments are counted separately. */
  ping: boolean;
  /** The dialect's end-of-stream marker (`[DONE]`, `message_stop`). */
  done: boolean;
  /** The provider reported an error inside the stream. */
  error: string | null;
  /** Why the model stopped, when this event says (`stop`, `length`, `end_turn`...). */
  finish_reason: string | null;
}

export interface PlainBodyInfo {
  content: string;
  reasoning: string;
  usage: UsageReading | null;
  finish_reason: string | null;
}

/** Thrown for events or bodies that do not parse as the dialect says they must. */
export class ProtocolError extends Error {}

/** What a session has learned to send an endpoint, besides the request. */
export interface BodyShape {
  /** Ask for usage in the stream (`stream_options.include_usage`). */
  streamUsage: boolean;
  /** The token limit's name: one of the adapter's tokenParams. */
  tokenParam: string;
}

/** The system prompt and the conversation, as a dialect that takes them apart needs them. */
export function systemAndMessages(request: RequestSpec): {
  system: string | null;
  messages: RequestSpec['messages'];
} {
  const system = [
    ...(request.params?.system === undefined ? [] : [request.params.system]),
    ...request.messages.filter((m) => m.role === 'system').map((m) => m.content),
  ];
  return {
    system: system.length > 0 ? system.join('\n\n') : null,
    messages: request.messages.filter((m) => m.role !== 'system'),
  };
}

export interface DialectAdapter {
  readonly id: Dialect;
  /** Whether a stream request can ask for usage (`stream_options.include_usage`). */
  readonly canRequestStreamUsage: boolean;
  /** Headers every request of the dialect carries, besides the key (anthropic-version). */
  headers(): Record<string, string>;
  /** Where the key goes unless the endpoint names its own header (EndpointSpec.key_header). */
  readonly keyHeader: { name: string; prefix: string };
  /**
   * The names the dialect's token limit may have, the usual one first: a 400
   * that names the one sent is retried once with the next (probe-session.ts).
   */
  readonly tokenParams: readonly [string, ...string[]];
  body(endpoint: EndpointSpec, request: RequestSpec, shape: BodyShape): unknown;
  parseStreamEvent(event: { event?: string | undefined; data: string }): StreamEventInfo;
  parsePlainBody(body: string): PlainBodyInfo;
}

/** The fields that have a value: an unset parameter is left out of the body, not sent as null. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

export function emptyEvent(): StreamEventInfo {
  return {
    content: '',
    reasoning: '',
    usage: null,
    ping: false,
    done: false,
    error: null,
    finish_reason: null,
  };
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProtocolError(`${what} is not valid JSON`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(value: unknown, key: string): string {
  if (!isRecord(value)) return '';
  const field = value[key];
  return typeof field === 'string' ? field : '';
}

/**
 * A field that carries text: a string, or absent/null for none. Anything else
 * (a number, an object) is not text: reading it as "no text" once reported a
 * broken answer as a success with zero tokens.
 */
export function textField(value: unknown, key: string, where: string): string {
  if (!isRecord(value)) return '';
  const field = value[key];
  if (field === undefined || field === null || typeof field === 'string') return field ?? '';
  throw new ProtocolError(`${where}.${key} is ${describeType(field)}, not text`);
}

export function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/**
 * The usage object `holder[key]` read field by field (`names` maps each Usage
 * field to the dialect's name for it); null when there is none. A count is a
 * whole number from 0 to 2^53: anything else a provider puts there (a
 * fraction, a negative, a string, a number too large to be exact) is not
 * taken as one, since a count column cannot hold it and no sum or difference
 * with it means anything; it is kept apart, as sent, for the trial to say.
 */
export function readUsage(
  holder: unknown,
  key: string,
  where: string,
  names: UsageNames,
): UsageReading | null {
  const usage = isRecord(holder) ? holder[key] : undefined;
  if (!isRecord(usage)) return null;
  const reading: UsageReading = { counts: {}, not_counts: [] };
  for (const [field, paths] of Object.entries(names) as [keyof Usage, readonly string[]][]) {
    for (const path of paths) {
      const value = valueAt(usage, path);
      if (value === undefined || value === null) continue;
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
        reading.counts[field] = value;
      } else {
        reading.not_counts.push({ field: `${where}.${path}`, usage: field, value });
      }
      break;
    }
  }
  return reading;
}

/** What a dotted path leads to in nested objects; undefined where it leads nowhere. */
function valueAt(object: Record<string, unknown>, path: string): unknown {
  let at: unknown = object;
  for (const name of path.split('.')) at = isRecord(at) ? at[name] : undefined;
  return at;
}
