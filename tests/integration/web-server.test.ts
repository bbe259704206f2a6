// Browser mode's HTTP server (src/main/web) with doubles behind it: every rule
// that keeps it as safe as the app's window (token, cookie exchange, Host,
// Origin, Sec-Fetch-Site, no CORS, JSON only, body size, paths), the headers on
// every kind of response, the API's envelope and statuses, the CSV download,
// and the event stream (order, keep-alive, unsubscribe, a stuck client).

import { get, request, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createParser } from 'eventsource-parser';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/main/shell/csp';
import { MAX_BODY_BYTES, startWebServer, type WebServer } from '../../src/main/web';
import type { ApiErrorCode, AppEvent } from '../../src/shared/api';
import {
  APP_INFO,
  APP_JS,
  csvDownload,
  fakeWebServices,
  INDEX_HTML,
  rendererFixture,
  SECRET,
  send,
  type FakeWebServices,
  type RawResponse,
} from '../support/web-fakes';

let fixture: ReturnType<typeof rendererFixture>;
let fake: FakeWebServices;
let server: WebServer;
let token: string;
let host: string;

beforeAll(async () => {
  fixture = rendererFixture();
  fake = fakeWebServices();
  server = await startWebServer({ services: fake.services, rendererDir: fixture.dir });
  token = new URL(server.url).searchParams.get('token') ?? '';
  host = `127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.close();
  fixture.remove();
});

afterEach(() => {
  fake.calls.length = 0;
});

const bearer = (): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** An API call as the HTTP bridge makes it, with the token as a bearer header. */
function call(method: string, body: unknown = {}, headers: Record<string, string> = {}) {
  return send(server.port, {
    method: 'POST',
    path: `/api/${method}`,
    headers: { ...bearer(), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function json(response: RawResponse): unknown {
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return JSON.parse(response.body);
}

function refusal(code: ApiErrorCode, message: string | RegExp) {
  return {
    ok: false,
    error: {
      code,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    },
  };
}

const MISSING_TOKEN =
  'This LastToken server needs its token: open the URL that "lasttoken web" printed (it ends in ?token=...), or send Authorization: Bearer TOKEN.';
const WRONG_TOKEN =
  'The token is not this server\'s: "lasttoken web" makes a new one each time it starts. Open the URL it printed this time.';

/** As the HTML page shows a message. */
const html = (text: string): string => text.replace(/"/g, '&#34;').replace(/'/g, '&#39;');

function expectSecurityHeaders(response: RawResponse): void {
  const { headers } = response;
  expect(headers['content-security-policy']).toBe(
    `${contentSecurityPolicy({ dev: false })}; frame-ancestors 'none'`,
  );
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cache-control']).toBe('no-store');
  expect(Object.keys(headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
}

describe('the URL and the token', () => {
  it('listens on 127.0.0.1 and prints http://127.0.0.1:PORT/?token= with 32 random bytes, new each launch', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    const other = await startWebServer({ services: fake.services, rendererDir: fixture.dir });
    try {
      expect(new URL(other.url).searchParams.get('token')).not.toBe(token);
      expect(other.port).not.toBe(server.port);
    } finally {
      await other.close();
    }
  });

  it('answers an API call with the token as a bearer header', async () => {
    const response = await call('appInfo');
    expect(response.status).toBe(200);
    expect(json(response)).toEqual({ ok: true, value: APP_INFO });
    expect(fake.calls).toEqual([{ method: 'appInfo', input: {} }]);
  });

  it('refuses an API call without a token: 401 with the ApiResult envelope, and nothing dispatched', async () => {
    const response = await send(server.port, {
      method: 'POST',
      path: '/api/appInfo',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="LastToken"');
    expect(json(response)).toEqual(refusal('refused', MISSING_TOKEN));
    expectSecurityHeaders(response);
    expect(fake.calls).toEqual([]);
  });

  it('refuses a wrong token, a token of another launch in the cookie, and another auth scheme', async () => {
    const wrong = await call('appInfo', {}, { Authorization: `Bearer ${token.slice(0, -1)}x` });
    expect(wrong.status).toBe(401);
    expect(json(wrong)).toEqual(refusal('refused', WRONG_TOKEN));

    const staleCookie = await send(server.port, {
      method: 'POST',
      path: '/api/appInfo',
      headers: {
        'Content-Type': 'application/json',
        Cookie: `lasttoken_session_${server.port}=${'A'.repeat(43)}`,
      },
    });
    expect(staleCookie.status).toBe(401);
    expect(json(staleCookie)).toEqual(refusal('refused', WRONG_TOKEN));

    const basic = await call('appInfo', {}, { Authorization: `Basic ${token}` });
    expect(basic.status).toBe(401);
    expect(json(basic)).toEqual(refusal('refused', MISSING_TOKEN));
    expect(fake.calls).toEqual([]);
  });

  it('shows a page that says to open the printed URL when the app is opened without it', async () => {
    const response = await send(server.port, { path: '/' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(html(MISSING_TOKEN));
    expect(response.body).not.toContain(INDEX_HTML);
    expectSecurityHeaders(response);

    const asset = await send(server.port, { path: '/assets/app.js' });
    expect(asset.status).toBe(401);
    expect(asset.body).not.toContain(APP_JS);
  });
});

describe('the cookie exchange', () => {
  it('turns the printed URL into an HttpOnly SameSite=Strict cookie and a 303 to the path without the token', async () => {
    const opened = await send(server.port, { path: `/?token=${token}` });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
    const [cookie] = opened.headers['set-cookie'] ?? [];
    expect(cookie).toBe(
      `lasttoken_session_${server.port}=${token}; HttpOnly; SameSite=Strict; Path=/`,
    );
    expectSecurityHeaders(opened);

    const session = { Cookie: cookie?.split(';')[0] ?? '' };
    const page = await send(server.port, { path: '/', headers: session });
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    const api = await call('appInfo', {}, { ...session, Authorization: '' });
    expect(api.status).toBe(200);
  });

  it('keeps the rest of the path and query, and never redirects to another host', async () => {
    const deep = await send(server.port, { path: `/assets/app.js?v=2&token=${token}&x=1` });
    expect(deep.status).toBe(303);
    expect(deep.headers.location).toBe('/assets/app.js?v=2&x=1');

    // `/.//evil.example/` parses to the path `//evil.example/`: as a Location, another host.
    const sneaky = await send(server.port, { path: `/.//evil.example/?token=${token}` });
    expect(sneaky.status).toBe(303);
    expect(sneaky.headers.location).toBe('/evil.example/');
  });

  it('sets no cookie for a wrong token, and says why', async () => {
    const response = await send(server.port, { path: `/?token=${'B'.repeat(43)}` });
    expect(response.status).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain(html(WRONG_TOKEN));
  });
});

describe('where a request comes from', () => {
  const HOST_REFUSAL =
    /^this server answers only requests addressed to 127\.0\.0\.1:\d+ or localhost:\d+: a request for another host name \(as DNS rebinding sends\) is refused$/;

  it('refuses a foreign Host, as DNS rebinding sends, even with the token: 403', async () => {
    for (const foreign of [
      `evil.example:${server.port}`,
      '127.0.0.1:1',
      `127.0.0.1.evil.example:${server.port}`,
    ]) {
      const response = await call('appInfo', {}, { Host: foreign });
      expect(response.status).toBe(403);
      expect(json(response)).toEqual(refusal('refused', HOST_REFUSAL));
      expectSecurityHeaders(response);
    }
    const page = await send(server.port, {
      path: `/?token=${token}`,
      headers: { Host: `evil.example:${server.port}` },
    });
    expect(page.status).toBe(403);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fake.calls).toEqual([]);
  });

  it('answers localhost:PORT as well as 127.0.0.1:PORT', async () => {
    expect((await call('appInfo', {}, { Host: `localhost:${server.port}` })).status).toBe(200);
    expect((await call('appInfo', {}, { Host: `LOCALHOST:${server.port}` })).status).toBe(200);
  });

  it("refuses an Origin that is not the server's own, even with the token: 403", async () => {
    for (const origin of [
      'http://127.0.0.1:1',
      'https://evil.example',
      'null',
      `https://${host}`,
    ]) {
      const response = await call('appInfo', {}, { Origin: origin });
      expect(response.status).toBe(403);
      expect(json(response)).toEqual(
        refusal('refused', `a page of another origin (${origin}) may not use this server`),
      );
    }
    expect(fake.calls).toEqual([]);
    expect((await call('appInfo', {}, { Origin: `http://${host}` })).status).toBe(200);
    expect((await call('appInfo', {}, { Origin: `http://localhost:${server.port}` })).status).toBe(
      200,
    );
  });

  it('refuses what a page of another site or port loads (a script, an image, a fetch) but lets a link through to the token check', async () => {
    const script = await send(server.port, {
      path: '/assets/app.js',
      headers: {
        ...bearer(),
        'Sec-Fetch-Site': 'same-site',
        'Sec-Fetch-Mode': 'no-cors',
        'Sec-Fetch-Dest': 'script',
      },
    });
    expect(script.status).toBe(403);
    expect(script.body).toContain(
      'a page of another site (or of another port on this machine) may not load from this server',
    );
    expect(script.body).not.toContain(APP_JS);

    const frame = await send(server.port, {
      path: '/',
      headers: {
        ...bearer(),
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'iframe',
      },
    });
    expect(frame.status).toBe(403);

    const events = await send(server.port, {
      path: '/api/events',
      headers: {
        ...bearer(),
        'Sec-Fetch-Site': 'same-site',
        'Sec-Fetch-Mode': 'cors',
        'Sec-Fetch-Dest': 'empty',
      },
    });
    expect(events.status).toBe(403);

    const link = await send(server.port, {
      path: '/',
      headers: {
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'navigate',
        'Sec-Fetch-Dest': 'document',
      },
    });
    expect(link.status).toBe(401);

    const own = await send(server.port, {
      path: '/assets/app.js',
      headers: {
        ...bearer(),
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'no-cors',
        'Sec-Fetch-Dest': 'script',
      },
    });
    expect(own.status).toBe(200);
  });

  it('answers OPTIONS with 405 and no CORS headers (a preflight from another page with 403)', async () => {
    const bare = await send(server.port, {
      method: 'OPTIONS',
      path: '/api/appInfo',
      headers: bearer(),
    });
    expect(bare.status).toBe(405);
    expect(json(bare)).toEqual(
      refusal(
        'refused',
        'OPTIONS is not answered: this server shares nothing with other origins (no CORS)',
      ),
    );
    expectSecurityHeaders(bare);
    const preflight = await send(server.port, {
      method: 'OPTIONS',
      path: '/api/appInfo',
      headers: {
        Origin: 'http://127.0.0.1:1',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(403);
    expectSecurityHeaders(preflight);
  });
});

describe('API calls', () => {
  it('passes the JSON body to dispatch as the input', async () => {
    const input = { id: 'p1', patch: { name: '名前' } };
    fake.answer = (_method, got) => ({ ok: true, value: got });
    try {
      const response = await call('profilesUpdate', input);
      expect(response.status).toBe(200);
      expect(json(response)).toEqual({ ok: true, value: input });
      expect(fake.calls).toEqual([{ method: 'profilesUpdate', input }]);
      expectSecurityHeaders(response);
    } finally {
      fake.answer = fakeWebServices().answer;
    }
  });

  it('takes an empty body as {} and accepts a charset with the JSON type', async () => {
    const response = await send(server.port, {
      method: 'POST',
      path: '/api/appInfo',
      headers: { ...bearer(), 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    expect(fake.calls).toEqual([{ method: 'appInfo', input: {} }]);
  });

  it.each([
    ['invalid_input', 400],
    ['invalid', 400],
    ['not_found', 404],
    ['refused', 403],
    ['keychain_unavailable', 503],
    ['storage', 507],
    ['provider', 502],
    ['internal', 500],
  ] as const)('answers a %s error with HTTP %i and the envelope', async (code, status) => {
    const answer = {
      ok: false,
      error: { code, message: `a ${code} error`, field: 'name' },
    } as const;
    fake.answer = () => answer;
    try {
      const response = await call('profilesCreate', {});
      expect(response.status).toBe(status);
      expect(json(response)).toEqual(answer);
    } finally {
      fake.answer = fakeWebServices().answer;
    }
  });

  it('answers an unknown method with 404 and the envelope', async () => {
    const response = await call('noSuchMethod');
    expect(response.status).toBe(404);
    expect(json(response)).toEqual(refusal('not_found', 'there is no method "noSuchMethod"'));
  });

  it('refuses any type but JSON with 415, before reading or dispatching anything', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ]) {
      const headers: Record<string, string> = { ...bearer() };
      if (type !== undefined) headers['Content-Type'] = type;
      const response = await send(server.port, {
        method: 'POST',
        path: '/api/appInfo',
        headers,
        body: '{}',
      });
      expect(response.status).toBe(415);
      expect(json(response)).toEqual(
        refusal('invalid_input', 'send the input as JSON, with Content-Type: application/json'),
      );
    }
    expect(fake.calls).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await send(server.port, {
      method: 'POST',
      path: '/api/appInfo',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
      body: '{"a":',
    });
    expect(response.status).toBe(400);
    expect(json(response)).toEqual(refusal('invalid_input', /^the request body is not JSON: /));
    expect(fake.calls).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413, declared or streamed, and closes the connection', async () => {
    const big = JSON.stringify({ prompt: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await call('runsPlan', { prompt: 'x'.repeat(MAX_BODY_BYTES) });
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(json(declared)).toEqual(
      refusal('invalid_input', 'the request body is larger than 1 MiB'),
    );

    const streamed = await send(server.port, {
      method: 'POST',
      path: '/api/runsPlan',
      headers: { ...bearer(), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: big,
    });
    expect(streamed.status).toBe(413);
    expect(fake.calls).toEqual([]);

    const justUnder = await call('appInfo', { pad: 'x'.repeat(MAX_BODY_BYTES - 20) });
    expect(justUnder.status).toBe(200);
  });

  it('answers other methods with 405 and the one it takes', async () => {
    const getCall = await send(server.port, { path: '/api/appInfo', headers: bearer() });
    expect(getCall.status).toBe(405);
    expect(getCall.headers.allow).toBe('POST');
    const postEvents = await send(server.port, {
      method: 'POST',
      path: '/api/events',
      headers: { ...bearer(), 'Content-Type': 'application/json' },
    });
    expect(postEvents.status).toBe(405);
    expect(postEvents.headers.allow).toBe('GET');
    const postPage = await send(server.port, { method: 'POST', path: '/', headers: bearer() });
    expect(postPage.status).toBe(405);
    expect(postPage.headers.allow).toBe('GET, HEAD');
    expect(fake.calls).toEqual([]);
  });
});

describe('the built renderer', () => {
  it('serves index.html for / and assets with their content types, HEAD without a body', async () => {
    const index = await send(server.port, { path: '/', headers: bearer() });
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toBe(INDEX_HTML);
    expectSecurityHeaders(index);

    const script = await send(server.port, { path: '/assets/app.js', headers: bearer() });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(APP_JS);
    expectSecurityHeaders(script);

    const head = await send(server.port, {
      method: 'HEAD',
      path: '/assets/app.js',
      headers: bearer(),
    });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(APP_JS)));
    expect(head.body).toBe('');
  });

  it('answers a missing file with 404', async () => {
    const response = await send(server.port, { path: '/assets/none.js', headers: bearer() });
    expect(response.status).toBe(404);
    expect(response.body).toContain('There is no such page in LastToken.');
    expectSecurityHeaders(response);
    expect((await send(server.port, { path: '/assets', headers: bearer() })).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/link-out.txt',
    '/%00',
    '/%E0%A4%A',
  ])('never serves a file outside the folder: %s', async (path) => {
    const response = await send(server.port, { path, headers: bearer() });
    expect(response.status).toBe(404);
    expect(response.body).not.toContain(SECRET);
  });
});

describe('exportCsv: a download', () => {
  it('streams the CSV as an attachment with its file name', async () => {
    const response = await call('exportCsv', { run_id: 'r1', kind: 'summary' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lasttoken-summary.csv"',
    );
    expect(response.body).toBe('a,b\n1,2\n');
    expectSecurityHeaders(response);
    expect(fake.calls).toEqual([
      { method: 'downloadCsv', input: { run_id: 'r1', kind: 'summary' } },
    ]);
  });

  it('names a non-ASCII file twice: ASCII in filename, UTF-8 in filename*', async () => {
    fake.csv = () => ({ ok: true, value: csvDownload('运行 "1" (a).csv', ['x\n']) });
    try {
      const response = await call('exportCsv', {});
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="__ _1_ (a).csv"; filename*=UTF-8''%E8%BF%90%E8%A1%8C%20%221%22%20%28a%29.csv`,
      );
    } finally {
      fake.csv = fakeWebServices().csv;
    }
  });

  it('answers an error with its envelope and status', async () => {
    fake.csv = () => ({ ok: false, error: { code: 'not_found', message: 'no run r9' } });
    try {
      const response = await call('exportCsv', { run_id: 'r9', kind: 'summary' });
      expect(response.status).toBe(404);
      expect(json(response)).toEqual(refusal('not_found', 'no run r9'));
      expect(response.headers['content-disposition']).toBeUndefined();
    } finally {
      fake.csv = fakeWebServices().csv;
    }
  });

  it('answers a CSV that fails before its first byte with a 500 envelope, and cuts one that fails later', async () => {
    const failing = (after: string[]) =>
      Readable.from(
        (function* () {
          yield* after;
          throw new Error('the history went away');
        })(),
      );
    fake.csv = () => ({ ok: true, value: csvDownload('x.csv', failing([])) });
    try {
      const early = await call('exportCsv', {});
      expect(early.status).toBe(500);
      expect(json(early)).toEqual(
        refusal('internal', 'LastToken failed making the CSV: the history went away'),
      );
      expect(early.headers['content-disposition']).toBeUndefined();

      fake.csv = () => ({ ok: true, value: csvDownload('x.csv', failing(['a,b\n'])) });
      await expect(call('exportCsv', {})).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    } finally {
      fake.csv = fakeWebServices().csv;
    }
  });

  it('reads the CSV no faster than the client takes it, and stops when the client leaves', async () => {
    const total = 256 * 1024 * 1024;
    let made = 0;
    const source = new Readable({
      read() {
        made += 65_536;
        this.push(made > total ? null : Buffer.alloc(65_536, 'a'));
      },
    });
    const paused = new Promise<void>((resolve, reject) => {
      source.once('pause', resolve);
      source.once('end', () =>
        reject(new Error('the whole CSV was read without waiting for the client')),
      );
    });
    const closed = new Promise((resolve) => source.once('close', resolve));
    fake.csv = () => ({ ok: true, value: csvDownload('big.csv', source) });
    try {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/api/exportCsv',
            headers: { ...bearer(), 'Content-Type': 'application/json' },
          },
          resolve,
        );
        req.on('error', reject);
        req.end('{}');
      });
      // The client reads nothing: the server must stop reading the source.
      response.pause();
      await paused;
      expect(made).toBeLessThan(total / 4);
      response.destroy();
      await closed;
    } finally {
      fake.csv = fakeWebServices().csv;
    }
  });
});

interface EventClient {
  response: IncomingMessage;
  events: AppEvent[];
  comments: string[];
  /** Resolves once `check` holds for what arrived. */
  until(check: () => boolean): Promise<void>;
}

function openEvents(port: number): Promise<EventClient> {
  return new Promise((resolve, reject) => {
    const req = get(
      { host: '127.0.0.1', port, path: '/api/events', headers: bearer() },
      (response) => {
        const client: EventClient = {
          response,
          events: [],
          comments: [],
          until: (check) =>
            new Promise<void>((done) => {
              const test = (): void => {
                if (!check()) return;
                response.off('data', test);
                done();
              };
              response.on('data', test);
              // The parser's listener runs first (registered first): what arrived is counted.
              setImmediate(test);
            }),
        };
        const parser = createParser({
          onEvent: ({ data }) => client.events.push(JSON.parse(data) as AppEvent),
          onComment: (comment) => client.comments.push(comment),
        });
        response.setEncoding('utf8');
        response.on('data', (text: string) => parser.feed(text));
        resolve(client);
      },
    );
    req.on('error', reject);
  });
}

const runError = (n: number, pad = ''): AppEvent => ({
  type: 'run_error',
  run_id: 'r1',
  message: `event ${n}${pad}`,
});

describe('the event stream', () => {
  it('delivers every event in order as text/event-stream, with the security headers', async () => {
    const client = await openEvents(server.port);
    try {
      expect(client.response.statusCode).toBe(200);
      expect(client.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expectSecurityHeaders({ status: 200, headers: client.response.headers, body: '' });
      await fake.events.until(1);
      const sent = Array.from({ length: 50 }, (_, n) => runError(n));
      for (const event of sent) fake.events.emit(event);
      await client.until(() => client.events.length === sent.length);
      expect(client.events).toEqual(sent);
    } finally {
      client.response.destroy();
    }
    await fake.events.until(0);
  });

  it('needs the token like the rest of the API', async () => {
    const response = await send(server.port, { path: '/api/events' });
    expect(response.status).toBe(401);
    expect(json(response)).toEqual(refusal('refused', MISSING_TOKEN));
    expect(fake.events.count).toBe(0);
  });

  it('unsubscribes when the client goes away', async () => {
    const [a, b] = [await openEvents(server.port), await openEvents(server.port)];
    await fake.events.until(2);
    a.response.destroy();
    await fake.events.until(1);
    b.response.destroy();
    await fake.events.until(0);
  });

  it('sends a keep-alive comment while nothing happens', async () => {
    const quiet = await startWebServer({
      services: fake.services,
      rendererDir: fixture.dir,
      keepAliveMs: 5,
    });
    const saved = token;
    token = new URL(quiet.url).searchParams.get('token') ?? '';
    try {
      const client = await openEvents(quiet.port);
      await client.until(() => client.comments.length >= 2);
      expect(client.comments.slice(0, 2)).toEqual(['keep-alive', 'keep-alive']);
      expect(client.events).toEqual([]);
      client.response.destroy();
      await fake.events.until(0);
    } finally {
      token = saved;
      await quiet.close();
    }
  });

  it('drops a client that stops reading once its backlog passes the bound, without holding up the others', async () => {
    const bounded = await startWebServer({
      services: fake.services,
      rendererDir: fixture.dir,
      maxEventBacklogBytes: 256 * 1024,
    });
    const saved = token;
    token = new URL(bounded.url).searchParams.get('token') ?? '';
    let stuck: Socket | undefined;
    try {
      const reader = await openEvents(bounded.port);
      // A raw connection that asks for the stream and then never reads a byte.
      stuck = connect(bounded.port, '127.0.0.1');
      stuck.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${bounded.port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      stuck.pause();
      await fake.events.until(2);

      const pad = 'x'.repeat(64 * 1024);
      let sent = 0;
      // Far more than the kernel's socket buffers hold: the backlog must pass the bound.
      while (fake.events.count === 2 && sent < 2_000) {
        fake.events.emit(runError(sent, pad));
        sent += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(fake.events.count).toBe(1);
      fake.events.emit(runError(sent));
      sent += 1;
      await reader.until(() => reader.events.length === sent);
      // Every event, in order, the padded ones and the last.
      expect(
        reader.events.map(
          (event) => event.type === 'run_error' && event.message.replace(/x+$/, ''),
        ),
      ).toEqual(Array.from({ length: sent }, (_, n) => `event ${n}`));
      reader.response.destroy();
      await fake.events.until(0);
    } finally {
      stuck?.destroy();
      token = saved;
      await bounded.close();
    }
  });

  it('ends every stream when the server closes', async () => {
    const closing = await startWebServer({ services: fake.services, rendererDir: fixture.dir });
    const saved = token;
    token = new URL(closing.url).searchParams.get('token') ?? '';
    try {
      const client = await openEvents(closing.port);
      await fake.events.until(1);
      const ended = new Promise((resolve) => client.response.once('close', resolve));
      await closing.close();
      await ended;
      await fake.events.until(0);
    } finally {
      token = saved;
    }
  });
});
