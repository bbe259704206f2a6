// The simulator's own account of each request: when every write really left
// for the kernel, against when it was scheduled. The engine's measurements are
// checked against these traces, so they are the ground truth of a run.
import type { Dialect } from '../../shared/trial';

export type SimWriteKind =
  | 'headers'
  | 'comment'
  | 'ping'
  | 'role'
  | 'empty'
  | 'content'
  | 'reasoning'
  | 'usage'
  | 'done'
  | 'error'
  | 'malformed'
  | 'body'
  /** A non-final piece of an event written in several parts; the last piece carries the event's kind. */
  | 'part';

export interface SimWrite {
  /** When the kernel write began, on the shared monotonic clock: the event's true send time. */
  at_mono_ms: number;
  /** When that write returned. */
  returned_mono_ms: number;
  scheduled_mono_ms: number;
  /** Payload bytes (SSE event or body), without HTTP chunked framing; for 'headers' the header block. */
  bytes: number;
  kind: SimWriteKind;
  /** The text a 'content' or 'reasoning' write carried. */
  text?: string;
}

export interface SimTrace {
  id: string;
  /** Empty when the request failed before its model was resolved. */
  scenario: string;
  params: Record<string, number>;
  dialect: Dialect;
  stream: boolean;
  /** The request body's fields but its prompt (request.ts); empty when the body did not parse. */
  request_fields: Record<string, unknown>;
  /** Tokens of the prompt (system and messages), by the simulator's tokenizer. */
  prompt_tokens: number;
  /** The prompt's first characters: enough to tell whether two requests shared a prefix. */
  prompt_head: string;
  /** Of prompt_tokens, those its prefix cache served (scenario parameter cache=1). */
  cached_tokens: number;
  received_mono_ms: number;
  writes: SimWrite[];
  client_closed_mono_ms: number | null;
  /** Text events the server generated after the client had hung up. */
  generated_after_close: number;
  finished_mono_ms: number | null;
  /** What was generated (sent or not). */
  content_text: string;
  reasoning_text: string;
  completion_tokens: number;
}

export const DEFAULT_TRACE_CAPACITY = 10_000;

export function newTrace(id: string, dialect: Dialect, received_mono_ms: number): SimTrace {
  return {
    id,
    scenario: '',
    params: {},
    dialect,
    stream: false,
    request_fields: {},
    prompt_tokens: 0,
    prompt_head: '',
    cached_tokens: 0,
    received_mono_ms,
    writes: [],
    client_closed_mono_ms: null,
    generated_after_close: 0,
    finished_mono_ms: null,
    content_text: '',
    reasoning_text: '',
    completion_tokens: 0,
  };
}

/** The most recent traces; the oldest is dropped first, so a long-running simulator stays bounded. */
export class TraceStore {
  private readonly traces = new Map<string, SimTrace>();

  constructor(private readonly capacity: number) {}

  add(trace: SimTrace): void {
    this.traces.set(trace.id, trace);
    for (const oldest of this.traces.keys()) {
      if (this.traces.size <= this.capacity) break;
      this.traces.delete(oldest);
    }
  }

  /** A copy: the stored trace may still be growing. */
  get(id: string): SimTrace | undefined {
    const trace = this.traces.get(id);
    return trace && structuredClone(trace);
  }
}
