// Writing an export to a file atomically: the CSV (or a run file) streams into a temporary file
// beside the target, is flushed to disk, and only then renamed over the target.
// A failed or interrupted export leaves the target as it was (absent or the
// previous file), never half a file.
//
// The target is a regular file, new or replaced with its permissions kept. A
// symbolic link is written through: the file it points to is replaced (or
// created, for a dangling link) and the link stays a link. Anything else (a
// folder, a device such as /dev/full, a named pipe, a socket) is refused: a
// rename would silently put a regular file in its place.

import { randomBytes } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { chmod, lstat, readlink, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileKind } from '../file-kind';
import { exportCsvStream, type CsvKind, type CsvOptions, type CsvStreamData } from './csv';

/** The target cannot be written; the message says why, in words a user can act on. */
export class CsvWriteError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code: string | undefined,
    options?: ErrorOptions & { what?: string },
  ) {
    super(`cannot write ${options?.what ?? 'CSV'} to ${path}: ${reason}`, options);
    this.name = 'CsvWriteError';
  }
}

export interface CsvFileResult {
  /** Absolute path of the written file, as given (a link is named, not its target). */
  path: string;
  bytes: number;
}

/** Where the bytes go: the target itself, or the end of its chain of links. */
interface Destination {
  file: string;
  /** Permission bits of the file being replaced; null when it is created. */
  mode: number | null;
}

// Linux's own limit on links followed while resolving one path.
const MAX_LINKS = 40;

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

function describeFsError(error: NodeJS.ErrnoException, file: string): string {
  const folder = dirname(file);
  switch (error.code) {
    case 'ENOENT':
      return `the folder ${folder} does not exist`;
    case 'ENOTDIR':
      return `${folder} is not a folder`;
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (no write access to ${folder})`;
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'ELOOP':
      return 'its symbolic links form a loop';
    default:
      return `${error.message}`;
  }
}

/**
 * Writes one export to `path` atomically and resolves when it is on disk.
 * Errors of the file system reject with a CsvWriteError naming the path and the
 * reason; an error of the data source rejects with that error. Either way the
 * temporary file is removed and an existing file at `path` is left untouched.
 */
export function writeCsvFile<K extends CsvKind>(
  path: string,
  kind: K,
  data: CsvStreamData[K],
  options: CsvOptions = {},
): Promise<CsvFileResult> {
  return writeFileAtomically(path, () => exportCsvStream(kind, data, options), 'CSV');
}

/**
 * As writeCsvFile, for any export: `what` names it in error messages ("a run
 * file"); `source` is called once the target is known to be writable.
 */
export async function writeFileAtomically(
  path: string,
  source: () => Readable,
  what: string,
): Promise<CsvFileResult> {
  const target = resolve(path);
  const destination = await destinationOf(target, what);
  const fail = (error: NodeJS.ErrnoException): CsvWriteError =>
    new CsvWriteError(target, describeFsError(error, destination.file), error.code, {
      cause: error,
      what,
    });

  // Same folder as the file replaced, so the rename cannot cross file systems.
  // A dot file with a random suffix: invisible in most listings, never shared.
  const temp = join(
    dirname(destination.file),
    `.${basename(destination.file)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // 'wx': never follow or clobber something already there; flush: fsync before close.
  const file = createWriteStream(temp, { flags: 'wx', flush: true });
  let fileError: unknown = null;
  file.once('error', (error) => {
    fileError = error;
  });

  const input = source();
  let sourceError: unknown = null;
  input.once('error', (error) => {
    sourceError = error;
  });

  try {
    await pipeline(input, counter, file);
  } catch (error) {
    // A stream destroyed while opening closes its file later: wait, then clean up.
    if (!file.closed) await new Promise<void>((done) => file.once('close', () => done()));
    await unlink(temp).catch(() => {});
    // The file's own errors are the file system's. The data source's errors (a
    // database cursor failing) pass through unchanged, though pipeline hands
    // them to the file too and they may carry a code (SQLITE_IOERR).
    if (error === fileError && error !== sourceError && isErrnoException(error)) throw fail(error);
    throw error;
  }

  try {
    // The umask narrowed the new file's mode; the one it replaces had its own.
    if (destination.mode !== null) await chmod(temp, destination.mode);
    await rename(temp, destination.file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    if (isErrnoException(error)) throw fail(error);
    throw error;
  }
  return { path: target, bytes };
}

/** Follows `target`'s links to the file to write, refusing what is not a regular file. */
async function destinationOf(target: string, what: string): Promise<Destination> {
  let file = target;
  for (let links = 0; links <= MAX_LINKS; links++) {
    let stats: Stats;
    let link: string | null = null;
    try {
      stats = await lstat(file);
      if (stats.isSymbolicLink()) link = await readlink(file);
    } catch (error) {
      if (!isErrnoException(error)) throw error;
      // Nothing there (or a dangling link's target): the file is created.
      if (error.code === 'ENOENT') return { file, mode: null };
      throw new CsvWriteError(target, describeFsError(error, file), error.code, {
        cause: error,
        what,
      });
    }
    if (link !== null) {
      // A relative link is relative to the folder it is in.
      file = resolve(dirname(file), link);
      continue;
    }
    if (stats.isFile()) return { file, mode: stats.mode & 0o777 };
    const kind = `${fileKind(stats)}, not a regular file`;
    throw new CsvWriteError(
      target,
      file === target ? `it is ${kind}` : `it links to ${file}, ${kind}`,
      stats.isDirectory() ? 'EISDIR' : undefined,
      { what },
    );
  }
  throw new CsvWriteError(target, 'its symbolic links form a loop', 'ELOOP', { what });
}
