// Every AppEvent (run progress, finished trials...) goes to every window of
// the app on the one event channel; the preload hands it to the renderer's
// subscribers. A window that is closing or closed is skipped.

import type { AppEvent } from '../../shared/api';
import { EVENT_CHANNEL } from '../../shared/ipc-contract';

/** The parts of Electron's BrowserWindow used here. */
export interface EventWindow {
  isDestroyed(): boolean;
  readonly webContents: {
    isDestroyed(): boolean;
    send(channel: string, ...args: unknown[]): void;
  };
}

export interface AppEventSource {
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: AppEvent) => void): () => void;
}

/** Forwards until the returned function is called. */
export function forwardEvents(
  source: AppEventSource,
  windows: () => readonly EventWindow[],
): () => void {
  return source.subscribe((event) => {
    for (const window of windows()) {
      if (window.isDestroyed() || window.webContents.isDestroyed()) continue;
      window.webContents.send(EVENT_CHANNEL, event);
    }
  });
}
