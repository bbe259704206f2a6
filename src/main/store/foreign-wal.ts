// A write-ahead log beside a history that is not the history's own. SQLite
// replays whatever DB-wal file it finds beside a database into it, whichever
// database wrote it: a history restored from a backup or copied in beside the
// log of the file it replaced, a log copied along from another machine, a
// database deleted while its log stayed. The history is then damaged without
// a word. A log records no identity of its database (its salts are random at
// each restart of the log: SQLite's "WAL file format"), so what is checked is
// what a log can contradict, reading both files and writing neither:
//
// - a log with commits beside a database that is absent or empty (a database
//   exists, its header written, before it has a log);
// - a page size other than the database's (it cannot change in WAL mode);
// - a log whose newest commit describes a database smaller than the file (a
//   history never shrinks: LastToken never vacuums, and a checkpoint writes
//   only pages of commits in the log), or whose newest copy of the header
//   page has an older schema cookie or user_version than the file (both only
//   grow, and the file is never ahead of its log).
//
// A log of the same size and schema from another history is beyond what the
// files can tell. A log another process is writing right now is its writer's
// own: it is read again at the end, and a log that changed is left alone.

import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';

const WAL_MAGIC_LITTLE_ENDIAN = 0x377f0682;
const WAL_MAGIC_BIG_ENDIAN = 0x377f0683;
const WAL_FORMAT_VERSION = 3007000;
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const DATABASE_MAGIC = 'SQLite format 3\u0000';

// Offsets in the database header (the first 100 bytes of page 1).
const PAGE_SIZE_AT = 16;
const SCHEMA_COOKIE_AT = 40;
const USER_VERSION_AT = 60;

interface WalHeader {
  bigEndian: boolean;
  pageSize: number;
  salts: [number, number];
  checksum: [number, number];
  bytes: Buffer;
}

/** What the log's valid commits say: the newest database size and header page. */
interface Committed {
  pages: number;
  /** The newest committed copy of page 1, when a commit wrote it. */
  header: Buffer | null;
}

/**
 * Why the log beside the database at `path` is not the database's own, in
 * words a message can use; null when it may be (or there is none).
 */
export function foreignWalReason(path: string): string | null {
  const database = realPath(path);
  const wal = `${database}-wal`;
  const fd = openIfThere(wal);
  if (fd === null) return null;
  try {
    const header = walHeader(readAt(fd, 0, WAL_HEADER_BYTES));
    if (header === null) return null;
    const committed = committedState(fd, header);
    // A log being restarted by its writer meanwhile is that writer's: not ours to judge.
    if (committed === null || !readAt(fd, 0, WAL_HEADER_BYTES).equals(header.bytes)) return null;
    return contradiction(database, header, committed);
  } finally {
    closeSync(fd);
  }
}

function contradiction(database: string, wal: WalHeader, committed: Committed): string | null {
  const size = fileSize(database);
  if (size === null || size === 0) {
    return `it holds commits, and ${size === null ? 'the database is absent' : 'the database is empty'}`;
  }
  const fd = openIfThere(database);
  if (fd === null) return null;
  let head: Buffer;
  try {
    head = readAt(fd, 0, 100);
  } finally {
    closeSync(fd);
  }
  // Not an SQLite file: opening it says so, and replays nothing.
  if (head.toString('latin1', 0, 16) !== DATABASE_MAGIC) return null;
  const pageSize = databasePageSize(head);
  if (pageSize !== wal.pageSize) {
    return `its pages are of ${wal.pageSize} bytes, the database's of ${pageSize}`;
  }
  const pages = Math.ceil(size / pageSize);
  if (committed.pages < pages) {
    return `it is the log of a database of ${committed.pages} pages, and this one has ${pages}`;
  }
  if (committed.header !== null) {
    for (const [at, name] of [
      [SCHEMA_COOKIE_AT, 'schema'],
      [USER_VERSION_AT, 'schema version'],
    ] as const) {
      if (committed.header.readUInt32BE(at) < head.readUInt32BE(at)) {
        return `its ${name} is older than the database's`;
      }
    }
  }
  return null;
}

/** The header, when the bytes are a log's header with a valid checksum. */
function walHeader(bytes: Buffer): WalHeader | null {
  if (bytes.length < WAL_HEADER_BYTES) return null;
  const magic = bytes.readUInt32BE(0);
  if (magic !== WAL_MAGIC_LITTLE_ENDIAN && magic !== WAL_MAGIC_BIG_ENDIAN) return null;
  if (bytes.readUInt32BE(4) !== WAL_FORMAT_VERSION) return null;
  const bigEndian = magic === WAL_MAGIC_BIG_ENDIAN;
  const checksum = walChecksum(bytes.subarray(0, 24), bigEndian, [0, 0]);
  if (checksum[0] !== bytes.readUInt32BE(24) || checksum[1] !== bytes.readUInt32BE(28)) return null;
  return {
    bigEndian,
    pageSize: bytes.readUInt32BE(8),
    salts: [bytes.readUInt32BE(16), bytes.readUInt32BE(20)],
    checksum,
    bytes,
  };
}

/**
 * The frames SQLite would replay: from the first, while each carries the
 * header's salts and continues its checksum chain, up to the last commit.
 * Null when no commit is there (SQLite then replays nothing).
 */
function committedState(fd: number, wal: WalHeader): Committed | null {
  const frameBytes = FRAME_HEADER_BYTES + wal.pageSize;
  let checksum = wal.checksum;
  let committed: Committed | null = null;
  let header: Buffer | null = null;
  let pendingHeader: Buffer | null = null;
  for (let offset = WAL_HEADER_BYTES; ; offset += frameBytes) {
    const frame = readAt(fd, offset, frameBytes);
    if (frame.length < frameBytes) break;
    if (frame.readUInt32BE(8) !== wal.salts[0] || frame.readUInt32BE(12) !== wal.salts[1]) break;
    checksum = walChecksum(frame.subarray(0, 8), wal.bigEndian, checksum);
    checksum = walChecksum(frame.subarray(FRAME_HEADER_BYTES), wal.bigEndian, checksum);
    if (checksum[0] !== frame.readUInt32BE(16) || checksum[1] !== frame.readUInt32BE(20)) break;
    if (frame.readUInt32BE(0) === 1) pendingHeader = frame.subarray(FRAME_HEADER_BYTES);
    const commitPages = frame.readUInt32BE(4);
    if (commitPages !== 0) {
      header = pendingHeader ?? header;
      committed = { pages: commitPages, header };
      pendingHeader = null;
    }
  }
  return committed;
}

/** SQLite's log checksum: 32-bit words in the log's byte order, two running sums. */
function walChecksum(
  data: Buffer,
  bigEndian: boolean,
  [first, second]: [number, number],
): [number, number] {
  let s0 = first;
  let s1 = second;
  for (let i = 0; i + 8 <= data.length; i += 8) {
    const x0 = bigEndian ? data.readUInt32BE(i) : data.readUInt32LE(i);
    const x1 = bigEndian ? data.readUInt32BE(i + 4) : data.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/** The header's page size: two bytes, 1 standing for 65536. */
function databasePageSize(head: Buffer): number {
  const size = head.readUInt16BE(PAGE_SIZE_AT);
  return size === 1 ? 65_536 : size;
}

/** SQLite keeps the log beside the file a link leads to. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/** Opened for reading; null when absent or unreadable (then SQLite cannot replay it either). */
function openIfThere(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch {
    return null;
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}
