// What the start of a response body says it is, whatever its headers say.

const BOM_BYTES = [0xef, 0xbb, 0xbf];
const BOM = '\uFEFF';
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;

const isJsonSpace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/**
 * The body's text without one leading byte order mark: JSON.parse refuses
 * one, and a server (or a Windows proxy) that writes it still sends JSON.
 */
export function withoutBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

export type EventStreamBody = 'json' | 'sse';

/**
 * Tells, from the first bytes of a body sent as `text/event-stream`, whether
 * it is one JSON document instead (a server that ignored `stream: true` but
 * kept its SSE content type): past a byte order mark and whitespace, JSON
 * opens an object or an array, and no SSE line starts that way (a line is a
 * field name or a `:` comment). Null while only those have come; once
 * decided, the answer stays.
 */
export function eventStreamSniffer(): (chunk: Uint8Array) => EventStreamBody | null {
  // How many bytes of a byte order mark the body started with, while it still can.
  let bom: number | null = 0;
  let decided: EventStreamBody | null = null;
  return (chunk) => {
    for (let i = 0; decided === null && i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (bom !== null && byte === BOM_BYTES[bom]) {
        bom++;
        continue;
      }
      bom = null;
      if (isJsonSpace(byte)) continue;
      decided = byte === OPEN_OBJECT || byte === OPEN_ARRAY ? 'json' : 'sse';
    }
    return decided;
  };
}
