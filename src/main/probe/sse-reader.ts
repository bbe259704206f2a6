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

// Reconstructs an event's size on the wire from its fields: eventsource-parser
// does not report offsets, and counting bytes between events would charge one
// event for the comments and partial events that share its read. Counted
// without encoding: this runs once per event.
function eventBytes(event: EventSourceMessage): number {
  let lines = 1;
  for (let i = event.data.indexOf('\n'); i !== -1; i = event.data.indexOf('\n', i + 1)) lines++;
  let bytes = Buffer.byteLength(event.data, 'utf8') + lines * 'data: \n'.length + 1;
  if (event.event) bytes += Buffer.byteLength(`event: ${event.event}\n`, 'utf8');
  if (event.id) bytes += Buffer.byteLength(`id: ${event.id}\n`, 'utf8');
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
