// Browser mode in a real browser: Debian's Chromium opens the URL `lasttoken
// web` prints, against the renderer built from the current source. The
// cookie exchange leaves the token out of the address bar, the renderer finds
// window.lasttoken over HTTP and shows the app's info, events and downloads
// work through the page; and a page on another origin (another port of
// 127.0.0.1, the nearest a hostile page can be) can neither read the API nor
// frame the app. The services behind the server are doubles here: what is
// tested is the transport, as the page uses it.

import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/main/web';
import type { AppEvent } from '../../src/shared/api';
import type { LastTokenBridge } from '../../src/shared/ipc-contract';
import { buildRenderer } from '../support/build-renderer';
import { launchChromium, type Browser } from '../support/chromium';
import { ROOT } from '../support/spawn-cli';
import { APP_INFO, fakeWebServices, type FakeWebServices } from '../support/web-fakes';

const ARTIFACTS = join(ROOT, 'test-artifacts');

/**
 * The page's global object as the scripts below see it in the browser (this
 * file is type-checked without the DOM's types).
 */
interface PageGlobal {
  lasttoken: LastTokenBridge;
  document: { cookie: string };
  received: unknown[];
}

let renderer: Awaited<ReturnType<typeof buildRenderer>>;
let fake: FakeWebServices;
let server: WebServer;
let browser: Browser;
let page: Page;
/** Another origin: the same host, another port. */
let elsewhere: Server;
let elsewhereOrigin: string;

beforeAll(async () => {
  renderer = await buildRenderer();
  fake = fakeWebServices();
  server = await startWebServer({ services: fake.services, rendererDir: renderer.dir });
  elsewhere = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      req.url === '/frame'
        ? `<!doctype html><title>elsewhere</title><iframe src="${server.origin}/"></iframe>`
        : '<!doctype html><title>elsewhere</title><p>another origin</p>',
    );
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.context.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
  renderer?.remove();
});

describe('the app in Chromium', () => {
  it('opens the printed URL, trades the token for a cookie and shows the app from the HTTP bridge', async () => {
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${server.origin}/`);

    const [cookie, ...others] = await browser.context.cookies(server.origin);
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({
      name: `lasttoken_session_${server.port}`,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    });

    // The renderer started from its own calls through window.lasttoken (app info, settings).
    await page.locator('.layout').waitFor();
    expect(fake.calls.map((c) => c.method)).toEqual(
      expect.arrayContaining(['appInfo', 'settingsGet']),
    );
    expect(await page.locator('.brand-name').textContent()).toBe('LastToken');
    expect(await page.title()).toBe('LastToken');
    // The page's scripts cannot see the cookie (HttpOnly).
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobal).document.cookie)).toBe(
      '',
    );

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'web-mode.png') });
  });

  it('gives the page a read-only window.lasttoken that answers with ApiResults', async () => {
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobal).lasttoken.appInfo()),
    ).toEqual({
      ok: true,
      value: APP_INFO,
    });
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as PageGlobal).lasttoken.profilesGet({ id: 'p1' }),
      ),
    ).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'there is no method "profilesGet"' },
    });
    const descriptor = await page.evaluate(() => {
      const own = Object.getOwnPropertyDescriptor(globalThis, 'lasttoken');
      return { writable: own?.writable, configurable: own?.configurable };
    });
    expect(descriptor).toEqual({ writable: false, configurable: false });
  });

  it('delivers events to a subscriber in the page', async () => {
    // The app follows events itself (the runs going now): wait for one more subscriber.
    const before = fake.events.count;
    await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobal;
      page.received = [];
      page.lasttoken.subscribe((event) => page.received.push(event));
    });
    await fake.events.until(before + 1);
    const events: AppEvent[] = [1, 2, 3].map((n) => ({
      type: 'run_error',
      run_id: 'r1',
      message: `event ${n}`,
    }));
    for (const event of events) fake.events.emit(event);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobal).received))
      .toEqual(events);
  });

  it('saves exportCsv as a download', async () => {
    const [download, result] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate(() =>
        (globalThis as unknown as PageGlobal).lasttoken.exportCsv({
          run_id: 'r1',
          kind: 'summary',
        }),
      ),
    ]);
    expect(result).toEqual({
      ok: true,
      value: { saved: true, file_name: 'lasttoken-summary.csv', path: null, bytes: 8 },
    });
    expect(download.suggestedFilename()).toBe('lasttoken-summary.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('a,b\n1,2\n');
  });
});

describe('a page on another origin', () => {
  it('cannot call or read the API, though the browser holds the session cookie', async () => {
    // The app's own page would go on calling the API (a plan refreshed late):
    // only the other origin's attempts may be counted.
    await page.goto('about:blank');
    const other = await browser.context.newPage();
    try {
      await other.goto(elsewhereOrigin);
      fake.calls.length = 0;
      const attempts = await other.evaluate(async (target) => {
        const outcome = (request: Promise<Response>): Promise<string> =>
          request.then(
            async (response) => `read ${response.status}: ${await response.text()}`,
            (error: unknown) => `blocked: ${String(error)}`,
          );
        return {
          // Preflighted (JSON): the preflight is refused.
          json: await outcome(
            fetch(`${target}/api/appInfo`, {
              method: 'POST',
              credentials: 'include',
              headers: { 'Content-Type': 'application/json' },
              body: '{}',
            }),
          ),
          // A "simple" request needs no preflight: the server sees the Origin and refuses it.
          simple: await outcome(
            fetch(`${target}/api/appInfo`, { method: 'POST', credentials: 'include', body: '{}' }),
          ),
          events: await outcome(fetch(`${target}/api/events`, { credentials: 'include' })),
          page: await outcome(fetch(`${target}/`, { credentials: 'include' })),
          // no-cors would give an opaque response; Cross-Origin-Resource-Policy blocks even that.
          noCors: await outcome(
            fetch(`${target}/api/appInfo`, {
              method: 'POST',
              mode: 'no-cors',
              credentials: 'include',
              body: '{}',
            }),
          ),
        };
      }, server.origin);
      expect(attempts).toEqual({
        json: 'blocked: TypeError: Failed to fetch',
        simple: 'blocked: TypeError: Failed to fetch',
        events: 'blocked: TypeError: Failed to fetch',
        page: 'blocked: TypeError: Failed to fetch',
        noCors: 'blocked: TypeError: Failed to fetch',
      });
      expect(fake.calls).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('cannot frame the app', async () => {
    const other = await browser.context.newPage();
    try {
      await other.goto(`${elsewhereOrigin}/frame`);
      const frame = other.frames().find((f) => f !== other.mainFrame());
      await expect.poll(() => frame?.url()).toBe('chrome-error://chromewebdata/');
      expect(await other.locator('iframe').count()).toBe(1);
    } finally {
      await other.close();
    }
  });
});
