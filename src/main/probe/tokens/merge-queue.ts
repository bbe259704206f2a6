// Candidate merges of a byte-pair merge, lowest rank first and leftmost among
// equal ranks: the order in which the reference algorithm (a linear scan for
// the minimum on every merge) applies them, in O(log n) per step instead of
// O(n). Entries are never updated in place: a merge pushes the new pairs and
// leaves the old ones to be recognised as stale when popped.

// A key packs (rank, start) into one double that sorts in that order: o200k's
// ranks (below 2^18) times 2^32 plus a byte offset (below 2^32) stay within a
// double's 53 exact bits.
const START_SPAN = 2 ** 32;

const INITIAL_CAPACITY = 1024;
/** Storage above this many entries (one long piece's worth) is let go by clear(). */
const RETAINED_CAPACITY = 1 << 16;

export class MergeQueue {
  private keys = new Float64Array(INITIAL_CAPACITY);
  private ends = new Int32Array(INITIAL_CAPACITY);
  private size = 0;

  /** The entry the last pop() removed. */
  rank = 0;
  start = 0;
  end = 0;

  /**
   * Levels moved by sifting, over the queue's life: the work done, counted so
   * that a test can show it grows as n log n without timing anything.
   */
  siftSteps = 0;

  clear(): void {
    this.size = 0;
    if (this.keys.length > RETAINED_CAPACITY) {
      this.keys = new Float64Array(INITIAL_CAPACITY);
      this.ends = new Int32Array(INITIAL_CAPACITY);
    }
  }

  /** Queues merging the parts [start, middle) and [middle, end) into a token of `rank`. */
  push(rank: number, start: number, end: number): void {
    if (this.size === this.keys.length) this.grow();
    const key = rank * START_SPAN + start;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const parentKey = this.keys[parent] as number;
      if (parentKey <= key) break;
      this.keys[at] = parentKey;
      this.ends[at] = this.ends[parent] as number;
      at = parent;
      this.siftSteps++;
    }
    this.keys[at] = key;
    this.ends[at] = end;
  }

  /** Removes the first entry into rank/start/end; false when the queue is empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const key = this.keys[0] as number;
    this.rank = Math.floor(key / START_SPAN);
    this.start = key - this.rank * START_SPAN;
    this.end = this.ends[0] as number;

    const size = --this.size;
    const lastKey = this.keys[size] as number;
    const lastEnd = this.ends[size] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && (this.keys[child + 1] as number) < (this.keys[child] as number)) {
        child++;
      }
      const childKey = this.keys[child] as number;
      if (childKey >= lastKey) break;
      this.keys[at] = childKey;
      this.ends[at] = this.ends[child] as number;
      at = child;
      this.siftSteps++;
    }
    this.keys[at] = lastKey;
    this.ends[at] = lastEnd;
    return true;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
    const ends = new Int32Array(this.ends.length * 2);
    ends.set(this.ends);
    this.ends = ends;
  }
}
