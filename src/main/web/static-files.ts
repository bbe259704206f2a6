// The built renderer (out/renderer), read-only: `/` is index.html, any other
// path a file inside the folder or a 404. A path cannot leave the folder:
// not with `..` (the URL parser resolves dot segments, encoded ones too),
// not with an encoded slash or backslash, not through a symbolic link.

import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { refuse } from './responses';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_FOUND = { code: 'not_found', message: 'There is no such page in LastToken.' } as const;

/** `root` must be a real path (no symbolic links in it): files are checked against it. */
export async function serveStaticFile(
  res: ServerResponse,
  root: string,
  pathname: string,
): Promise<void> {
  const file = await fileFor(root, pathname);
  if (file === null) {
    refuse(res, 'page', 404, NOT_FOUND);
    return;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': file.size,
  });
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  // A client that hangs up mid-file ends the pipeline with an error: nothing to answer then.
  await pipeline(createReadStream(file.path), res).catch(() => {});
}

async function fileFor(
  root: string,
  pathname: string,
): Promise<{ path: string; size: number } | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0') || relative.includes('\\') || relative.split('/').includes('..')) {
    return null;
  }
  try {
    const path = await realpath(join(root, relative));
    if (!path.startsWith(root + sep)) return null;
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size } : null;
  } catch {
    // No such file (or not readable): the same 404.
    return null;
  }
}
