// `lasttoken web`'s HTTP server: the built renderer and the IPC contract over
// HTTP, for a browser on this machine. It is meant to be as safe as the app's
// window: every request is checked, in this order, for where it comes from
// (Host, Origin, Sec-Fetch-Site: 403), then for the launch's token (401),
// then routed:
//
//   POST /api/<method>   the contract's method, JSON in, ApiResult out
//   POST /api/exportCsv  the CSV as a download (an ApiResult when it fails)
//   POST /api/exportReport  the report as a download (likewise)
//   GET  /api/events     AppEvents as Server-Sent Events
//   GET  /...            the built renderer's files; `?token=` on any of them
//                        sets the session cookie and redirects to the same
//                        path without it
//
// Nothing here knows the services behind `dispatch`: they are the app's own.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { AppServices } from '../app-services';
import { credentialOf, sessionCookie, sessionCookieName, type Credential } from './authentication';
import { sendCsvDownload, sendReportDownload } from './downloads';
import { streamEvents } from './event-stream';
import { allowedHostHeaders, allowedOrigins, DEFAULT_WEB_HOST, originOf } from './host-names';
import { isJsonRequest, readJsonBody, UNSUPPORTED_TYPE } from './request-body';
import { refusedSource, type AllowedSource } from './request-source';
import { refuse, sendApiResult, setSecurityHeaders, type Audience } from './responses';
import { createSessionToken, isSessionToken } from './session-token';
import { serveStaticFile } from './static-files';

export interface WebServerOptions {
  services: Pick<AppServices, 'dispatch' | 'events' | 'downloadCsv' | 'downloadReport'>;
  /** The built renderer: out/renderer, with its index.html. */
  rendererDir: string;
  /** Default 127.0.0.1. Any other address lets whoever reaches it with the token use the keys. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Between keep-alive comments on the event stream (default 15 s). */
  keepAliveMs?: number;
  /** An event-stream client whose unsent bytes pass this is dropped (default 1 MiB). */
  maxEventBacklogBytes?: number;
}

export interface WebServer {
  /** What the user opens: the origin, `/`, and the launch's token. */
  url: string;
  /** http://HOST:PORT */
  origin: string;
  port: number;
  /** Stops listening and ends every connection, event streams included. */
  close(): Promise<void>;
}

const EVENTS_PATH = '/api/events';
const EXPORT_CSV_PATH = '/api/exportCsv';
const EXPORT_REPORT_PATH = '/api/exportReport';

const MISSING_TOKEN =
  'This LastToken server needs its token: open the URL that "lasttoken web" printed (it ends in ?token=...), or send Authorization: Bearer TOKEN.';
const WRONG_TOKEN =
  'The token is not this server\'s: "lasttoken web" makes a new one each time it starts. Open the URL it printed this time.';

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? DEFAULT_WEB_HOST;
  const token = createSessionToken();
  const root = realpathSync(options.rendererDir);
  const streamOptions = {
    keepAliveMs: options.keepAliveMs ?? 15_000,
    maxBacklogBytes: options.maxEventBacklogBytes ?? 1024 * 1024,
  };
  // Known once listening (the port may be chosen by the system).
  let allowed: AllowedSource = { hosts: new Set(), origins: new Set() };
  let cookieName = '';

  const server = createServer((req, res) => {
    setSecurityHeaders(res);
    handle(req, res).catch((error: unknown) => {
      // A bug here must not take the process down, nor answer with a stack.
      if (res.headersSent) res.destroy();
      else
        refuse(res, 'api', 500, {
          code: 'internal',
          message: `LastToken failed (please report it): ${error instanceof Error ? error.message : String(error)}`,
        });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only the path and query are used: the base never shows.
    const url = new URL(req.url ?? '/', 'http://request.invalid');
    const audience: Audience = url.pathname.startsWith('/api/') ? 'api' : 'page';
    const foreign = refusedSource(req, allowed);
    if (foreign !== null) {
      refuse(res, audience, 403, { code: 'refused', message: foreign });
      return;
    }
    if (req.method === 'OPTIONS') {
      refuse(res, audience, 405, {
        code: 'refused',
        message: 'OPTIONS is not answered: this server shares nothing with other origins (no CORS)',
      });
      return;
    }
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (audience === 'page' && reading && url.searchParams.has('token')) {
      exchangeToken(res, url);
      return;
    }
    const credential = credentialOf(req, token, cookieName);
    if (credential !== 'valid') {
      refuseCredential(res, audience, credential);
      return;
    }
    if (audience === 'api') await routeApi(req, res, url.pathname);
    else if (reading) await serveStaticFile(res, root, url.pathname);
    else methodNotAllowed(res, 'page', 'GET, HEAD');
  }

  /**
   * The printed URL: the token becomes an HttpOnly cookie, and a 303 to the
   * same path without it takes it out of the address bar and the history.
   */
  function exchangeToken(res: ServerResponse, url: URL): void {
    if (!isSessionToken(url.searchParams.get('token') ?? '', token)) {
      refuseCredential(res, 'page', 'wrong');
      return;
    }
    url.searchParams.delete('token');
    // One leading slash: `//host` would be another site.
    const path = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
    res.writeHead(303, { Location: path, 'Set-Cookie': sessionCookie(cookieName, token) });
    res.end();
  }

  async function routeApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (path === EVENTS_PATH) {
      if (req.method === 'GET') streamEvents(res, options.services.events, streamOptions);
      else methodNotAllowed(res, 'api', 'GET');
      return;
    }
    if (req.method !== 'POST') {
      methodNotAllowed(res, 'api', 'POST');
      return;
    }
    if (!isJsonRequest(req)) {
      refuse(res, 'api', 415, UNSUPPORTED_TYPE);
      return;
    }
    const body = await readJsonBody(req);
    if (!body.ok) {
      // The rest of an oversized body is not worth reading: the connection ends with the answer.
      refuse(
        res,
        'api',
        body.status,
        body.error,
        body.status === 413 ? { Connection: 'close' } : {},
      );
      return;
    }
    if (path === EXPORT_CSV_PATH) {
      await sendCsvDownload(res, options.services.downloadCsv, body.input);
      return;
    }
    if (path === EXPORT_REPORT_PATH) {
      await sendReportDownload(res, options.services.downloadReport, body.input);
      return;
    }
    sendApiResult(res, await options.services.dispatch(path.slice('/api/'.length), body.input));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hosts = allowedHostHeaders(host, port);
  allowed = { hosts, origins: allowedOrigins(hosts) };
  cookieName = sessionCookieName(port);
  const origin = originOf(host, port);

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Event streams never end by themselves; idle keep-alive connections neither.
        server.closeAllConnections();
      }),
  };
}

function refuseCredential(
  res: ServerResponse,
  audience: Audience,
  credential: Exclude<Credential, 'valid'>,
): void {
  refuse(
    res,
    audience,
    401,
    { code: 'refused', message: credential === 'missing' ? MISSING_TOKEN : WRONG_TOKEN },
    { 'WWW-Authenticate': 'Bearer realm="LastToken"' },
  );
}

function methodNotAllowed(res: ServerResponse, audience: Audience, allow: string): void {
  refuse(
    res,
    audience,
    405,
    { code: 'invalid_input', message: `${res.req.method ?? ''} is not allowed here: use ${allow}` },
    { Allow: allow },
  );
}
