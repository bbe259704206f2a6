// The event half of the HTTP bridge: GET /api/events read as a stream and
// parsed as Server-Sent Events. Not EventSource: it cannot send a bearer
// token, and Node 20 (where this is tested) has none. A stream that ends or
// fails is opened again after a short wait, doubling up to 5 s; the server
// drops a client that stops reading, so a tab that was asleep comes back.
// Events sent while it was away are lost: runsLive says where runs are now.

import { createParser } from 'eventsource-parser';
import type { AppEvent } from '../../../shared/api';
import type { Unsubscribe } from '../../../shared/ipc-contract';

const MAX_RECONNECT_DELAY_MS = 5_000;

export interface EventSubscription {
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  reconnectDelayMs: number;
  listener: (event: AppEvent) => void;
}

export function subscribeToEvents(subscription: EventSubscription): Unsubscribe {
  const stop = new AbortController();
  void follow(subscription, stop.signal);
  return () => stop.abort();
}

async function follow(subscription: EventSubscription, signal: AbortSignal): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const response = await subscription.fetch(subscription.url, {
        headers: subscription.headers,
        credentials: 'same-origin',
        signal,
      });
      if (response.ok && response.body) {
        failures = 0;
        await readEvents(response.body, subscription.listener);
      } else {
        await response.body?.cancel();
      }
    } catch {
      // The server is gone or restarting, or this subscription was stopped: see below.
    }
    if (signal.aborted) return;
    failures += 1;
    await pause(
      Math.min(subscription.reconnectDelayMs * 2 ** (failures - 1), MAX_RECONNECT_DELAY_MS),
      signal,
    );
  }
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  listener: (event: AppEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: ({ data }) => {
      try {
        listener(JSON.parse(data) as AppEvent);
      } catch (error) {
        // One listener's bug (or one bad event) must not end the stream:
        // reported as an uncaught error, where the console shows it.
        setTimeout(() => {
          throw error;
        });
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
