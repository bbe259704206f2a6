// Where the app's own page comes from, and whether a URL or an IPC sender is it.
// Main uses this to accept IPC only from its own page's main frame and to keep
// the window from navigating anywhere else.
//
// A built app's page is a file, and the same file is written as a URL by two
// hands that disagree: Node's pathToFileURL (here) and Electron's loadFile,
// whose URL Chromium then canonicalises (what the sender frame reports).
// Chromium upper-cases a Windows drive letter (`file:///C:/…`) where Node
// keeps the case it was given (`c:` when a terminal starts in `c:\…`), and
// loadFile leaves a `%` in a folder name as it is where pathToFileURL writes
// `%25`. So the two are compared as the file they name, not as strings: the
// path with its escapes decoded, a Windows path without regard to case (as the
// file system looks it up), and, when that differs, the real path on disk (a
// checkout reached through a symlink).

import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export type AppPage =
  /** A built app: the renderer's index.html on disk. */
  | {
      readonly kind: 'file';
      readonly windows: boolean;
      /** The file as fileKey writes it. */
      readonly key: string;
      /** Where the file really is, symlinks resolved; null when it cannot be resolved. */
      readonly realPath: string | null;
    }
  /** `electron-vite dev`: the renderer is served by Vite's dev server. */
  | { readonly kind: 'dev-server'; readonly origin: string };

export interface AppPageSource {
  devServerUrl: string | undefined;
  rendererFile: string;
  /** The OS whose paths rendererFile is written in: process.platform by default. */
  platform?: NodeJS.Platform;
}

export function locateAppPage(source: AppPageSource): AppPage {
  if (source.devServerUrl !== undefined) {
    return { kind: 'dev-server', origin: new URL(source.devServerUrl).origin };
  }
  const windows = (source.platform ?? process.platform) === 'win32';
  const url = pathToFileURL(source.rendererFile, { windows });
  return {
    kind: 'file',
    windows,
    key: fileKey(url, windows),
    realPath: realPathOf(source.rendererFile),
  };
}

/** True for the app's page itself; its query and fragment do not matter. */
export function isAppPageUrl(page: AppPage, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const candidate = new URL(url);
  if (page.kind === 'dev-server') return candidate.origin === page.origin;
  if (candidate.protocol !== 'file:') return false;
  const key = fileKey(candidate, page.windows);
  if (key === page.key) return true;
  // Only a path on this machine's own file system can be resolved.
  if (page.realPath === null || page.windows !== (process.platform === 'win32')) return false;
  return realPathOf(filePath(candidate, page.windows)) === page.realPath;
}

/** The part of Electron's WebFrameMain that the sender check reads. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: SenderFrame | null;
}

/** IPC is trusted only from the main frame of the app's own page: no subframe, no other page. */
export function isTrustedSender(page: AppPage, frame: SenderFrame | null): boolean {
  return frame !== null && frame.parent === null && isAppPageUrl(page, frame.url);
}

/**
 * A file URL as the file it names: host (a Windows share) and path with every
 * well-formed escape decoded as UTF-8 and a stray `%` kept, as Chromium reads
 * it when it opens the file; on Windows in one case.
 */
function fileKey(url: URL, windows: boolean): string {
  const key = `${url.hostname}${decodeEscapes(url.pathname)}`;
  return windows ? key.toLowerCase() : key;
}

/** The path a file URL names on disk, escapes decoded. */
function filePath(url: URL, windows: boolean): string {
  const path = decodeEscapes(url.pathname);
  if (!windows) return path;
  // `/C:/dir/index.html` → `C:\dir\index.html`; `//server/share/…` when there is a host.
  const local = path.replace(/^\/([A-Za-z]:)/, '$1').replaceAll('/', '\\');
  return url.hostname === '' ? local : `\\\\${url.hostname}${local}`;
}

/** Decodes each run of `%XX` escapes as UTF-8; a `%` not followed by two hex digits stays. */
function decodeEscapes(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) =>
    new TextDecoder().decode(Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16))),
  );
}

function realPathOf(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}
