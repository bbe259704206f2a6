// What sits at a path, in the words a message uses when LastToken refuses to
// write there (a CSV export, the history database) or to read it (a file to
// import): writing to a device, a named pipe or a socket as if it were a file
// loses the data or blocks forever, and reading one may never end.

import type { Stats } from 'node:fs';

export type FileKind =
  | 'a regular file'
  | 'a folder'
  | 'a device'
  | 'a named pipe (FIFO)'
  | 'a socket'
  | 'a symbolic link';

/** The kind of what `stats` describes (from lstat, or stat when links are followed). */
export function fileKind(stats: Stats): FileKind {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  // What remains on POSIX and Windows: character and block devices.
  return 'a device';
}
