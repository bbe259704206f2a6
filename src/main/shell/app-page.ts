// Where the app's own page comes from, and whether a URL or an IPC sender is it.
// Main uses this to accept IPC only from its own page's main frame and to keep
// the window from navigating anywhere else.

import { pathToFileURL } from 'node:url';

export type AppPage =
  /** A built app: the renderer's index.html on disk. */
  | { readonly kind: 'file'; readonly url: URL }
  /** `electron-vite dev`: the renderer is served by Vite's dev server. */
  | { readonly kind: 'dev-server'; readonly origin: string };

export function locateAppPage(source: {
  devServerUrl: string | undefined;
  rendererFile: string;
}): AppPage {
  return source.devServerUrl === undefined
    ? { kind: 'file', url: pathToFileURL(source.rendererFile) }
    : { kind: 'dev-server', origin: new URL(source.devServerUrl).origin };
}

/** True for the app's page itself; its query and fragment do not matter. */
export function isAppPageUrl(page: AppPage, url: string): boolean {
  if (!URL.canParse(url)) return false;
  const candidate = new URL(url);
  if (page.kind === 'dev-server') return candidate.origin === page.origin;
  candidate.search = '';
  candidate.hash = '';
  return candidate.href === page.url.href;
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
