// The stand-in's own wiring between the Node process that runs the built main
// (out/main/index.js) and the test process that holds the windows (Chromium
// pages): requests with answers, and one-way notices, over Node's IPC channel
// of a forked child with `serialization: 'advanced'`, so that every value
// crosses as a V8 structured clone, as Electron's IPC carries them. None of
// this is Electron's: it is the test machinery around the stand-in.

import type { ChildProcess } from 'node:child_process';

export interface Transport {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

type Message =
  | { kind: 'request'; id: number; method: string; params: unknown }
  | { kind: 'response'; id: number; ok: true; value: unknown }
  | { kind: 'response'; id: number; ok: false; error: string }
  | { kind: 'notice'; method: string; params: unknown };

type Handler = (params: never) => unknown;

export class Rpc {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; method: string }
  >();
  private readonly handlers = new Map<string, Handler>();
  private readonly noticeListeners = new Map<string, (params: never) => void>();
  private closedBecause: string | null = null;

  constructor(
    private readonly transport: Transport,
    /** What a failed handler or notice listener is reported to (it must not vanish). */
    private readonly onError: (error: unknown) => void,
  ) {
    transport.onMessage((message) => this.receive(message as Message));
  }

  request<T = unknown>(method: string, params: unknown = null): Promise<T> {
    if (this.closedBecause !== null) {
      return Promise.reject(new Error(`stand-in RPC ${method}: ${this.closedBecause}`));
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method });
      this.transport.send({ kind: 'request', id, method, params } satisfies Message);
    });
  }

  notify(method: string, params: unknown = null): void {
    if (this.closedBecause !== null) return;
    this.transport.send({ kind: 'notice', method, params } satisfies Message);
  }

  handle<P>(method: string, handler: (params: P) => unknown): void {
    this.handlers.set(method, handler as Handler);
  }

  onNotice<P>(method: string, listener: (params: P) => void): void {
    this.noticeListeners.set(method, listener as (params: never) => void);
  }

  /** The other side is gone: every open request fails with this reason. */
  close(reason: string): void {
    this.closedBecause = reason;
    for (const [id, { reject, method }] of this.pending) {
      this.pending.delete(id);
      reject(new Error(`stand-in RPC ${method}: ${reason}`));
    }
  }

  private receive(message: Message): void {
    switch (message.kind) {
      case 'request':
        void this.answer(message.id, message.method, message.params);
        return;
      case 'response': {
        const waiting = this.pending.get(message.id);
        if (waiting === undefined) return;
        this.pending.delete(message.id);
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(new Error(message.error));
        return;
      }
      case 'notice': {
        const listener = this.noticeListeners.get(message.method);
        if (listener === undefined) {
          this.onError(new Error(`stand-in RPC: nobody listens to the notice ${message.method}`));
          return;
        }
        try {
          listener(message.params as never);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }

  private async answer(id: number, method: string, params: unknown): Promise<void> {
    const handler = this.handlers.get(method);
    let reply: Message;
    if (handler === undefined) {
      reply = { kind: 'response', id, ok: false, error: `stand-in RPC: no handler for ${method}` };
    } else {
      try {
        reply = { kind: 'response', id, ok: true, value: await handler(params as never) };
      } catch (error) {
        reply = {
          kind: 'response',
          id,
          ok: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
    }
    if (this.closedBecause !== null) return;
    try {
      this.transport.send(reply);
    } catch (error) {
      // A value that cannot be cloned (a function, a class instance with private state...).
      this.transport.send({
        kind: 'response',
        id,
        ok: false,
        error: `${method} answered with a value that cannot cross: ${String(error)}`,
      } satisfies Message);
    }
  }
}

/** The transport of a forked child's IPC channel, seen from either end. */
export function processTransport(end: NodeJS.Process | ChildProcess): Transport {
  if (end.send === undefined) {
    throw new Error('this process has no IPC channel (start it with fork)');
  }
  return {
    send: (message) => {
      (end.send as (message: unknown) => boolean).call(end, message);
    },
    onMessage: (listener) => {
      end.on('message', listener);
    },
  };
}
