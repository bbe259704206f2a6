// GET /api/events: every AppEvent as Server-Sent Events, one `data:` line of
// JSON each. A run pushes events at its own pace and never waits for a
// browser: each event is written without waiting, and a client that does not
// read (a stuck or suspended tab) is dropped once its unsent backlog passes a
// bound, so it can neither slow the run nor grow memory. The page's client
// reconnects (runsLive tells it where runs are by then).

import type { ServerResponse } from 'node:http';
import type { AppEvent } from '../../shared/api';
import type { Unsubscribe } from '../../shared/ipc-contract';

export interface AppEventFeed {
  subscribe(listener: (event: AppEvent) => void): Unsubscribe;
}

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and idle timers from closing a quiet stream. */
  keepAliveMs: number;
  /** A client whose unsent bytes pass this is dropped. */
  maxBacklogBytes: number;
}

/** Streams events to one client until its connection closes. */
export function streamEvents(
  res: ServerResponse,
  events: AppEventFeed,
  options: EventStreamOptions,
): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  // The client learns the stream is open now, not with the first event.
  res.flushHeaders();

  const send = (text: string): void => {
    if (res.destroyed) return;
    res.write(text);
    if (res.writableLength > options.maxBacklogBytes) res.destroy();
  };
  const unsubscribe = events.subscribe((event) => send(`data: ${JSON.stringify(event)}\n\n`));
  const keepAlive = setInterval(() => send(': keep-alive\n\n'), options.keepAliveMs);
  // The connection closed: the client hung up, was dropped, or the server is closing.
  res.once('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
