// `lasttoken web`: its arguments, and the command itself with the real
// services on a history file of its own: the URL first on stdout, the app
// served and answering as browser mode (transport http, no Electron), and
// Ctrl-C or SIGTERM closing it with 130 or 143. One test runs the built CLI
// as a user does, with a stand-in for xdg-open that records what it was
// asked to open.

import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { main, type CliDeps } from '../../src/main/cli/main';
import { WEB_HELP } from '../../src/main/cli/help';
import { MemoryKeyStore } from '../../src/main/secrets';
import { assertCliBuilt, ROOT } from '../support/spawn-cli';
import { INDEX_HTML, rendererFixture } from '../support/web-fakes';

/** An IPv4 address of this machine besides loopback, if it has one. */
const OUTWARD_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find(
    (address) => address !== undefined && !address.internal && address.family === 'IPv4',
  )?.address;

let dir: string;
let fixture: ReturnType<typeof rendererFixture>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-cli-web-'));
  fixture = rendererFixture();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  fixture.remove();
});

interface WebRun {
  /** Resolves to the first line of stdout: the URL. */
  url: Promise<string>;
  done: Promise<number>;
  stdout: () => string;
  stderr: () => string;
  interrupt: AbortController;
}

function web(argv: string[], deps: CliDeps = {}): WebRun {
  let stdout = '';
  let stderr = '';
  let announce: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (announce = resolve));
  const interrupt = new AbortController();
  const done = main(
    ['web', ...argv],
    {
      stdout: {
        write: (text: string) => {
          stdout += text;
          if (stdout.includes('\n')) announce(stdout.split('\n')[0] ?? '');
          return true;
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      interrupt: interrupt.signal,
    },
    { keys: new MemoryKeyStore(), rendererDir: fixture.dir, ...deps },
  );
  return { url, done, stdout: () => stdout, stderr: () => stderr, interrupt };
}

/** The printed URL as a browser opens it: the token traded for the cookie, then the page. */
async function openPage(url: string): Promise<string> {
  const exchange = await fetch(url, { redirect: 'manual' });
  expect(exchange.status).toBe(303);
  const cookie = exchange.headers.get('Set-Cookie')?.split(';')[0] ?? '';
  const page = await fetch(new URL(exchange.headers.get('Location') ?? '', url), {
    headers: { Cookie: cookie },
  });
  expect(page.status).toBe(200);
  return page.text();
}

async function appInfo(url: string): Promise<unknown> {
  const { origin, searchParams } = new URL(url);
  const response = await fetch(`${origin}/api/appInfo`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${searchParams.get('token') ?? ''}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  return response.json();
}

describe('lasttoken web arguments', () => {
  it.each([
    [
      ['--port', '70000'],
      'lasttoken: --port must be a whole number from 0 to 65535; got "70000"\n',
    ],
    [['--db', ' '], 'lasttoken: --db needs the path of a database file\n'],
    [
      ['--host', '0.0.0.0'],
      'lasttoken: --host 0.0.0.0 would listen on every address, but requests must name the one they reach: give the address this machine is reached at (e.g. 192.168.1.20)\n',
    ],
    [['--host', 'a b'], 'lasttoken: --host takes an IP address or a host name; got "a b"\n'],
    [
      ['--token', 'x'],
      'lasttoken: --token is not accepted: keys never go on the command line; the server makes its own token each time it starts, and keys are stored with lasttoken profile set-key\n',
    ],
    [
      ['extra'],
      'lasttoken: unexpected argument "extra": web takes only --options (see lasttoken web --help)\n',
    ],
  ])('refuses %j with exit 2 and one line', async (argv, message) => {
    const run = web(argv);
    expect(await run.done).toBe(2);
    expect(run.stderr()).toBe(message);
    expect(run.stdout()).toBe('');
  });

  it('prints its help', async () => {
    const run = web(['--help']);
    expect(await run.done).toBe(0);
    expect(run.stdout()).toBe(WEB_HELP);
  });

  it('says how to build the app when there is no built renderer', async () => {
    const missing = join(dir, 'no-renderer');
    const run = web(['--no-open', '--db', join(dir, 'unused.db')], { rendererDir: missing });
    expect(await run.done).toBe(1);
    expect(run.stderr()).toBe(
      `lasttoken: the app is not built (${missing} has no index.html): run \`npm run web\`, or \`npx electron-vite build\` first\n`,
    );
    expect(existsSync(join(dir, 'unused.db'))).toBe(false);
  });
});

describe('lasttoken web', () => {
  it('prints the URL first, serves the app over HTTP, and ends with 143 on SIGTERM', async () => {
    const db = join(dir, 'history.db');
    const run = web(['--no-open', '--db', db]);
    const url = await run.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
    expect(await appInfo(url)).toEqual({
      ok: true,
      value: {
        name: 'LastToken',
        version,
        platform: process.platform,
        electron: null,
        node: process.versions.node,
        transport: 'http',
      },
    });
    expect(await openPage(url)).toBe(INDEX_HTML);
    expect(run.stderr()).toBe(
      `Serving the history ${db} at ${new URL(url).origin}. Ctrl-C stops it.\n`,
    );

    run.interrupt.abort('SIGTERM');
    expect(await run.done).toBe(143);
    await expect(appInfo(url)).rejects.toThrow();
    expect(existsSync(db)).toBe(true);
  });

  it('ends with 130 on Ctrl-C, and serves --host localhost without a warning', async () => {
    const run = web(['--no-open', '--db', join(dir, 'history.db'), '--host', 'localhost']);
    const url = await run.url;
    expect(url).toMatch(/^http:\/\/localhost:\d+\/\?token=/);
    expect(run.stderr()).not.toContain('warning');
    run.interrupt.abort('SIGINT');
    expect(await run.done).toBe(130);
  });

  it.runIf(OUTWARD_ADDRESS)(
    'warns when it listens on an address others can reach, and answers by that name',
    async () => {
      const host = OUTWARD_ADDRESS ?? '';
      const run = web(['--no-open', '--db', join(dir, 'history.db'), '--host', host]);
      const url = await run.url;
      const { origin } = new URL(url);
      expect(origin).toMatch(`http://${host}:`);
      expect(run.stderr()).toBe(
        `lasttoken: warning: ${host} is not a loopback address: anyone who can reach it and has the URL's token can use your profiles' keys through it\n` +
          `Serving the history ${join(dir, 'history.db')} at ${origin}. Ctrl-C stops it.\n`,
      );
      expect(await appInfo(url)).toMatchObject({ ok: true, value: { transport: 'http' } });
      run.interrupt.abort('SIGINT');
      expect(await run.done).toBe(130);
    },
  );

  it('refuses a port in use with exit 2', async () => {
    const first = web(['--no-open', '--db', join(dir, 'history.db')]);
    const { port } = new URL(await first.url);
    const second = web(['--no-open', '--db', join(dir, 'history.db'), '--port', port]);
    expect(await second.done).toBe(2);
    expect(second.stderr()).toBe(
      `lasttoken: port ${port} is in use: pick another with --port N (0 or none picks a free one)\n`,
    );
    first.interrupt.abort('SIGINT');
    expect(await first.done).toBe(130);
  });
});

describe('the built lasttoken web', () => {
  beforeAll(() => {
    assertCliBuilt();
    if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) {
      throw new Error(
        'This test runs the built CLI on the built app and out/renderer is missing: run `npm run build` (npm test does).',
      );
    }
  });

  it('opens the URL with xdg-open, serves out/renderer, and stops on Ctrl-C with 130', async () => {
    const bin = mkdtempSync(join(dir, 'bin-'));
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'lasttoken.mjs'), 'web'], {
      cwd: ROOT,
      env: {
        PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        HOME: '/nonexistent',
        LASTTOKEN_DB: join(dir, 'spawned.db'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      }),
    );
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
      expect(await openPage(url)).toBe(
        readFileSync(join(ROOT, 'out', 'renderer', 'index.html'), 'utf8'),
      );
      await expect.poll(() => existsSync(opened) && readFileSync(opened, 'utf8')).toBe(url);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(130);
    expect(stdout).toBe(`${url}\n`);
    expect(stderr).toBe(
      `Serving the history ${join(dir, 'spawned.db')} at ${new URL(url).origin}. Ctrl-C stops it.\n`,
    );
  });
});
