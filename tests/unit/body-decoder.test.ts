import { once } from 'node:events';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canDecode, contentEncodingOf, createBodyDecoder } from '../../src/main/probe/body-decoder';

const EVENTS = ['data: one\n\n', 'data: two\n\n', 'data: three\n\n', 'data: [DONE]\n\n'];

/** Each event compressed and flushed on its own, as a streaming server sends it. */
async function compressedPieces(encoding: 'gzip' | 'deflate' | 'deflate-raw'): Promise<Buffer[]> {
  const stream =
    encoding === 'gzip'
      ? zlib.createGzip()
      : encoding === 'deflate'
        ? zlib.createDeflate()
        : zlib.createDeflateRaw();
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const pieces: Buffer[] = [];
  for (const event of EVENTS) {
    stream.write(event);
    await new Promise<void>((flushed) => stream.flush(() => flushed()));
    pieces.push(Buffer.concat(out.splice(0)));
  }
  stream.end();
  await once(stream, 'end');
  pieces.push(Buffer.concat(out.splice(0)));
  return pieces;
}

interface Decoded {
  parts: { at: number; text: string }[];
  endedAt: number | null;
  error: Error | null;
}

function decode(encoding: string | null, pieces: readonly Buffer[]): Promise<Decoded> {
  const seen: Decoded = { parts: [], endedAt: null, error: null };
  return new Promise((resolve) => {
    const decoder = createBodyDecoder(encoding, {
      data: (at, chunk) => seen.parts.push({ at, text: chunk.toString('utf8') }),
      end: (at) => {
        seen.endedAt = at;
        resolve(seen);
      },
      error: (error) => {
        seen.error = error;
        resolve(seen);
      },
    });
    // All written at once, as reads that arrive together are: each keeps its own stamp.
    pieces.forEach((piece, i) => decoder.write(100 + i, piece));
    decoder.end(999);
  });
}

describe('decoding a compressed response', () => {
  for (const encoding of ['gzip', 'deflate', 'deflate-raw'] as const) {
    it(`gives each event of a ${encoding} stream the arrival of the bytes that carried it`, async () => {
      const header = encoding === 'deflate-raw' ? 'deflate' : encoding;
      const pieces = await compressedPieces(encoding);
      expect(pieces.slice(0, EVENTS.length).every((p) => p.length > 0)).toBe(true);
      const seen = await decode(header, pieces);
      expect(seen.error).toBeNull();
      expect(seen.parts.map((p) => p.text).join('')).toBe(EVENTS.join(''));
      for (const [i, event] of EVENTS.entries()) {
        const part = seen.parts.find((p) => p.text.includes(event));
        expect(part?.at).toBe(100 + i);
      }
      expect(seen.endedAt).toBe(999);
    });
  }

  it('decodes brotli', async () => {
    const seen = await decode('br', [zlib.brotliCompressSync(Buffer.from(EVENTS.join('')))]);
    expect(seen.parts.map((p) => p.text).join('')).toBe(EVENTS.join(''));
    expect(seen.parts.every((p) => p.at === 100)).toBe(true);
  });

  it('passes an uncompressed body through as it is, with its stamps', async () => {
    const seen = await decode(
      null,
      EVENTS.map((e) => Buffer.from(e)),
    );
    expect(seen.parts).toEqual(EVENTS.map((text, i) => ({ at: 100 + i, text })));
  });

  it('reports a body that is not what its Content-Encoding says', async () => {
    const seen = await decode('gzip', [Buffer.from('plain text, not gzip')]);
    expect(seen.error?.message).toMatch(/incorrect header check/);
  });

  it('names the encodings it knows', () => {
    expect(contentEncodingOf(' GZip ')).toBe('gzip');
    expect(contentEncodingOf('identity')).toBeNull();
    expect(contentEncodingOf(undefined)).toBeNull();
    expect(['gzip', 'x-gzip', 'deflate', 'br'].every(canDecode)).toBe(true);
    expect(canDecode('zstd')).toBe(false);
    expect(canDecode('toString')).toBe(false);
  });
});
