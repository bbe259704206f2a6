import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface TimedSseHandlers {
  /** A complete event, stamped with the arrival of the read that completed it. */
  onEvent(atMs: number, event: EventSourceMessage, bytes: number): void;
  onComment(atMs: number, comment: string): void;
}

export interface TimedSseReader {
  /** Throws SseEventTooLargeError when the event being read passes the limit; nothing more is parsed then. */
  feed(atMs: number, chunk: Uint8Array): void;
  /** End of body: flushes a trailing event that lacked its blank line. */
  end(atMs: number): void;
}

/** One event (the lines up to the blank line that ends it) passed `maxEventBytes`. */
export class SseEventTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`one stream event passed ${limit} bytes`);
  }
}

const LF = 0x0a;
const CR = 0x0d;

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
 * Counts the bytes of the event block being read (every line since the last
 * blank line), so that one endless line or one endless event is stopped at
 * the limit instead of being buffered until memory runs out. A blank line is
 * two line ends in a row, CRLF counting as one.
 */
function eventSizeGuard(maxEventBytes: number): (chunk: Uint8Array) => void {
  let blockBytes = 0;
  let lineBytes = 0;
  let afterCR = false;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (byte === LF && afterCR) {
        afterCR = false;
        continue;
      }
      afterCR = byte === CR;
      if (byte !== LF && byte !== CR) {
        lineBytes++;
        continue;
      }
      if (lineBytes === 0) {
        blockBytes = 0;
        continue;
      }
      blockBytes += lineBytes + 1;
      lineBytes = 0;
      if (blockBytes > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes);
    }
    if (blockBytes + lineBytes > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes);
  };
}

/**
 * SSE over eventsource-parser (CRLF, comments, multi-line data, events split
 * across reads), with UTF-8 decoded in streaming mode so a character split
 * across two reads arrives whole, and no event larger than `maxEventBytes`.
 */
export function createTimedSseReader(
  handlers: TimedSseHandlers,
  maxEventBytes: number,
): TimedSseReader {
  const decoder = new TextDecoder('utf-8');
  const guard = eventSizeGuard(maxEventBytes);
  let now = 0;
  const parser = createParser({
    onEvent: (event) => handlers.onEvent(now, event, eventBytes(event)),
    onComment: (comment) => handlers.onComment(now, comment),
  });
  return {
    feed(atMs, chunk) {
      guard(chunk);
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
