import type { Dialect } from '../../../shared/trial';
import type { EndpointSpec, RequestSpec } from '../types';

export interface Usage {
  completion_tokens: number | null;
  prompt_tokens: number | null;
}

/** What one SSE event means, independent of the dialect's wire shape. */
export interface StreamEventInfo {
  content: string;
  reasoning: string;
  /** Usage figures this event reports; later events override earlier ones field by field. */
  usage: Partial<Usage> | null;
  /** A keep-alive event of the dialect (Anthropic's `ping`); SSE comments are counted separately. */
  ping: boolean;
  /** The dialect's end-of-stream marker (`[DONE]`, `message_stop`). */
  done: boolean;
  /** The provider reported an error inside the stream. */
  error: string | null;
}

export interface PlainBodyInfo {
  content: string;
  reasoning: string;
  usage: Usage;
}

/** Thrown for events or bodies that do not parse as the dialect says they must. */
export class ProtocolError extends Error {}

export interface DialectAdapter {
  readonly id: Dialect;
  /** Whether a stream request can ask for usage (`stream_options.include_usage`). */
  readonly canRequestStreamUsage: boolean;
  headers(apiKey: string | undefined): Record<string, string>;
  body(endpoint: EndpointSpec, request: RequestSpec, requestStreamUsage: boolean): unknown;
  parseStreamEvent(event: { event?: string | undefined; data: string }): StreamEventInfo;
  parsePlainBody(body: string): PlainBodyInfo;
}

export function emptyEvent(): StreamEventInfo {
  return { content: '', reasoning: '', usage: null, ping: false, done: false, error: null };
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

export function numberField(value: unknown, key: string): number | null {
  if (!isRecord(value)) return null;
  const field = value[key];
  return typeof field === 'number' && Number.isFinite(field) ? field : null;
}
