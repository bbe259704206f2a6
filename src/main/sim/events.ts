// The dialect-neutral vocabulary of the simulator: what the simulated model
// does at a moment (a SimEvent), and how a provider refuses a request (a
// ProviderError). Scenarios produce these; renderers turn them into wire bytes.

export type FinishReason = 'stop' | 'length';

export type SimEvent =
  /** Keep-alive: an SSE comment for OpenAI, a `ping` event for Anthropic. */
  | { type: 'ping' }
  /** The assistant turn opens, with no text yet. */
  | { type: 'role' }
  /** A data event whose text is empty. */
  | { type: 'empty' }
  | { type: 'reasoning'; text: string }
  | { type: 'content'; text: string }
  /** A data line whose JSON is cut off. */
  | { type: 'malformed' }
  /** An error inside a stream that has already started; the stream ends after it. */
  | { type: 'error'; error: ProviderError }
  /** Finish reason, usage, end-of-stream marker. */
  | { type: 'end' };

export interface TimedEvent {
  /** Milliseconds after the request body was fully received. */
  at_ms: number;
  event: SimEvent;
}

/** Everything the simulated model generates for one request, known in advance. */
export interface Output {
  content_text: string;
  reasoning_text: string;
  /** o200k_base count of reasoning + content. */
  completion_tokens: number;
  /** o200k_base count of the reasoning alone, as an API reports its reasoning tokens. */
  reasoning_tokens: number;
  finish: FinishReason;
}

export type ErrorKind =
  'invalid_request' | 'auth' | 'not_found' | 'too_large' | 'rate_limit' | 'server' | 'overloaded';

export interface ProviderError {
  kind: ErrorKind;
  message: string;
  code?: string;
  /** Sent as the Retry-After header. */
  retry_after_s?: number;
}

export const ERROR_STATUS: Record<ErrorKind, number> = {
  invalid_request: 400,
  auth: 401,
  not_found: 404,
  too_large: 413,
  rate_limit: 429,
  server: 500,
  overloaded: 503,
};

export type Result<T> = { ok: true; value: T } | { ok: false; error: ProviderError };

/** Adds the text an event carried to what has been generated; true if it carried text. */
export function addGeneratedText(
  generated: { content_text: string; reasoning_text: string },
  event: SimEvent,
): boolean {
  if (event.type === 'content') generated.content_text += event.text;
  else if (event.type === 'reasoning') generated.reasoning_text += event.text;
  else return false;
  return true;
}
