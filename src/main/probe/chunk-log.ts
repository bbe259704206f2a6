// A trial's chunks as they arrive, kept where the garbage collector's young
// generation does not look. Kept as objects and a rope of strings, every
// chunk was copied by the next scavenge and pointed at from the old
// generation (the growing array, the rope's head), so with 32 streams the
// measuring thread's scavenges grew to several milliseconds, and every read
// that arrived meanwhile was stamped that much late. Typed arrays hold no
// pointers and their storage is outside the heap: the collector skips them.
import type { ObservedChunk } from './trial-metrics';

const INITIAL_CHUNKS = 256;
const INITIAL_TEXT_UNITS = 4096;

/** UTF-16 code units appended to an off-heap buffer, read back exactly (lone surrogates too). */
class TextColumn {
  private buffer = Buffer.allocUnsafeSlow(INITIAL_TEXT_UNITS * 2);
  /** In code units. */
  length = 0;

  append(text: string): void {
    if (text === '') return;
    const needed = (this.length + text.length) * 2;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length * 2);
      this.buffer = grown;
    }
    this.buffer.write(text, this.length * 2, 'utf16le');
    this.length += text.length;
  }

  text(): string {
    return this.buffer.toString('utf16le', 0, this.length * 2);
  }
}

export class ChunkLog {
  private atMs = new Float64Array(INITIAL_CHUNKS);
  /** Where each chunk's content, and its reasoning, ends in the trial's text (UTF-16 offsets). */
  private contentEnd = new Int32Array(INITIAL_CHUNKS);
  private reasoningEnd = new Int32Array(INITIAL_CHUNKS);
  private bytes = new Int32Array(INITIAL_CHUNKS);
  private readonly content = new TextColumn();
  private readonly reasoning = new TextColumn();
  length = 0;

  push(atMs: number, content: string, reasoning: string, bytes: number): void {
    if (this.length === this.atMs.length) this.grow();
    this.content.append(content);
    this.reasoning.append(reasoning);
    const i = this.length++;
    this.atMs[i] = atMs;
    this.contentEnd[i] = this.content.length;
    this.reasoningEnd[i] = this.reasoning.length;
    this.bytes[i] = bytes;
  }

  /** Code units of text so far, content and reasoning together. */
  get chars(): number {
    return this.content.length + this.reasoning.length;
  }

  arrivalOf(index: number): number {
    return this.atMs[index] ?? NaN;
  }

  contentText(): string {
    return this.content.text();
  }

  reasoningText(): string {
    return this.reasoning.text();
  }

  /** Where each chunk's content ends in contentText(), for the token worker (a copy: it is transferred). */
  contentEnds(): Int32Array {
    return this.contentEnd.slice(0, this.length);
  }

  reasoningEnds(): Int32Array {
    return this.reasoningEnd.slice(0, this.length);
  }

  /** The chunks as records, once, when the trial is over. */
  observed(): ObservedChunk[] {
    const chunks: ObservedChunk[] = new Array<ObservedChunk>(this.length);
    for (let i = 0; i < this.length; i++) {
      const contentFrom = i === 0 ? 0 : (this.contentEnd[i - 1] as number);
      const reasoningFrom = i === 0 ? 0 : (this.reasoningEnd[i - 1] as number);
      chunks[i] = {
        at_ms: this.atMs[i] as number,
        content_chars: (this.contentEnd[i] as number) - contentFrom,
        reasoning_chars: (this.reasoningEnd[i] as number) - reasoningFrom,
        bytes: this.bytes[i] as number,
      };
    }
    return chunks;
  }

  private grow(): void {
    const size = this.atMs.length * 2;
    const grown = <T extends Float64Array | Int32Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    this.atMs = grown(this.atMs, (n) => new Float64Array(n));
    this.contentEnd = grown(this.contentEnd, (n) => new Int32Array(n));
    this.reasoningEnd = grown(this.reasoningEnd, (n) => new Int32Array(n));
    this.bytes = grown(this.bytes, (n) => new Int32Array(n));
  }
}
