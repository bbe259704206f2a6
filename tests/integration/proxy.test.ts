// The engine through proxies: a CONNECT proxy and a SOCKS5 proxy written for
// the tests, in front of the simulator. Each counts what passes through it, so
// a trial that claims to have gone through a proxy is seen there; the tunnel
// is timed as its own phase, and the measured gaps still match the
// simulator's true write times.

import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportCsv } from '../../src/main/export/csv';
import { listModels } from '../../src/main/probe/list-models';
import {
  createProbeSession,
  DEFAULT_LIMITS,
  ProbeConfigError,
  type EndpointSpec,
  type Limits,
  type ProbeSessionOptions,
  type ProxyChoice,
  type RequestSpec,
} from '../../src/main/probe';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { openStore } from '../../src/main/store/store';
import type { Trial } from '../../src/shared/trial';
import { startConnectProxy } from '../support/connect-proxy';
import type { TestProxy } from '../support/proxy-relay';
import {
  expectChunksMatchWrites,
  simTrace,
  textWrites,
  TIMED_AGAINST_TRUTH,
  TOLERANCE_MS,
} from '../support/sim-truth';
import { startSocks5Proxy } from '../support/socks5-proxy';
import { startTlsFront } from '../support/tls-front';
import { runRecord, snapshot, tempDatabase } from '../support/store-fixtures';

/** A name no resolver knows: only the proxies map it to the simulator. */
const SIM_HOST = 'sim.lasttoken.test';
const KEY = 'sk-proxy-test-key-0123456789';
const CREDENTIALS = { username: 'proxy-user-xyz', password: 'proxy-pass-!@#-secret' };
const BASIC = Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64');
const ENV_NAMES = ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy'].flatMap((n) => [
  n,
  n.toUpperCase(),
]);

let sim: SimServer;
let connect: TestProxy;
let connectAuth: TestProxy;
let socks: TestProxy;
let socksAuth: TestProxy;
const hosts = (): Record<string, string> => ({ [SIM_HOST]: '127.0.0.1' });

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  [connect, connectAuth, socks, socksAuth] = await Promise.all([
    startConnectProxy({ hosts: hosts() }),
    startConnectProxy({ hosts: hosts(), credentials: CREDENTIALS }),
    startSocks5Proxy({ hosts: hosts() }),
    startSocks5Proxy({ hosts: hosts(), credentials: CREDENTIALS }),
  ]);
});
afterAll(async () => {
  await Promise.all([sim, connect, connectAuth, socks, socksAuth].map((s) => s.close()));
});

const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});
function setEnv(values: Record<string, string>): void {
  for (const name of ENV_NAMES) delete process.env[name];
  Object.assign(process.env, values);
}

const simPort = (): number => Number(new URL(sim.url).port);
const simAt = (host: string): string => `http://${host}:${simPort()}/v1`;

const request: RequestSpec = {
  messages: [{ role: 'user', content: 'Why do proxies add latency?' }],
  max_tokens: 256,
  mode: 'stream',
};

interface Probe {
  proxy?: ProxyChoice;
  base_url?: string;
  model?: string;
  limits?: Partial<Limits>;
  endpoint?: Partial<EndpointSpec>;
  session?: ProbeSessionOptions;
  trials?: number;
}

async function probeAll(args: Probe): Promise<Trial[]> {
  const session = createProbeSession(
    {
      base_url: args.base_url ?? simAt('127.0.0.1'),
      model: args.model ?? 'sim-steady',
      dialect: 'openai-chat',
      api_key: KEY,
      allow_insecure_key: true,
      proxy: args.proxy,
      ...args.endpoint,
    },
    args.session,
  );
  const trials: Trial[] = [];
  try {
    for (let i = 0; i < (args.trials ?? 1); i++) {
      trials.push(await session.runTrial(request, { ...DEFAULT_LIMITS, ...args.limits }));
    }
  } finally {
    session.close();
  }
  return trials;
}
const probe = async (args: Probe): Promise<Trial> => (await probeAll(args))[0] as Trial;

type UrlProxy = Extract<ProxyChoice, { kind: 'url' }>;
const via = (proxy: TestProxy, scheme = proxy.url.split(':')[0]): UrlProxy => ({
  kind: 'url',
  url: proxy.url.replace(/^\w+:/, `${scheme}:`),
});
const withCredentials = (proxy: TestProxy, scheme?: string): UrlProxy => ({
  ...via(proxy, scheme),
  ...CREDENTIALS,
});

/** The simulator's own record of the trial, and each measured gap against the true one. */
function expectTrueTiming(trial: Trial): void {
  const trace = simTrace(sim, trial);
  expectChunksMatchWrites(trial, trace);
  const writes = textWrites(trace);
  trial.gaps_ms.forEach((gap, i) => {
    const truth = (writes[i + 1]?.at_mono_ms ?? NaN) - (writes[i]?.at_mono_ms ?? NaN);
    expect(Math.abs(gap - truth)).toBeLessThan(TOLERANCE_MS);
  });
}

/** DNS, TCP to the proxy, the tunnel, then the answer: each phase measured, in order. */
function expectTunnelPhases(trial: Trial, proxy: TestProxy): void {
  expect(trial.status).toBe('ok');
  expect(trial.proxy).toBe(proxy.url);
  expect(trial.reused_connection).toBe(false);
  expect(trial.dns_ms).toBe(0); // 127.0.0.1: no lookup
  expect(trial.connect_ms).toBeGreaterThanOrEqual(0);
  expect(trial.proxy_ms).toBeGreaterThan(0);
  expect(trial.tls_ms).toBeNull();
  const connected = (trial.dns_ms ?? 0) + (trial.connect_ms ?? 0) + (trial.proxy_ms ?? 0);
  expect(connected).toBeLessThan(trial.headers_ms as number);
  expect(trial.headers_ms as number).toBeLessThan(trial.ttft_ms as number);
}

describe('through a CONNECT proxy', () => {
  it(
    'carries the stream through the tunnel, times the tunnel, and keeps the true gaps',
    TIMED_AGAINST_TRUTH,
    async () => {
      const before = { ...connect.counts };
      const trial = await probe({ proxy: via(connect) });
      expectTunnelPhases(trial, connect);
      expectTrueTiming(trial);
      expect(connect.counts.tunnels).toBe(before.tunnels + 1);
      expect(connect.counts.bytes_up).toBeGreaterThan(before.bytes_up);
      expect(connect.counts.bytes_down).toBeGreaterThan(before.bytes_down + trial.bytes);
      expect(connect.counts.destinations.at(-1)).toBe(`127.0.0.1:${simPort()}`);
    },
  );

  it('logs in with Basic credentials; without them, or wrong, the proxy is named as refusing', async () => {
    const ok = await probe({ proxy: withCredentials(connectAuth) });
    expectTunnelPhases(ok, connectAuth);
    for (const proxy of [
      via(connectAuth),
      { ...withCredentials(connectAuth), password: 'wrong' },
    ]) {
      const refused = await probe({ proxy });
      expect(refused.status).toBe('network_error');
      expect(refused.error).toBe(
        `the proxy ${connectAuth.url} refused the tunnel to 127.0.0.1:${simPort()}: 407 Proxy Authentication Required (check the proxy's credentials)`,
      );
      expect(refused.http_status).toBeNull();
      expect(refused.proxy).toBe(connectAuth.url);
      expect(refused.proxy_ms).toBeNull();
    }
  });

  it('lists the models through the same proxy, with its credentials, never around it', async () => {
    const before = connectAuth.counts.tunnels;
    const endpoint = {
      base_url: simAt(SIM_HOST),
      model: 'sim-steady',
      dialect: 'openai-chat' as const,
      api_key: KEY,
      allow_insecure_key: true,
    };
    const list = await listModels({ ...endpoint, proxy: withCredentials(connectAuth) });
    expect(list.models.map((m) => m.id)).toContain('sim-steady');
    expect(connectAuth.counts.tunnels).toBe(before + 1);
    const refused = await listModels({ ...endpoint, proxy: via(connectAuth) }).catch(
      (error: Error) => error.message,
    );
    expect(refused).toContain(`the proxy ${connectAuth.url} refused the tunnel`);
  });

  it('names the proxy when it forbids the destination (403) or cannot reach it (502)', async () => {
    const forbidding = await startConnectProxy({ refuse: { status: 403, text: 'Forbidden' } });
    try {
      const trial = await probe({ proxy: via(forbidding) });
      expect(trial.status).toBe('network_error');
      expect(trial.error).toBe(
        `the proxy ${forbidding.url} refused the tunnel to 127.0.0.1:${simPort()}: 403 Forbidden (the proxy does not allow this destination)`,
      );
    } finally {
      await forbidding.close();
    }
    const closedPort = await unusedPort();
    const trial = await probe({
      proxy: via(connect),
      base_url: `http://127.0.0.1:${closedPort}/v1`,
    });
    expect(trial.status).toBe('network_error');
    expect(trial.error).toBe(
      `the proxy ${connect.url} refused the tunnel to 127.0.0.1:${closedPort}: 502 Bad Gateway (the proxy could not reach 127.0.0.1:${closedPort})`,
    );
  });

  it('speaks TLS with the provider inside the tunnel, and blames the provider for a failed handshake', async () => {
    const trial = await probe({
      proxy: via(connect),
      base_url: `https://127.0.0.1:${simPort()}/v1`,
    });
    expect(trial.status).toBe('network_error');
    expect(trial.error).toMatch(/^TLS handshake failed: the server does not speak TLS/);
    expect(trial.error).toContain(`(127.0.0.1:${simPort()})`);
    expect(trial.error).not.toContain('proxy');
    expect(trial.proxy_ms).toBeGreaterThan(0);
    expect(connect.counts.destinations.at(-1)).toBe(`127.0.0.1:${simPort()}`);
  });

  it(
    'keeps one tunnel alive across trials when asked to reuse the connection',
    TIMED_AGAINST_TRUTH,
    async () => {
      const before = connect.counts.tunnels;
      const [first, second, third] = await probeAll({
        proxy: via(connect),
        session: { reuse_connection: true },
        trials: 3,
      });
      expectTunnelPhases(first as Trial, connect);
      for (const trial of [second, third] as Trial[]) {
        expect(trial.status).toBe('ok');
        expect(trial.reused_connection).toBe(true);
        expect([trial.connect_ms, trial.proxy_ms, trial.tls_ms]).toEqual([null, null, null]);
        expect(trial.proxy).toBe(connect.url);
        expectTrueTiming(trial);
      }
      expect(connect.counts.tunnels).toBe(before + 1);
    },
  );
});

describe('through a SOCKS5 proxy', () => {
  it(
    'carries the stream (names resolved here or at the proxy), times the handshake, keeps the true gaps',
    TIMED_AGAINST_TRUTH,
    async () => {
      for (const scheme of ['socks5', 'socks5h']) {
        const before = { ...socks.counts };
        const trial = await probe({ proxy: via(socks, scheme) });
        expectTunnelPhases(trial, { ...socks, url: socks.url.replace('socks5', scheme) });
        expectTrueTiming(trial);
        expect(socks.counts.tunnels).toBe(before.tunnels + 1);
        expect(socks.counts.bytes_down).toBeGreaterThan(before.bytes_down + trial.bytes);
      }
    },
  );

  it(
    'logs in with a username and password (RFC 1929); a wrong one names the proxy',
    TIMED_AGAINST_TRUTH,
    async () => {
      const ok = await probe({ proxy: withCredentials(socksAuth) });
      expectTunnelPhases(ok, socksAuth);
      expectTrueTiming(ok);
      const wrong = await probe({
        proxy: { ...withCredentials(socksAuth), password: 'wrong' },
      });
      expect(wrong.status).toBe('network_error');
      expect(wrong.error).toBe(
        `the proxy ${socksAuth.url} refused the credentials (check the proxy's credentials)`,
      );
      const none = await probe({ proxy: via(socksAuth) });
      expect(none.error).toBe(
        `the proxy ${socksAuth.url} accepts none of the offered ways to log in (check the proxy's credentials)`,
      );
    },
  );

  it('names the proxy when it cannot reach the destination', async () => {
    const closedPort = await unusedPort();
    const trial = await probe({ proxy: via(socks), base_url: `http://127.0.0.1:${closedPort}/v1` });
    expect(trial.status).toBe('network_error');
    expect(trial.error).toBe(
      `the proxy ${socks.url} refused the tunnel to 127.0.0.1:${closedPort}: connection refused`,
    );
  });
});

async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('an https provider through the tunnel', () => {
  it(
    'times TLS with the provider after the tunnel (an https:// proxy too), keeps it alive when asked, and keeps the true gaps',
    TIMED_AGAINST_TRUTH,
    async () => {
      const front = await startTlsFront(simPort());
      // The front's certificate is self-signed: trusted by this process only while the test runs.
      const checks = process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
      process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
      try {
        for (const proxy of [connect, socks]) {
          const [first, second] = (await probeAll({
            proxy: via(proxy),
            base_url: `${front.url}/v1`,
            session: { reuse_connection: true },
            trials: 2,
          })) as [Trial, Trial];
          expect(first.status, first.error ?? '').toBe('ok');
          expect(first.proxy).toBe(proxy.url);
          expect(first.proxy_ms).toBeGreaterThan(0);
          expect(first.tls_ms).toBeGreaterThan(0);
          const connected =
            (first.dns_ms ?? 0) +
            (first.connect_ms ?? 0) +
            (first.proxy_ms ?? 0) +
            (first.tls_ms ?? 0);
          expect(connected).toBeLessThan(first.headers_ms as number);
          expect(second.status).toBe('ok');
          expect(second.reused_connection).toBe(true);
          expect([second.proxy_ms, second.tls_ms]).toEqual([null, null]);
          expectTrueTiming(first);
          expectTrueTiming(second);
        }
        // One TLS connection per proxy, each kept for its second trial.
        expect(front.counts.connections).toBe(2);

        // An https:// proxy: TLS with the proxy, then with the provider inside the tunnel.
        const tlsProxy = await startConnectProxy({ tls: true });
        try {
          const trial = await probe({ proxy: via(tlsProxy), base_url: `${front.url}/v1` });
          expect(trial.status, trial.error ?? '').toBe('ok');
          expect(trial.proxy).toBe(tlsProxy.url);
          expect(trial.proxy_ms).toBeGreaterThan(0);
          expect(trial.tls_ms).toBeGreaterThan(0);
          expect(tlsProxy.counts.tunnels).toBe(1);
          expectTrueTiming(trial);
        } finally {
          await tlsProxy.close();
        }
      } finally {
        if (checks === undefined) delete process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
        else process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = checks;
        await front.close();
      }
    },
  );
});

describe('a proxy that fails', () => {
  it('cannot be reached: the message names the proxy, not the provider', async () => {
    const port = await unusedPort();
    for (const scheme of ['http', 'socks5h']) {
      const trial = await probe({ proxy: { kind: 'url', url: `${scheme}://127.0.0.1:${port}` } });
      expect(trial.status).toBe('network_error');
      expect(trial.error).toBe(
        `could not reach the proxy ${scheme}://127.0.0.1:${port}: connection refused: nothing is listening at that address`,
      );
      expect(trial.connect_ms).toBeNull();
    }
  });

  it('never answers: the connect timeout covers the tunnel and says where it stopped', async () => {
    const silent = await startConnectProxy({ silent: true });
    try {
      const trial = await probe({ proxy: via(silent), limits: { connect_timeout_ms: 300 } });
      expect(trial.status).toBe('connect_timeout');
      expect(trial.error).toBe(
        `the proxy ${silent.url} did not open the tunnel to 127.0.0.1:${simPort()} within 0.3 s`,
      );
      expect(trial.connect_ms).not.toBeNull();
      expect(trial.proxy_ms).toBeNull();
      // The abandoned tunnel is closed, not left open at the proxy.
      expect(silent.counts.connections).toBe(1);
      await expect.poll(() => silent.counts.open).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it('refuses a proxy URL it cannot use, without repeating its credentials', () => {
    const session = (url: string) => () =>
      createProbeSession({
        base_url: simAt('127.0.0.1'),
        model: 'm',
        dialect: 'openai-chat',
        proxy: { kind: 'url', url },
      });
    expect(session('socks4://user:hunter22@127.0.0.1:1080')).toThrow(
      new ProbeConfigError(
        'the proxy URL uses socks4://, which LastToken cannot use: use http://, https://, socks5:// or socks5h://',
      ),
    );
    expect(session('not a url hunter22')).toThrow(
      new ProbeConfigError('the proxy URL is not a valid URL: expected scheme://host:port'),
    );
  });
});

describe('the proxy from the environment', () => {
  it(
    'goes through HTTP_PROXY, ALL_PROXY (socks5h) or a lowercase http_proxy, the proxy resolving the name',
    TIMED_AGAINST_TRUTH,
    async () => {
      const cases: [Record<string, string>, TestProxy][] = [
        [{ HTTP_PROXY: connect.url }, connect],
        [{ http_proxy: connect.url.replace('http://', '') }, connect], // no scheme: http://, as curl
        [{ ALL_PROXY: socks.url.replace('socks5:', 'socks5h:') }, socks],
      ];
      for (const [env, proxy] of cases) {
        setEnv(env);
        const before = proxy.counts.tunnels;
        const trial = await probe({ base_url: simAt(SIM_HOST) });
        expect(trial.status, trial.error ?? '').toBe('ok');
        expect(trial.proxy).toBe(proxy.url.replace('socks5:', 'socks5h:'));
        expect(trial.proxy_ms).toBeGreaterThan(0);
        expect(proxy.counts.tunnels).toBe(before + 1);
        expect(proxy.counts.destinations.at(-1)).toBe(`${SIM_HOST}:${simPort()}`);
        expectTrueTiming(trial);
      }
    },
  );

  it('honours NO_PROXY, never proxies loopback, and is ignored by a direct profile', async () => {
    const before = connect.counts.connections;
    // The domain, with or without its leading dot, covers the simulator's subdomain, as for curl.
    for (const domain of ['.lasttoken.test', 'lasttoken.test']) {
      setEnv({ HTTP_PROXY: connect.url, NO_PROXY: domain });
      const excepted = await probe({ base_url: simAt(SIM_HOST) });
      expect(excepted.status).toBe('network_error');
      expect(excepted.error).toBe(
        `DNS lookup failed: the host name does not resolve (${SIM_HOST}:${simPort()})`,
      );
      expect(excepted.proxy).toBeNull();
    }

    setEnv({ HTTP_PROXY: connect.url, ALL_PROXY: connect.url });
    for (const host of ['127.0.0.1', 'localhost']) {
      const loopback = await probe({ base_url: simAt(host) });
      expect(loopback.status, loopback.error ?? '').toBe('ok');
      expect([loopback.proxy, loopback.proxy_ms]).toEqual([null, null]);
    }
    const direct = await probe({ base_url: simAt(SIM_HOST), proxy: { kind: 'direct' } });
    expect(direct.error).toMatch(/^DNS lookup failed/);
    expect(direct.proxy).toBeNull();
    expect(connect.counts.connections).toBe(before);
  });
});

describe('secrets', () => {
  it('the proxy credentials and the key appear in no trial, error, database row or CSV', async () => {
    const trials = [
      await probe({ proxy: withCredentials(connectAuth) }),
      await probe({ proxy: { ...withCredentials(connectAuth), password: 'wrong-pass-123' } }),
      await probe({ proxy: withCredentials(socksAuth, 'socks5h') }),
      // Credentials written into the URL itself, as environment variables carry them.
      await probe({
        proxy: {
          kind: 'url',
          url: `http://${CREDENTIALS.username}:${encodeURIComponent(CREDENTIALS.password)}@127.0.0.1:${await unusedPort()}`,
        },
      }),
    ];
    expect(trials.map((t) => t.status)).toEqual(['ok', 'network_error', 'ok', 'network_error']);
    expect(trials[3]?.error).toMatch(/^could not reach the proxy http:\/\/127\.0\.0\.1:\d+: /);
    const temp = tempDatabase();
    const store = openStore(temp.path);
    try {
      const profile = snapshot('p-proxy');
      const run = runRecord('run-proxy', [profile]);
      store.runs.createRun(run);
      const stored = trials.map((trial, i) => ({
        run_id: run.id,
        profile_id: profile.id,
        trial_index: i,
        warmup: false,
        trial,
      }));
      for (const t of stored) store.runs.saveTrial(t);
      const csv = exportCsv('trials', { run, trials: stored });
      expect(csv).toContain(connectAuth.url);
      const database = Buffer.concat([
        readFileSync(temp.path),
        readFileSync(`${temp.path}-wal`),
      ]).toString('latin1');
      expect(database).toContain(connectAuth.url);
      for (const text of [JSON.stringify(trials), csv, database]) {
        for (const secret of [CREDENTIALS.username, CREDENTIALS.password, BASIC, KEY]) {
          expect(text).not.toContain(secret);
        }
      }
    } finally {
      store.close();
      temp.remove();
    }
  });
});
