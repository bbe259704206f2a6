// The command line against the simulated provider over real HTTP: main() runs
// in-process with fake streams, so exit codes, stdout and stderr are checked
// exactly; one test spawns the built bundle the way a user runs it.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { main } from '../../src/main/cli/main';
import { renderReport } from '../../src/main/cli/report-table';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { ModeSummary } from '../../src/shared/summary';
import { summarize } from '../../src/shared/summary';
import type { Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from '../unit/trial-fixture';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  env?: Record<string, string>;
  interrupt?: AbortSignal;
  tty?: boolean;
  /** Sees everything written to stderr, as it is written. */
  onStderr?: (text: string) => void;
}

async function cli(argv: string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: {
      isTTY: options.tty ?? false,
      write: (text: string) => {
        stderr += text;
        options.onStderr?.(text);
      },
    },
    env: options.env ?? {},
    interrupt: options.interrupt,
  });
  return { code, stdout, stderr };
}

interface ProbeDocument {
  endpoint: Record<string, unknown>;
  tokenizer: string;
  interrupted: boolean;
  trials: Trial[];
  summary: ModeSummary[];
}

let sim: SimServer;
let openaiBase: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  openaiBase = `${sim.url}/v1`;
});

afterAll(async () => {
  await sim.close();
});

/** Fast scenarios keep the suite quick; the shapes are what matter here. */
const STEADY = 'sim-steady:ttft=30,gap=2,tokens=20';

function probe(...extra: string[]): string[] {
  return ['probe', '--base-url', openaiBase, '--model', STEADY, '--trials', '2', ...extra];
}

describe('lasttoken probe --json', () => {
  it('prints one JSON document with the trials in interleaved order and a summary per mode', async () => {
    const run = await cli(probe('--json'));
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as ProbeDocument;
    expect(doc.trials.map((t) => t.mode)).toEqual(['stream', 'plain', 'stream', 'plain']);
    expect(doc.trials.every((t) => t.status === 'ok')).toBe(true);
    expect(doc.trials[0]?.timeline.chunks.length).toBe(doc.trials[0]?.chunks);
    expect(doc.summary.map((s) => [s.mode, s.trials, s.ok])).toEqual([
      ['stream', 2, 2],
      ['plain', 2, 2],
    ]);
    expect(doc.summary[0]?.metrics.ttft_ms?.n).toBe(2);
    expect(doc.endpoint).toEqual({ base_url: openaiBase, model: STEADY, dialect: 'openai-chat' });
    expect(doc.tokenizer).toBe('o200k_base');
    expect(doc.interrupted).toBe(false);
    // Progress goes to stderr, one line per finished trial when it is not a terminal.
    expect(run.stderr.trim().split('\n')).toEqual([
      '4 requests: 2 trials of stream and plain',
      expect.stringMatching(
        /^\[1\/4\] stream {2}ok {2}TTFT \d+(\.\d)? ms {2}total \d+(\.\d)? ms {2}20 tok$/,
      ),
      expect.stringMatching(/^\[2\/4\] plain {3}ok {2}TTFB /),
      expect.stringMatching(/^\[3\/4\] stream /),
      expect.stringMatching(/^\[4\/4\] plain /),
    ]);
  });

  it('speaks the anthropic-messages dialect', async () => {
    const run = await cli([
      'probe',
      '--base-url',
      sim.url,
      '--model',
      STEADY,
      '--dialect',
      'anthropic-messages',
      '--trials',
      '1',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as ProbeDocument;
    expect(doc.endpoint['dialect']).toBe('anthropic-messages');
    expect(doc.trials.map((t) => [t.mode, t.status])).toEqual([
      ['stream', 'ok'],
      ['plain', 'ok'],
    ]);
    expect(doc.trials[0]?.ttft_ms).not.toBeNull();
    expect(doc.trials[0]?.tokens).toBe(20);
  });
});

describe('lasttoken probe (table)', () => {
  it('labels the first-token figure TTFT for stream and TTFB for plain, with n', async () => {
    const run = await cli(probe('--mode', 'both'));
    expect(run.code).toBe(0);
    const [stream = '', rest = ''] = run.stdout.split('--- plain');
    const [plain = ''] = rest.split('stream vs plain');
    expect(stream).toContain('--- stream (2 trials: 2 ok) ---');
    expect(stream).toMatch(/^ {2}TTFT +\d+(\.\d)? ms +\d+(\.\d)? ms +2$/m);
    expect(stream).toMatch(/^ {2}median gap +\d+\.\d ms +\d+\.\d ms +2$/m);
    expect(stream).toMatch(/^ {2}tokens\/s \(decode\) +\d+\.\d +\d+\.\d +2$/m);
    expect(plain).toContain(' (2 trials: 2 ok) ---');
    expect(plain).toMatch(/^ {2}TTFB +\d+(\.\d)? ms +\d+(\.\d)? ms +2$/m);
    expect(plain).not.toMatch(/TTFT/);
    // Which verdicts come out is timing noise at these tiny durations; they are
    // tested on fixed trials below and against each scenario in myths-report.test.ts.
    expect(run.stdout).toMatch(
      /^stream vs plain \(stream − plain, .*; medians over the same trials\):\n {2}first token \S+ ms \(TTFT\) vs \S+ ms \(TTFB\): /m,
    );
  });

  it('draws live progress in place on a terminal', async () => {
    const run = await cli(probe('--mode', 'stream', '--trials', '1'), { tty: true });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\r\[1\/1\] stream {2}\d+ chunks/);
    expect(run.stderr.endsWith('20 tok\x1b[K\n')).toBe(true);
  });

  it('runs the abort experiment and reports what came after the hang-up', async () => {
    const model = 'sim-steady:ttft=30,gap=5,tokens=200';
    const json = await cli([
      'probe',
      '--base-url',
      openaiBase,
      '--model',
      model,
      '--trials',
      '1',
      '--abort-after',
      '10',
      '--json',
    ]);
    expect(json.code).toBe(0);
    const [stream, plain] = (JSON.parse(json.stdout) as ProbeDocument).trials;
    expect(stream?.status).toBe('aborted');
    expect(stream?.abort?.after_tokens).toBe(10);
    // A token a chunk: the hang-up came at the tenth, on the first trial too.
    expect(stream?.tokens).toBe(10);
    expect(plain?.status).toBe('ok');
    expect(plain?.abort).toBeNull();

    const table = await cli([
      'probe',
      '--base-url',
      openaiBase,
      '--model',
      model,
      '--trials',
      '1',
      '--abort-after',
      '10',
    ]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      'abort experiment: hung up at the chunk that brought the answer to 10 tokens',
    );
    expect(table.stdout).toMatch(
      /stream #1 {2}hung up at \d+(\.\d)? ms after 10 tokens, socket closed/,
    );
    expect(table.stdout).toMatch(/^ {2}measured: .* after the hang-up/m);
    // The rest is a caution, with the ids to look up (the simulator sends one per request).
    expect(table.stdout).toMatch(
      /^ {2}caution, not measured: .*usage page: [\w-]+; cap generation with --max-tokens$/m,
    );
    expect(table.stdout).not.toContain('failed trials');
  });
});

describe('key hygiene', () => {
  const key = 'sk-cli-test-0123456789abcdef';

  it('never prints the key, in the table or in JSON', async () => {
    for (const extra of [[], ['--json']]) {
      const run = await cli(probe('--api-key-env', 'SIM_KEY', ...extra), { env: { SIM_KEY: key } });
      expect(run.code).toBe(0);
      expect(run.stdout + run.stderr).not.toContain(key);
    }
  });

  it('never prints the key when the provider refuses it', async () => {
    const refused = 'sk-sim-invalid';
    for (const extra of [[], ['--json']]) {
      const run = await cli(probe('--api-key-env', 'SIM_KEY', ...extra), {
        env: { SIM_KEY: refused },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('HTTP 401');
      expect(run.stdout + run.stderr).not.toContain(refused);
    }
  });

  it('refuses a key on the command line and points to --api-key-env', async () => {
    for (const flag of [
      ['--api-key', key],
      [`--api-key=${key}`],
      ['--header', `Authorization:Bearer ${key}`],
    ]) {
      const run = await cli(probe(...flag));
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^lasttoken: .*--api-key-env/);
      expect(run.stderr).not.toContain(key);
    }
  });
});

describe('a key over plain http', () => {
  it('names the flag that confirms it, without echoing the key', async () => {
    const secret = 'sk-plain-http-secret';
    const argv = [
      'probe',
      '--base-url',
      'http://example.com/v1',
      '--model',
      'm',
      '--api-key-env',
      'K',
    ];
    const run = await cli(argv, { env: { K: secret } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^lasttoken: refusing to send the API key unencrypted.*\(--allow-insecure-key\)\n$/,
    );
    expect(run.stderr).not.toContain(secret);
  });
});

describe('bad arguments', () => {
  const base = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
  it.each([
    ['an unknown option', ['probe', ...base, '--fast']],
    ['no --base-url', ['probe', '--model', 'm']],
    ['no --model', ['probe', '--base-url', 'http://127.0.0.1:9/v1']],
    ['a non-numeric trial count', ['probe', ...base, '--trials', 'five']],
    ['zero trials', ['probe', ...base, '--trials', '0']],
    ['a negative timeout', ['probe', ...base, '--deadline=-1']],
    ['an unknown dialect', ['probe', ...base, '--dialect', 'gemini']],
    ['an unknown mode', ['probe', ...base, '--mode', 'fast']],
    ['a header without a colon', ['probe', ...base, '--header', 'X-Org']],
    ['a key variable that is not set', ['probe', ...base, '--api-key-env', 'LASTTOKEN_TEST_UNSET']],
    ['a URL that is not one', ['probe', '--base-url', 'not a url', '--model', 'm']],
    [
      'a key over plain http to another host',
      ['probe', '--base-url', 'http://example.com/v1', '--model', 'm', '--api-key-env', 'K'],
    ],
    [
      'an abort experiment without a stream',
      ['probe', ...base, '--mode', 'plain', '--abort-after', '5'],
    ],
    ['an unknown command', ['benchmark']],
    ['a port out of range', ['sim', '--port', '70000']],
  ])('%s: exit 2 and one line on stderr', async (_, argv) => {
    const run = await cli(argv, { env: { K: 'sk-some-key-value' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lasttoken: [^\n]+\n$/);
  });
});

describe('failures', () => {
  it('reports an unreachable endpoint per trial and exits 1', async () => {
    const port = await freePort();
    const run = await cli([
      'probe',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--model',
      'm',
      '--trials',
      '1',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/stream #1 {2}network_error {2}connection refused/);
    expect(run.stdout).toMatch(/plain #1 {2}network_error/);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(
      /^lasttoken: all 2 trials failed \(network_error: /,
    );
  });

  it('exits 0 when only some trials fail, and lists those', async () => {
    const run = await cli([
      'probe',
      '--base-url',
      openaiBase,
      '--model',
      'sim-ignore-stream:ttft=10,gap=1,tokens=5',
      '--trials',
      '1',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/stream #1 {2}stream_ignored {2}asked to stream/);
  });
});

describe('interrupt', () => {
  it('cancels the running trial, prints the trials that finished and exits 130', async () => {
    const interrupt = new AbortController();
    const run = await cli(probe('--json', '--trials', '3'), {
      interrupt: interrupt.signal,
      // Interrupt during the second trial, once the first has finished.
      onStderr: (text) => {
        if (text.startsWith('[1/6]')) setTimeout(() => interrupt.abort('SIGINT'), 10);
      },
    });
    expect(run.code).toBe(130);
    const doc = JSON.parse(run.stdout) as ProbeDocument;
    expect(doc.interrupted).toBe(true);
    expect(doc.trials.map((t) => [t.mode, t.status])).toEqual([['stream', 'ok']]);
    expect(doc.summary).toHaveLength(1);
    expect(run.stderr).toMatch(
      /lasttoken: interrupted: the results above cover the 1 trial that finished/,
    );
  });

  it('runs the simulator until interrupted, listing its scenarios', async () => {
    const interrupt = new AbortController();
    let stdout = '';
    const done = main(['sim', '--port', '0'], {
      stdout: {
        write: (text: string) => {
          stdout += text;
          if (text.includes('listening on')) interrupt.abort('SIGINT');
        },
      },
      stderr: { write: () => true },
      env: {},
      interrupt: interrupt.signal,
    });
    expect(await done).toBe(0);
    expect(stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toMatch(
      /lasttoken probe --base-url http:\/\/127\.0\.0\.1:\d+\/v1 --model sim-steady/,
    );
    expect(stdout).toMatch(/^ {2}sim-steady +\S/m);
  });
});

describe('help and version', () => {
  it.each([[['--help']], [['probe', '--help']], [['sim', '--help']], [[]]])(
    '%j prints usage',
    async (argv) => {
      const run = await cli(argv);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^(lasttoken|Usage)/);
      expect(run.stderr).toBe('');
    },
  );

  it('prints the version of package.json', async () => {
    expect((await cli(['--version'])).stdout).toBe(`lasttoken ${version}\n`);
  });
});

describe('report', () => {
  const report = (trials: Trial[]): string =>
    renderReport({
      endpoint: { base_url: 'https://example.test/v1', model: 'm', dialect: 'openai-chat' },
      tokenizer: 'o200k_base',
      trials,
      summaries: summarize('m', trials),
      // The fixtures' long silences are made against a 1 s stall limit.
      stallMs: 1000,
      abortAfter: null,
    });
  /** Five rounds of stream then plain, as a probe interleaves them; round i adds i ms. */
  const rounds = (stream: Partial<Trial>, plain: Partial<Trial>): Trial[] =>
    [0, 1, 2, 3, 4].flatMap((i) => [
      makeTrial({
        ...stream,
        ttft_ms: (stream.ttft_ms ?? 200) + i,
        total_ms: (stream.total_ms ?? 520) + i,
      }),
      makePlainTrial({
        ...plain,
        first_byte_ms: (plain.first_byte_ms ?? 510) + i,
        total_ms: (plain.total_ms ?? 520) + i,
      }),
    ]);

  it('says streaming moved only the first token when the totals do not differ', () => {
    const text = report(rounds({}, {}));
    // Stream TTFT 200 + i against plain TTFB 510 + i: 310 ms lower every round.
    expect(text).toContain(
      'first token 202 ms (TTFT) vs 512 ms (TTFB): ' +
        "stream's first token is lower by 310 ms (95% CI 310–310 ms, n = 5 pairs)",
    );
    // Paired differences of 0 every round against a ±5.2 ms margin: equivalent.
    expect(text).toContain(
      'total 522 ms vs 522 ms: equivalent within ±5.2 ms (CI 0.0…0.0 ms, n = 5 pairs)',
    );
    expect(text).toContain('streaming moved the first token, not the last');
  });

  it('shows a real difference in totals instead, with its interval', () => {
    const text = report(rounds({}, { total_ms: 1040 }));
    expect(text).not.toContain('streaming moved the first token, not the last');
    expect(text).toContain(
      "total 522 ms vs 1042 ms: stream's total is lower by 520 ms (95% CI 520–520 ms, n = 5 pairs)",
    );
    expect(text).toContain('streaming moved the first token, and the totals differ too');
  });

  it('says streaming gave nothing when the stream was held back, even with TTFT a hair above TTFB', () => {
    const held = { ttft_ms: 952.6, total_ms: 953, buffered: true, tokens_per_chunk_mean: 1 };
    const text = report(rounds(held, { first_byte_ms: 951.5, total_ms: 961.5 }));
    expect(text).not.toContain('moved the first token');
    expect(text).toMatch(
      /first token 955 ms \(TTFT\) vs 954 ms \(TTFB\): equivalent within ±9\.5 ms/,
    );
    expect(text).toContain(
      'streaming gave nothing here: in 5 of 5 streams the tokens were held back and released at the end',
    );
  });

  it('claims nothing from one trial a mode: no interval', () => {
    const text = report([makeTrial(), makePlainTrial()]);
    // One round has both: a pair, but one difference gives no interval to judge.
    expect(text).toContain('this sample cannot tell them apart at n = 1 pair: too few to resample');
    expect(text).toContain('too few ok trials to tell what streaming moved');
  });

  it('tells waiting for the first token apart from content that stopped mid-answer', () => {
    // A wait for the first token is not a stall: the engine leaves `stalled` false.
    const waited = makeTrial({
      ttft_ms: 1500,
      stalled: false,
      max_content_silence_ms: 1500,
      pings: 14,
      first_ping_ms: 100,
    });
    const stopped = makeTrial({ ttft_ms: 200, stalled: true, max_content_silence_ms: 3000 });
    const text = report([waited, stopped, makeTrial()]);
    expect(text).toContain(
      '1 of 3 trials waited 1500 ms (median) for the first token, longer than the stall limit; ' +
        'in 1 of them keep-alive pings came meanwhile',
    );
    expect(text).toContain(
      '1 of 3 trials stalled mid-answer: content stopped for 3000 ms (median) after it began',
    );
    expect(report([waited])).not.toContain('mid-answer');
    expect(report([stopped])).not.toContain('for the first token');
  });

  it('formats ms without decimals from 100 up and with one below', () => {
    const text = report([makeTrial({ ttft_ms: 99.94, total_ms: 100.4 })]);
    expect(text).toMatch(/^ {2}TTFT +99\.9 ms +99\.9 ms +1$/m);
    expect(text).toMatch(/^ {2}total +100 ms +100 ms +1$/m);
  });

  it('flags buffered streams, batching and the usage difference', () => {
    const text = report([
      makeTrial({
        buffered: true,
        tokens_per_chunk_mean: 3,
        usage_completion_tokens: 10,
        usage_diff: 2,
      }),
    ]);
    expect(text).toContain('1 of 1 trials buffered');
    expect(text).toContain('chunks are not tokens: each chunk carries 3.0 tokens');
    expect(text).toContain(
      'usage: the API reported 10 completion tokens, o200k_base counted 8: +2',
    );
  });
});

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = existsSync(`${root}out/cli/lasttoken.mjs`);

describe('the built CLI', () => {
  // `npm test` builds it first (pretest); a bare `vitest run` may not have.
  it.skipIf(!built)(
    'runs from bin/lasttoken.mjs (skipped when out/cli is not built: npm run build:cli)',
    async () => {
      // Async: the simulator answers from this very process.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          'bin/lasttoken.mjs',
          'probe',
          '--base-url',
          openaiBase,
          '--model',
          STEADY,
          '--trials',
          '1',
          '--json',
        ],
        { cwd: root },
      );
      const doc = JSON.parse(stdout) as ProbeDocument;
      expect(doc.trials.map((t) => t.status)).toEqual(['ok', 'ok']);
    },
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
