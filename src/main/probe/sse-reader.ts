import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface TimedSseHandlers {
  /**
   * A complete event, stamped with the arrival of the read that completed it.
   * Answers whether it ended the stream (the dialect's end-of-stream marker):
   * whatever follows it is then only counted (bytesAfterEnd), never parsed.
   */
  onEvent(atMs: number, event: EventSourceMessage, bytes: number): boolean;
  onComment(atMs: number, comment: string): void;
}

export interface TimedSseReader {
  /** Throws SseEventTooLargeError when the event being read passes the limit; nothing more is parsed then. */
  feed(atMs: number, chunk: Uint8Array): void;
  /** End of body: flushes a trailing event that lacked its blank line. */
  end(atMs: number): void;
  /** Bytes fed after the end of the event that ended the stream; 0 until one did. */
  bytesAfterEnd(): number;
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

/** Where a read's event blocks end: the offset just past each blank line, in order. */
interface ScannedRead {
  ends: number[];
  /** Every byte below 0x80: its text has one UTF-16 unit per byte, at the same offsets. */
  ascii: boolean;
}

/**
 * Finds where event blocks end (a blank line: two line ends in a row, CRLF
 * counting as one), so that events can be parsed one block at a time and the
 * bytes after the stream's last event be told apart. Counts the bytes of the
 * block being read, so that one endless line or one endless event is stopped
 * at the limit instead of being buffered until memory runs out.
 */
function eventBlockScanner(maxEventBytes: number): (chunk: Uint8Array) => ScannedRead {
  let blockBytes = 0;
  let lineBytes = 0;
  let afterCR = false;
  // A blank line's CR ended the previous read: the LF that may start this one is still its own.
  let blankCR = false;
  return (chunk) => {
    const ends: number[] = [];
    let high = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      high |= byte;
      if (byte === LF && afterCR) {
        afterCR = false;
        if (blankCR) ends.push(1);
        blankCR = false;
        continue;
      }
      blankCR = false;
      afterCR = byte === CR;
      if (byte !== LF && byte !== CR) {
        lineBytes++;
        continue;
      }
      if (lineBytes === 0) {
        blockBytes = 0;
        const crlf = afterCR && chunk[i + 1] === LF;
        blankCR = afterCR && i + 1 === chunk.length;
        ends.push(crlf ? i + 2 : i + 1);
        continue;
      }
      blockBytes += lineBytes + 1;
      lineBytes = 0;
      if (blockBytes > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes);
    }
    if (blockBytes + lineBytes > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes);
    return { ends, ascii: high < 0x80 };
  };
}

/**
 * SSE over eventsource-parser (CRLF, comments, multi-line data, events split
 * across reads), with UTF-8 decoded in streaming mode so a character split
 * across two reads arrives whole, and no event larger than `maxEventBytes`.
 * Reads are parsed block by block (block ends are line ends, never inside a
 * character): after the event that ends the stream, the rest of its read and
 * every later read are counted, not parsed. (Lines ended by a lone CR, which
 * SSE allows and no API sends, are parsed alike, but the parser waits for the
 * byte after a CR: the count after the end may leave out the next block.)
 */
export function createTimedSseReader(
  handlers: TimedSseHandlers,
  maxEventBytes: number,
): TimedSseReader {
  const decoder = new TextDecoder('utf-8');
  const scan = eventBlockScanner(maxEventBytes);
  let now = 0;
  let ended = false;
  let afterEnd = 0;
  // The decoder may hold the start of a character from the last read that was not ASCII.
  let mayHoldBytes = false;
  const parser = createParser({
    onEvent: (event) => {
      if (!ended) ended = handlers.onEvent(now, event, eventBytes(event));
    },
    onComment: (comment) => {
      if (!ended) handlers.onComment(now, comment);
    },
  });
  return {
    feed(atMs, chunk) {
      now = atMs;
      if (ended) {
        afterEnd += chunk.length;
        return;
      }
      // Scanned whole first: past the limit, nothing of this read is parsed.
      const { ends, ascii } = scan(chunk);
      // Decoding costs per call: an ASCII read (most are) is decoded once and cut as text.
      const text = ascii && !mayHoldBytes ? decoder.decode(chunk, { stream: true }) : null;
      mayHoldBytes = !ascii;
      let from = 0;
      const parseUpTo = (to: number): void => {
        if (to <= from) return;
        parser.feed(
          text === null
            ? decoder.decode(chunk.subarray(from, to), { stream: true })
            : text.slice(from, to),
        );
        from = to;
      };
      for (const end of ends) {
        parseUpTo(end);
        if (ended) {
          afterEnd += chunk.length - from;
          return;
        }
      }
      parseUpTo(chunk.length);
    },
    end(atMs) {
      now = atMs;
      // A final event without its terminating blank line is still an event.
      if (!ended) parser.feed(`${decoder.decode()}\n\n`);
    },
    bytesAfterEnd: () => afterEnd,
  };
}
