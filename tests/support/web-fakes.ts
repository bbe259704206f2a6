// Doubles for what the browser-mode server is given (dispatch, events,
// downloadCsv), a built-renderer folder to serve, and a raw HTTP client that
// can send what browsers and attackers send (any Host, Origin, path).

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AppServices, CsvDownload } from '../../src/main/app-services';
import type { ReportFile } from '../../src/main/report/make-report';
import { DEFAULT_RUN_DEFAULTS } from '../../src/main/settings';
import type { ApiResult, AppEvent, SettingsView } from '../../src/shared/api';
import type { AppInfo } from '../../src/shared/ipc-contract';

export const APP_INFO: AppInfo = {
  name: 'LastToken',
  version: '0.0.0-test',
  platform: process.platform,
  electron: null,
  node: process.versions.node,
  transport: 'http',
};

/** An event hub whose subscribers the test can count and wait for. */
export class FakeEvents {
  private readonly listeners = new Set<(event: AppEvent) => void>();
  private waiters: { count: number; resolve: () => void }[] = [];

  readonly subscribe = (listener: (event: AppEvent) => void): (() => void) => {
    const own = (event: AppEvent): void => listener(event);
    this.listeners.add(own);
    this.changed();
    return () => {
      this.listeners.delete(own);
      this.changed();
    };
  };

  emit(event: AppEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  get count(): number {
    return this.listeners.size;
  }

  /** Resolves once exactly `count` listeners are subscribed. */
  until(count: number): Promise<void> {
    if (this.count === count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  private changed(): void {
    const [ready, waiting] = [
      this.waiters.filter((w) => w.count === this.count),
      this.waiters.filter((w) => w.count !== this.count),
    ];
    this.waiters = waiting;
    for (const waiter of ready) waiter.resolve();
  }
}

/** What the renderer asks for before it shows anything: its settings. */
export const SETTINGS: SettingsView = {
  language: 'en',
  theme: 'light',
  run_defaults: DEFAULT_RUN_DEFAULTS,
  reader_pace_tps: 8,
  database_path: '/tmp/lasttoken-test/history.db',
};

/** The answers a page needs to start: the app, its settings, nothing running, no profiles. */
const STARTING_ANSWERS: Record<string, unknown> = {
  appInfo: APP_INFO,
  settingsGet: SETTINGS,
  runsLive: [],
  profilesList: [],
  keysStatus: {},
};

export interface FakeWebServices {
  services: Pick<AppServices, 'dispatch' | 'events' | 'downloadCsv' | 'downloadReport'>;
  events: FakeEvents;
  /** Every dispatch call, in order. */
  calls: { method: string; input: unknown }[];
  /** What dispatch answers; by default what a page needs to start, and not_found for anything else. */
  answer: (method: string, input: unknown) => ApiResult<unknown>;
  /** What downloadCsv answers; by default a two-line CSV. */
  csv: (input: unknown) => ApiResult<CsvDownload>;
  /** What downloadReport answers; by default a small HTML file. */
  report: (input: unknown) => ApiResult<ReportFile>;
}

export function fakeWebServices(): FakeWebServices {
  const events = new FakeEvents();
  const fake: FakeWebServices = {
    events,
    calls: [],
    answer: (method) =>
      method in STARTING_ANSWERS
        ? { ok: true, value: STARTING_ANSWERS[method] }
        : { ok: false, error: { code: 'not_found', message: `there is no method "${method}"` } },
    csv: () => ({ ok: true, value: csvDownload('lasttoken-summary.csv', ['a,b\n', '1,2\n']) }),
    report: () => ({
      ok: true,
      value: {
        file_name: 'lasttoken-report.html',
        text: '<!doctype html><title>report</title>',
        type: 'text/html; charset=utf-8',
      },
    }),
    services: {
      dispatch: (method, input) => {
        fake.calls.push({ method, input });
        return Promise.resolve(fake.answer(method, input));
      },
      events,
      downloadCsv: (input) => {
        fake.calls.push({ method: 'downloadCsv', input });
        return Promise.resolve(fake.csv(input));
      },
      downloadReport: (input) => {
        fake.calls.push({ method: 'downloadReport', input });
        return Promise.resolve(fake.report(input));
      },
    },
  };
  return fake;
}

export function csvDownload(fileName: string, content: string[] | Readable): CsvDownload {
  return { file_name: fileName, stream: Array.isArray(content) ? Readable.from(content) : content };
}

export const INDEX_HTML =
  '<!doctype html><title>fixture</title><script src="/assets/app.js"></script>';
export const APP_JS = 'console.log("fixture");';
export const SECRET = 'a file outside the renderer folder';

/**
 * A built renderer to serve (index.html, assets/app.js), with a file beside
 * it that must never be served, and a symbolic link inside pointing at it.
 */
export function rendererFixture(): { dir: string; remove: () => void } {
  const parent = mkdtempSync(join(tmpdir(), 'lasttoken-web-'));
  const dir = join(parent, 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app.js'), APP_JS);
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  symlinkSync(join(parent, 'secret.txt'), join(dir, 'link-out.txt'));
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** Sent as it is: no normalising of `..` or percent-escapes. */
  path?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
}

/** One request as node:http sends it; a Host header given here replaces the real one. */
export function send(port: number, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
