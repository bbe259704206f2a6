// Writing an export to a file atomically: the CSV streams into a temporary file
// beside the target, is flushed to disk, and only then renamed over the target.
// A failed or interrupted export leaves the target as it was (absent or the
// previous file), never half a file.

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportCsvStream, type CsvKind, type CsvOptions, type CsvStreamData } from './csv';

/** The target cannot be written; the message says why, in words a user can act on. */
export class CsvWriteError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(`cannot write CSV to ${path}: ${reason}`, options);
    this.name = 'CsvWriteError';
  }
}

export interface CsvFileResult {
  /** Absolute path of the written file. */
  path: string;
  bytes: number;
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

function describeFsError(error: NodeJS.ErrnoException, target: string): string {
  const folder = dirname(target);
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
export async function writeCsvFile<K extends CsvKind>(
  path: string,
  kind: K,
  data: CsvStreamData[K],
  options: CsvOptions = {},
): Promise<CsvFileResult> {
  const target = resolve(path);
  const fail = (error: NodeJS.ErrnoException): CsvWriteError =>
    new CsvWriteError(target, describeFsError(error, target), error.code, { cause: error });

  // Renaming a file over a folder fails late and obscurely; say it first.
  const existing = await stat(target).catch(() => null);
  if (existing?.isDirectory()) {
    throw new CsvWriteError(target, 'it is a folder', 'EISDIR');
  }

  // Same folder as the target, so the rename cannot cross file systems.
  // A dot file with a random suffix: invisible in most listings, never shared.
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
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

  const source = exportCsvStream(kind, data, options);
  let sourceError: unknown = null;
  source.once('error', (error) => {
    sourceError = error;
  });

  try {
    await pipeline(source, counter, file);
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
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    if (isErrnoException(error)) throw fail(error);
    throw error;
  }
  return { path: target, bytes };
}
