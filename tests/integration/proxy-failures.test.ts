// Proxies that answer wrongly, each a stand-in on 127.0.0.1, through the
// engine, `lasttoken probe` and a `lasttoken run` whose other profile goes
// direct. Every failure is the trial's: network_error at once (not at the
// connect timeout), a message that names the proxy and never its password,
// no stack trace anywhere, and no error escaping a socket to end the process:
// the remaining trials run and the direct profile's are all saved.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProbeSession, DEFAULT_LIMITS, type RequestSpec } from '../../src/main/probe';
import { MemoryKeyStore } from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { Profile } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { cliInProcess, type CliRun } from '../support/cli-in-process';
import { startConnectProxy } from '../support/connect-proxy';
import type { TestProxy } from '../support/proxy-relay';
import { startSocks5Proxy } from '../support/socks5-proxy';

const CREDENTIALS = { username: 'proxy-user-q7', password: 'proxy-pass-Zr41-secret' };
/** Far beyond what any of these failures may take: reaching it would mean a proxy was waited out. */
const CONNECT_TIMEOUT_S = 15;
const STEADY = 'sim-steady:ttft=20,gap=2,tokens=10';

interface BadProxy {
  what: string;
  start: () => Promise<TestProxy>;
  /** The scheme the profile names the proxy with (its own, by default). */
  scheme?: string;
  /** What the trial says, given the proxy as shown (scheme://host:port) and the provider's host:port. */
  message: (proxy: string, target: string) => string;
}

const withScheme = (proxy: string, scheme: string): string => proxy.replace(/^\w+:/, `${scheme}:`);

const BAD_PROXIES: BadProxy[] = [
  {
    what: 'closes cleanly after reading CONNECT',
    start: () => startConnectProxy({ misbehave: 'close' }),
    message: (proxy, target) =>
      `the proxy ${proxy} closed the connection without answering the tunnel request to ${target}`,
  },
  {
    what: 'resets the connection (RST) instead of answering CONNECT',
    start: () => startConnectProxy({ misbehave: 'reset' }),
    message: (proxy, target) =>
      `the proxy ${proxy} reset the connection while opening the tunnel to ${target}`,
  },
  {
    what: 'answers CONNECT with something that is not HTTP, and stays open',
    start: () => startConnectProxy({ misbehave: 'garbage' }),
    message: (proxy, target) =>
      `the proxy ${proxy} answered the tunnel request to ${target} with something that is not HTTP: "SSH-2.0-OpenSSH_9.2p1"`,
  },
  {
    what: 'answers the start of a status line, then closes',
    start: () => startConnectProxy({ misbehave: 'partial' }),
    message: (proxy, target) =>
      `the proxy ${proxy} closed the connection in the middle of its answer to the tunnel request to ${target}`,
  },
  {
    what: 'is a SOCKS5 server named with http://',
    start: () => startSocks5Proxy(),
    scheme: 'http',
    message: (proxy, target) =>
      `the proxy ${proxy} answered the tunnel request to ${target} in SOCKS, not HTTP: this looks like a SOCKS5 proxy: use ${withScheme(proxy, 'socks5')}`,
  },
  {
    what: 'is an HTTP proxy named with socks5://',
    start: () => startConnectProxy(),
    scheme: 'socks5',
    message: (proxy) =>
      `the proxy ${proxy} answered the SOCKS greeting in HTTP: this looks like an HTTP proxy: use ${withScheme(proxy, 'http')}`,
  },
];

let sim: SimServer;
let dir: string;
/** Errors that escaped to the process: each would have ended the CLI. */
const escaped: unknown[] = [];
const onEscape = (error: unknown): number => escaped.push(error);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-proxy-failures-'));
  process.on('uncaughtException', onEscape);
  process.on('unhandledRejection', onEscape);
});
afterAll(async () => {
  process.off('uncaughtException', onEscape);
  process.off('unhandledRejection', onEscape);
  rmSync(dir, { recursive: true, force: true });
  await sim.close();
});
afterEach(() => {
  expect(escaped).toEqual([]);
});

const simTarget = (): string => `127.0.0.1:${new URL(sim.url).port}`;
const simBase = (): string => `${sim.url}/v1`;

/** What a user sees of a failed command: no stack trace, no password. */
function expectNoStackNorPassword(...printed: string[]): void {
  for (const text of printed) {
    expect(text).not.toContain('    at ');
    expect(text).not.toContain(CREDENTIALS.password);
  }
}

function expectProxyFailure(trial: Trial, proxy: string, message: string): void {
  expect(trial.status).toBe('network_error');
  expect(trial.error).toBe(message);
  expect(trial.proxy).toBe(proxy);
  expect(trial.connect_ms).not.toBeNull();
  expect(trial.proxy_ms).toBeNull();
  expectNoStackNorPassword(JSON.stringify(trial));
}

describe.each(BAD_PROXIES)('a proxy that $what', (bad) => {
  let stand: TestProxy;
  /** The proxy as trials show it, and as the profile names it with the credentials. */
  let shown: string;
  let withCredentials: string;
  let message: string;

  beforeAll(async () => {
    stand = await bad.start();
    shown = withScheme(stand.url, bad.scheme ?? stand.url.split(':')[0] ?? '');
    const { username, password } = CREDENTIALS;
    withCredentials = shown.replace('://', `://${username}:${encodeURIComponent(password)}@`);
    message = bad.message(shown, simTarget());
  });
  afterAll(async () => {
    await stand.close();
  });

  it('fails each trial through the engine, and the next trial still runs', async () => {
    const session = createProbeSession({
      base_url: simBase(),
      model: STEADY,
      dialect: 'openai-chat',
      proxy: { kind: 'url', url: shown, ...CREDENTIALS },
    });
    const request: RequestSpec = {
      messages: [{ role: 'user', content: 'hello' }],
      max_tokens: 16,
      mode: 'stream',
    };
    const limits = { ...DEFAULT_LIMITS, connect_timeout_ms: CONNECT_TIMEOUT_S * 1000 };
    try {
      for (const mode of ['stream', 'plain'] as const) {
        expectProxyFailure(await session.runTrial({ ...request, mode }, limits), shown, message);
      }
    } finally {
      session.close();
    }
  });

  it('fails each trial of `lasttoken probe`, which says why and ends normally', async () => {
    const run = await cliInProcess([
      'probe',
      '--base-url',
      simBase(),
      '--model',
      STEADY,
      '--trials',
      '2',
      '--proxy',
      withCredentials,
      '--connect-timeout',
      String(CONNECT_TIMEOUT_S),
      '--json',
    ]);
    expectNoStackNorPassword(run.stdout, run.stderr);
    expect(run.code).toBe(1);
    const trials = (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
    expect(trials).toHaveLength(4);
    for (const trial of trials) expectProxyFailure(trial, shown, message);
    expect(run.stderr).toContain(message);
  });

  it('in a `lasttoken run`, fails that profile’s trials and saves all of the direct profile’s', async () => {
    const db = join(dir, `${bad.scheme ?? 'http'}-${stand.port}.db`);
    // One keychain for the whole history: the proxy's credentials go there.
    const keys = new MemoryKeyStore();
    const cli = (argv: string[]): Promise<CliRun> => cliInProcess([...argv, '--db', db], { keys });
    const add = async (name: string, ...proxy: string[]): Promise<Profile> => {
      const endpoint = ['--base-url', simBase(), '--model', STEADY];
      const added = await cli(['profile', 'add', '--name', name, ...endpoint, ...proxy, '--json']);
      expect(added.code, added.stderr).toBe(0);
      return JSON.parse(added.stdout) as Profile;
    };
    const behind = await add('Behind the bad proxy', '--proxy', withCredentials);
    const direct = await add('Direct', '--no-proxy');

    const run = await cli([
      'run',
      '--profiles',
      `${behind.id},${direct.id}`,
      '--trials',
      '2',
      '--connect-timeout',
      String(CONNECT_TIMEOUT_S),
      '--json',
    ]);
    const outcome = JSON.parse(run.stdout) as { run_id: string; status: string };
    expect(outcome.status).toBe('completed');
    // Completed, but one profile measured nothing: the exit code says so.
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'lasttoken: 1 of 2 profiles measured nothing or mostly failed: Behind the bad proxy (0 of 4 ok;',
    );
    const show = await cli(['show', outcome.run_id, '--json']);
    expectNoStackNorPassword(run.stdout, run.stderr, show.stdout, show.stderr);
    expect(run.stderr).toContain(message);

    const saved = (JSON.parse(show.stdout) as { trials: { profile_id: string; trial: Trial }[] })
      .trials;
    const of = (profile: Profile): Trial[] =>
      saved.filter((t) => t.profile_id === profile.id).map((t) => t.trial);
    expect(of(direct).map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(of(behind)).toHaveLength(4);
    for (const trial of of(behind)) expectProxyFailure(trial, shown, message);
  });
});
