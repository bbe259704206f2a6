// Undoes a Content-Encoding (gzip, deflate, br) while keeping each piece of
// decoded text stamped with the arrival of the compressed bytes it came from.
//
// LastToken asks for no compression, but some servers and proxies compress
// anyway; parsing the compressed bytes as text found no events and reported a
// silent success. zlib decodes on the thread pool, so its output arrives after
// the read that carried it: each write is paired with its stamp, and output
// produced while a write is being processed carries that write's stamp (zlib
// calls a write's callback once all of its output has been pushed). Every
// write is flushed, so no decoded byte waits for the next read.

import zlib from 'node:zlib';

export interface DecodedBodySink {
  data(atMs: number, chunk: Buffer): void;
  /** Everything written has been decoded and delivered. */
  end(atMs: number): void;
  error(error: Error): void;
}

export interface BodyDecoder {
  write(atMs: number, chunk: Buffer): void;
  end(atMs: number): void;
  destroy(): void;
}

/** The encodings LastToken decodes, by their Content-Encoding names. */
const DECODERS: Record<string, (firstBytes: Buffer) => zlib.Zlib & NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH }),
  'x-gzip': () => zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH }),
  // HTTP's "deflate" is meant to be zlib-wrapped, but servers also send raw
  // deflate; the zlib header's first two bytes tell them apart.
  deflate: (first) =>
    hasZlibHeader(first)
      ? zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH })
      : zlib.createInflateRaw({ flush: zlib.constants.Z_SYNC_FLUSH }),
  br: () => zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH }),
};

function hasZlibHeader(bytes: Buffer): boolean {
  if (bytes.length < 2) return true;
  const cmf = bytes[0] as number;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | (bytes[1] as number)) % 31 === 0;
}

/** The Content-Encoding as one lowercase name; null for none or identity. */
export function contentEncodingOf(header: string | undefined): string | null {
  const value = header?.trim().toLowerCase() ?? '';
  return value === '' || value === 'identity' ? null : value;
}

export function canDecode(encoding: string): boolean {
  return Object.hasOwn(DECODERS, encoding);
}

/** Passes bytes through as they are. */
function identityDecoder(sink: DecodedBodySink): BodyDecoder {
  return {
    write: (at, chunk) => sink.data(at, chunk),
    end: (at) => sink.end(at),
    destroy: () => {},
  };
}

/**
 * A decoder for `encoding` (one of the names canDecode accepts, or null for
 * none). The zlib stream is made at the first write, which tells raw deflate
 * from zlib-wrapped deflate.
 */
export function createBodyDecoder(encoding: string | null, sink: DecodedBodySink): BodyDecoder {
  if (encoding === null) return identityDecoder(sink);
  const make = DECODERS[encoding];
  if (!make) throw new Error(`no decoder for ${encoding}`);

  let stream: (zlib.Zlib & NodeJS.ReadWriteStream) | null = null;
  let destroyed = false;
  // The stamp of each write whose output is not all delivered yet, oldest first.
  const stamps: number[] = [];
  let lastStamp = 0;

  const open = (first: Buffer): zlib.Zlib & NodeJS.ReadWriteStream => {
    const created = make(first);
    created.on('data', (out: Buffer) => {
      if (!destroyed) sink.data(stamps[0] ?? lastStamp, out);
    });
    created.on('error', (error: Error) => {
      if (!destroyed) sink.error(error);
    });
    return created;
  };

  return {
    write(at, chunk) {
      if (destroyed) return;
      lastStamp = at;
      stream ??= open(chunk);
      stamps.push(at);
      stream.write(chunk, () => stamps.shift());
    },
    end(at) {
      if (destroyed) return;
      lastStamp = at;
      if (!stream) {
        sink.end(at);
        return;
      }
      stream.once('end', () => {
        if (!destroyed) sink.end(at);
      });
      stream.end();
    },
    destroy() {
      destroyed = true;
      (stream as unknown as { destroy?: () => void } | null)?.destroy?.();
    },
  };
}
