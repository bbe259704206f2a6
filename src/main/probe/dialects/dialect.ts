import type { Dialect } from '../../../shared/trial';
import type { EndpointSpec, RequestSpec } from '../types';

export interface Usage {
  completion_tokens: number | null;
  prompt_tokens: number | null;
}

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

export interface DialectAdapter {
  readonly id: Dialect;
  /** Whether a stream request can ask for usage (`stream_options.include_usage`). */
  readonly canRequestStreamUsage: boolean;
  /** Headers every request of the dialect carries, besides the key (anthropic-version). */
  headers(): Record<string, string>;
  /** Where the key goes unless the endpoint names its own header (EndpointSpec.key_header). */
  readonly keyHeader: { name: string; prefix: string };
  body(endpoint: EndpointSpec, request: RequestSpec, requestStreamUsage: boolean): unknown;
  parseStreamEvent(event: { event?: string | undefined; data: string }): StreamEventInfo;
  parsePlainBody(body: string): PlainBodyInfo;
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
  names: Record<keyof Usage, string>,
): UsageReading | null {
  const usage = isRecord(holder) ? holder[key] : undefined;
  if (!isRecord(usage)) return null;
  const reading: UsageReading = { counts: {}, not_counts: [] };
  for (const [field, name] of Object.entries(names) as [keyof Usage, string][]) {
    const value = usage[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
      reading.counts[field] = value;
    } else {
      reading.not_counts.push({ field: `${where}.${name}`, usage: field, value });
    }
  }
  return reading;
}
