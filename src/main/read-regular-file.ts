// Reading a file the user names (a run file, a profile file) whole, as text:
// only a regular file, and only up to a size. A named pipe opened as a file
// blocks until someone writes to it, and a device such as /dev/urandom never
// ends; either would hang the command. So what sits at the path is asked
// before it is opened, and asked again of what was opened (the path may have
// changed in between), opened without waiting for a writer.

import { constants, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { fileKind } from './file-kind';

/** The file cannot be read; `reason` says why in words a message can use ("no such file"). */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot read ${path}: ${reason}`);
  }
}

// Windows has no such flag, and no named pipes a path can lead to unawares.
const WITHOUT_WAITING = process.platform === 'win32' ? 0 : constants.O_NONBLOCK;

/** `maxBytes` in the units a message uses. */
function size(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

/**
 * The text of the regular file at `path` (links followed), read only when it
 * is at most `maxBytes` long; `what` names such a file in the refusal ("a run
 * file"). Throws FileReadError; an aborted `signal` ends the read with its reason.
 */
export async function readRegularFile(
  path: string,
  what: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<string> {
  const refuse = (stats: Stats): void => {
    if (!stats.isFile()) {
      throw new FileReadError(path, `it is ${fileKind(stats)}, not a regular file`);
    }
    if (stats.size > maxBytes) {
      throw new FileReadError(
        path,
        `it is ${stats.size} bytes, more than ${what} can be (at most ${size(maxBytes)})`,
      );
    }
  };
  try {
    refuse(await stat(path));
    const handle = await open(path, constants.O_RDONLY | WITHOUT_WAITING);
    try {
      refuse(await handle.stat());
      // Read up to the size just checked, even while the file grows.
      return await handle.readFile({ encoding: 'utf8', signal });
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    if (signal?.aborted) throw signal.reason;
    const code = (error as NodeJS.ErrnoException).code;
    throw new FileReadError(
      path,
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'ENOTDIR'
            ? 'a folder on its path is a file'
            : (error as Error).message,
    );
  }
}
