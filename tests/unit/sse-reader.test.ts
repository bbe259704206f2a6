import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTimedSseReader, SseEventTooLargeError } from '../../src/main/probe/sse-reader';

const NO_LIMIT = Number.MAX_SAFE_INTEGER;

interface Seen {
  events: { event: string | undefined; data: string }[];
  comments: string[];
}

function parse(parts: readonly Uint8Array[]): Seen {
  const seen: Seen = { events: [], comments: [] };
  const reader = createTimedSseReader(
    {
      onEvent: (_at, event) => {
        seen.events.push({ event: event.event, data: event.data });
        return false;
      },
      onComment: (_at, comment) => seen.comments.push(comment),
    },
    NO_LIMIT,
  );
  parts.forEach((part, i) => reader.feed(i, part));
  reader.end(parts.length);
  return seen;
}

// One recorded stream with everything that can trip a parser: CRLF and LF,
// comments, a named event, multi-line data, multi-byte characters and an emoji.
const RECORDED = [
  ': keep-alive\r\n\r\n',
  'data: {"choices":[{"delta":{"role":"assistant"}}]}\r\n\r\n',
  'data: {"choices":[{"delta":{"content":"流式传输"}}]}\n\n',
  ':ping\n\n',
  'event: content_block_delta\ndata: {"delta":{"text":"héllo 🎉"}}\n\n',
  'data: first line\ndata: second line\n\n',
  'data: [DONE]\n\n',
].join('');
const BYTES = new TextEncoder().encode(RECORDED);
const WHOLE = parse([BYTES]);

describe('timed SSE reader', () => {
  it('parses the recorded stream whole', () => {
    expect(WHOLE.comments).toEqual(['keep-alive', 'ping']);
    expect(WHOLE.events.map((e) => e.data)).toEqual([
      '{"choices":[{"delta":{"role":"assistant"}}]}',
      '{"choices":[{"delta":{"content":"流式传输"}}]}',
      '{"delta":{"text":"héllo 🎉"}}',
      'first line\nsecond line',
      '[DONE]',
    ]);
    expect(WHOLE.events[2]?.event).toBe('content_block_delta');
  });

  it('gives the same events and text when split at every byte boundary', () => {
    for (let cut = 1; cut < BYTES.length; cut++) {
      expect(parse([BYTES.subarray(0, cut), BYTES.subarray(cut)])).toEqual(WHOLE);
    }
  });

  it('gives the same events for any split into many reads', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: BYTES.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          const sorted = [...cuts].sort((a, b) => a - b);
          const parts = [0, ...sorted].map((start, i) =>
            BYTES.subarray(start, sorted[i] ?? BYTES.length),
          );
          expect(parse(parts)).toEqual(WHOLE);
        },
      ),
    );
  });

  it('stamps an event with the read that completed it', () => {
    const times: number[] = [];
    const reader = createTimedSseReader(
      {
        onEvent: (at) => {
          times.push(at);
          return false;
        },
        onComment: () => {},
      },
      NO_LIMIT,
    );
    const bytes = new TextEncoder().encode('data: a\n\ndata: b');
    reader.feed(10, bytes.subarray(0, 12));
    reader.feed(25, bytes.subarray(12));
    reader.feed(40, new TextEncoder().encode('\n\n'));
    expect(times).toEqual([10, 40]);
  });

  it('reports an event that ends the body without its blank line', () => {
    const seen = parse([new TextEncoder().encode('data: {"x":1}')]);
    expect(seen.events.map((e) => e.data)).toEqual(['{"x":1}']);
  });
});

describe('the event that ends the stream', () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

  /** Parses reads until an event with data "END"; answers what was seen and counted after it. */
  function readUntilEnd(parts: readonly Uint8Array[]) {
    const seen: Seen = { events: [], comments: [] };
    const reader = createTimedSseReader(
      {
        onEvent: (_at, event) => {
          seen.events.push({ event: event.event, data: event.data });
          return event.data === 'END';
        },
        onComment: (_at, comment) => seen.comments.push(comment),
      },
      NO_LIMIT,
    );
    parts.forEach((part, i) => reader.feed(i, part));
    reader.end(parts.length);
    return { ...seen, after: reader.bytesAfterEnd() };
  }

  // A lone CR ends lines too, but no API sends one: its count is not exact (see sse-reader.ts).
  for (const eol of ['\n', '\r\n']) {
    const line = (text: string): string => `${text}${eol}`;
    const before = line('data: 流式') + line('') + line(': ping') + line('') + line('data: END');
    const end = line('');
    const after = line('data: after') + line('') + line(': late ping') + line('');
    const bytes = encode(before + end + after);
    const expected = {
      events: [
        { event: undefined, data: '流式' },
        { event: undefined, data: 'END' },
      ],
      comments: ['ping'],
      after: encode(after).length,
    };

    it(`parses nothing after it and counts every byte that follows (${JSON.stringify(eol)}), in one read or two`, () => {
      expect(readUntilEnd([bytes])).toEqual(expected);
      for (let cut = 1; cut < bytes.length; cut++) {
        expect(readUntilEnd([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(expected);
      }
    });
  }

  it('counts whole reads after it, and nothing when nothing follows', () => {
    const seen = readUntilEnd([encode('data: END\n\n'), encode('data: x\n\n'), encode('junk')]);
    expect(seen.events.map((e) => e.data)).toEqual(['END']);
    expect(seen.after).toBe('data: x\n\njunk'.length);
    expect(readUntilEnd([encode('data: a\n\ndata: END')]).after).toBe(0);
  });
});

describe('the event size limit', () => {
  const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
  const reader = (limit: number, events: string[] = []) =>
    createTimedSseReader(
      {
        onEvent: (_at, e) => {
          events.push(e.data);
          return false;
        },
        onComment: () => {},
      },
      limit,
    );

  it('lets events of exactly the limit through, in one read or byte by byte', () => {
    // "data: 12345\n" is 12 bytes, the blank line ends the block.
    const event = 'data: 12345\n\n';
    for (const split of [false, true]) {
      const events: string[] = [];
      const sse = reader(12, events);
      const bytes = encode(event.repeat(3));
      if (split) bytes.forEach((byte, i) => sse.feed(i, Uint8Array.of(byte)));
      else sse.feed(0, bytes);
      expect(events).toEqual(['12345', '12345', '12345']);
    }
  });

  it('stops one byte past the limit, whether the event ends in the same read or never', () => {
    expect(() => reader(11).feed(0, encode('data: 12345\n\n'))).toThrow(SseEventTooLargeError);
    // No line end at all: the bytes of the unfinished line count.
    const endless = reader(1000);
    expect(() => {
      for (let i = 0; i < 100; i++) endless.feed(i, encode('x'.repeat(64)));
    }).toThrow(new SseEventTooLargeError(1000));
  });

  it('counts every line of one event, comments included, and CRLF as one line end', () => {
    const lines = 'data: aaaa\r\n: ping\r\ndata: bbbb\r\n';
    // 11 + 7 + 11 = 29 bytes before the blank line.
    expect(() => reader(28).feed(0, encode(`${lines}\r\n`))).toThrow(SseEventTooLargeError);
    const events: string[] = [];
    reader(29, events).feed(0, encode(`${lines}\r\n`.repeat(2)));
    expect(events).toEqual(['aaaa\nbbbb', 'aaaa\nbbbb']);
  });
});
