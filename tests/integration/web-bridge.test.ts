// The browser-mode client (src/renderer/src/api/http-bridge.ts) in Node
// against the real server with doubles behind it: the same LastTokenBridge
// as the preload's, so calls answer ApiResults and never throw, the CSV
// arrives as a download, and events arrive until unsubscribed.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/main/web';
import { createHttpBridge } from '../../src/renderer/src/api/http-bridge';
import type { AppEvent } from '../../src/shared/api';
import type { LastTokenBridge } from '../../src/shared/ipc-contract';
import {
  APP_INFO,
  csvDownload,
  fakeWebServices,
  rendererFixture,
  type FakeWebServices,
} from '../support/web-fakes';

let fixture: ReturnType<typeof rendererFixture>;
let fake: FakeWebServices;
let server: WebServer;
let bridge: LastTokenBridge;
const downloads: { bytes: Buffer; type: string; fileName: string }[] = [];

beforeAll(async () => {
  fixture = rendererFixture();
  fake = fakeWebServices();
  server = await startWebServer({ services: fake.services, rendererDir: fixture.dir });
  bridge = createHttpBridge({
    baseUrl: server.origin,
    token: new URL(server.url).searchParams.get('token') ?? '',
    saveDownload: (file, fileName) => {
      void file
        .arrayBuffer()
        .then((bytes) => downloads.push({ bytes: Buffer.from(bytes), type: file.type, fileName }));
    },
    reconnectDelayMs: 1,
  });
});

afterAll(async () => {
  await server.close();
  fixture.remove();
});

/** A server on a free port: listening, then answering with `handler`. */
async function stubServer(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const stub = createServer(handler);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  return stub;
}

const baseOf = (stub: Server): string => `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

describe('methods', () => {
  it('posts the input to /api/<method> and answers with the envelope', async () => {
    expect(await bridge.appInfo()).toEqual({ ok: true, value: APP_INFO });
    expect(await bridge.profilesGet({ id: 'p1' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'there is no method "profilesGet"' },
    });
    expect(fake.calls).toEqual([
      { method: 'appInfo', input: {} },
      { method: 'profilesGet', input: { id: 'p1' } },
    ]);
  });

  it('answers a server it cannot reach with an internal error, never a throw', async () => {
    const stub = await stubServer(() => {});
    const base = baseOf(stub);
    await new Promise((resolve) => stub.close(resolve));
    const gone = createHttpBridge({ baseUrl: base, saveDownload: () => {} });
    const result = await gone.appInfo();
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: expect.stringMatching(
          /^appInfo: cannot reach the LastToken server \(.+\): is "lasttoken web" still running\?$/,
        ),
      },
    });
  });

  it('answers a response that is not an envelope (a proxy error page) with an internal error', async () => {
    const stub = await stubServer((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    try {
      const proxied = createHttpBridge({ baseUrl: baseOf(stub), saveDownload: () => {} });
      expect(await proxied.settingsGet()).toEqual({
        ok: false,
        error: {
          code: 'internal',
          message: 'settingsGet: the server answered HTTP 502 without a LastToken result',
        },
      });
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  });
});

describe('exportCsv', () => {
  it('saves the CSV as a download under its file name and answers as a browser save does', async () => {
    fake.csv = () => ({
      ok: true,
      value: csvDownload('运行-summary.csv', ['\ufeffa,b\n', '1,2\n']),
    });
    downloads.length = 0;
    const result = await bridge.exportCsv({ run_id: 'r1', kind: 'summary', bom: true });
    const bytes = Buffer.byteLength('\ufeffa,b\n1,2\n');
    expect(result).toEqual({
      ok: true,
      value: { saved: true, file_name: '运行-summary.csv', path: null, bytes },
    });
    await expect.poll(() => downloads.length).toBe(1);
    expect(downloads[0]).toEqual({
      // The byte order mark too: Blob.text() would hide it.
      bytes: Buffer.from('\ufeffa,b\n1,2\n'),
      type: 'text/csv;charset=utf-8',
      fileName: '运行-summary.csv',
    });
  });

  it('answers an export that fails with its envelope, and saves nothing', async () => {
    fake.csv = () => ({ ok: false, error: { code: 'not_found', message: 'no run r9' } });
    downloads.length = 0;
    expect(await bridge.exportCsv({ run_id: 'r9', kind: 'chunks' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no run r9' },
    });
    expect(downloads).toEqual([]);
  });
});

const event = (n: number): AppEvent => ({ type: 'run_error', run_id: 'r1', message: `event ${n}` });

describe('subscribe', () => {
  it('delivers events in order until unsubscribed, and then leaves the server', async () => {
    const received: AppEvent[] = [];
    const unsubscribe = bridge.subscribe((e) => received.push(e));
    await fake.events.until(1);
    for (let n = 0; n < 20; n += 1) fake.events.emit(event(n));
    await expect.poll(() => received.length).toBe(20);
    expect(received).toEqual(Array.from({ length: 20 }, (_, n) => event(n)));

    unsubscribe();
    await fake.events.until(0);
    fake.events.emit(event(99));
    expect(received).toHaveLength(20);
  });

  it('keeps delivering when a listener throws', async () => {
    const received: AppEvent[] = [];
    const thrown: unknown[] = [];
    const onUncaught = (error: unknown): void => {
      thrown.push(error);
    };
    process.on('uncaughtException', onUncaught);
    const unsubscribe = bridge.subscribe((e) => {
      received.push(e);
      if (received.length === 1) throw new Error('a listener bug');
    });
    try {
      await fake.events.until(1);
      fake.events.emit(event(1));
      fake.events.emit(event(2));
      await expect.poll(() => received.length).toBe(2);
      await expect.poll(() => thrown.length).toBe(1);
      expect(thrown[0]).toEqual(new Error('a listener bug'));
    } finally {
      unsubscribe();
      process.off('uncaughtException', onUncaught);
    }
    await fake.events.until(0);
  });

  it('reconnects when the stream ends', async () => {
    let connections = 0;
    const stub = await stubServer((req, res) => {
      connections += 1;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // The first stream ends at once; the second carries an event and stays open.
      if (connections === 1) res.end();
      else res.write(`data: ${JSON.stringify(event(connections))}\n\n`);
    });
    const received: AppEvent[] = [];
    const unsubscribe = createHttpBridge({
      baseUrl: baseOf(stub),
      saveDownload: () => {},
      reconnectDelayMs: 1,
    }).subscribe((e) => received.push(e));
    try {
      await expect.poll(() => received).toEqual([event(2)]);
    } finally {
      unsubscribe();
      stub.closeAllConnections();
      await new Promise((resolve) => stub.close(resolve));
    }
  });
});
