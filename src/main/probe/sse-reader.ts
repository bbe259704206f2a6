import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface TimedSseHandlers {
  /** A complete event, stamped with the arrival of the read that completed it. */
  onEvent(atMs: number, event: EventSourceMessage, bytes: number): void;
  onComment(atMs: number, comment: string): void;
}

export interface TimedSseReader {
  feed(atMs: number, chunk: Uint8Array): void;
  /** End of body: flushes a trailing event that lacked its blank line. */
  end(atMs: number): void;
}

const encoder = new TextEncoder();

// Reconstructs an event's size on the wire from its fields: eventsource-parser
// does not report offsets, and counting bytes between events would charge one
// event for the comments and partial events that share its read.
function eventBytes(event: EventSourceMessage): number {
  const lines = event.data.split('\n');
  let bytes = encoder.encode(event.data).length + lines.length * 'data: \n'.length + 1;
  if (event.event) bytes += encoder.encode(`event: ${event.event}\n`).length;
  if (event.id) bytes += encoder.encode(`id: ${event.id}\n`).length;
  return bytes;
}

/**
 * SSE over eventsource-parser (CRLF, comments, multi-line data, events split
 * across reads), with UTF-8 decoded in streaming mode so a character split
 * across two reads arrives whole.
 */
export function createTimedSseReader(handlers: TimedSseHandlers): TimedSseReader {
  const decoder = new TextDecoder('utf-8');
  let now = 0;
  const parser = createParser({
    onEvent: (event) => handlers.onEvent(now, event, eventBytes(event)),
    onComment: (comment) => handlers.onComment(now, comment),
  });
  return {
    feed(atMs, chunk) {
      now = atMs;
      parser.feed(decoder.decode(chunk, { stream: true }));
    },
    end(atMs) {
      now = atMs;
      // A final event without its terminating blank line is still an event.
      parser.feed(`${decoder.decode()}\n\n`);
    },
  };
}
