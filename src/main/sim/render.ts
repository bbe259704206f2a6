// What a dialect renderer is: it turns the simulator's abstract events into
// the bytes a provider of that dialect would send.
import type { Output, ProviderError, SimEvent } from './events';
import type { SimWriteKind } from './trace';

/** One write's worth of wire text (it may hold several SSE events, e.g. a block start and its first delta). */
export interface WirePiece {
  kind: SimWriteKind;
  data: string;
  /** The text a content or reasoning piece carries. */
  text?: string;
}

export interface ResponseContext {
  /** The request id; renderers derive the completion's id from it. */
  id: string;
  /** Echoed as the request named it, parameters included. */
  model: string;
  /** Unix seconds. */
  created: number;
  prompt_tokens: number;
  /** Of prompt_tokens, those the simulator's prefix cache served (sim `cache=1`). */
  cached_tokens: number;
  /** OpenAI: the request asked for a usage chunk (stream_options.include_usage). */
  include_usage: boolean;
  output: Output;
}

/** Stateful over one stream: the first event opens the message, a change of text type opens a block... */
export interface StreamRenderer {
  render(event: SimEvent): WirePiece[];
}

export interface DialectRenderer {
  stream(context: ResponseContext): StreamRenderer;
  /** The non-streaming response body. */
  plain(context: ResponseContext): string;
  /** The body of an HTTP error response. */
  error(error: ProviderError): string;
}

export function sseData(json: unknown): string {
  return `data: ${JSON.stringify(json)}\n\n`;
}

export function sseEvent(name: string, json: unknown): string {
  return `event: ${name}\n${sseData(json)}`;
}
