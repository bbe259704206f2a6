// The token counter against the real worker thread, built from source by the
// test run's global setup (tests/support/worker-threads-global-setup.ts).

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTokenCounter, type TokenCounter } from '../../src/main/probe/tokens';
import { countTokens } from '../../src/main/probe/tokens/encode-ordinary';
import { analyzeTextTokens, type TextTokensRequest } from '../../src/main/probe/tokens/text-tokens';
import { bundleNodeScript, type NodeScript } from '../support/bundle-node-script';

const workerFile = inject('tokenWorkerFile');
const KEY = 'sk-test-0123456789abcdef';

function request(chunks: { content: string; reasoning?: string }[]): TextTokensRequest {
  const contentEnds = new Int32Array(chunks.length);
  const reasoningEnds = new Int32Array(chunks.length);
  let content = '';
  let reasoning = '';
  chunks.forEach((chunk, i) => {
    contentEnds[i] = (content += chunk.content).length;
    reasoningEnds[i] = (reasoning += chunk.reasoning ?? '').length;
  });
  return { content, contentEnds, reasoning, reasoningEnds, secrets: [KEY] };
}

const streamed = request([
  { content: '', reasoning: 'Let me think about' },
  { content: '', reasoning: ' the <|endoftext|> case.' },
  { content: ' Hel' },
  { content: `lo wor`, reasoning: '' },
  { content: `ld, your key is ${KEY.slice(0, 12)}` },
  { content: `${KEY.slice(12)} 流式传输\uD83C` },
  { content: '\uDF89 done.' },
]);

/** The content's exact count, as the worker gives it for a text of one chunk. */
const countOf = async (tokens: TokenCounter, text: string): Promise<number> =>
  (await tokens.analyze(request([{ content: text }]))).contentTotal;

const counters: TokenCounter[] = [];
const counter = (): TokenCounter => {
  const created = createTokenCounter();
  counters.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(counters.splice(0).map((c) => c.close()));
});

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/TID/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('token counter', () => {
  it.runIf(process.platform === 'linux')(
    'counts at the lowest priority on Linux without lowering the thread that stamps reads',
    async () => {
      const before = threadNiceValues().filter((nice) => nice === 19).length;
      const tokens = counter();
      await countOf(tokens, 'warm');
      expect(getPriority()).toBe(0);
      expect(threadNiceValues().filter((nice) => nice === 19).length).toBe(before + 1);
    },
  );

  it('answers as the in-process functions do', async () => {
    const tokens = counter();
    tokens.warm();
    const plain = request([{ content: `The answer, with ${KEY} in it.`, reasoning: 'Why.' }]);
    expect(await tokens.analyze(streamed)).toEqual(analyzeTextTokens(streamed));
    expect(await tokens.analyze(plain)).toEqual(analyzeTextTokens(plain));
    expect(await tokens.analyze(request([]))).toEqual(analyzeTextTokens(request([])));
    // Redacted, and counted per chunk.
    const result = await tokens.analyze(streamed);
    expect(result.content).not.toContain(KEY.slice(0, 12));
    expect(result.contentTokens).toHaveLength(7);
    expect(result.contentTotal).toBe(countTokens(streamed.content));
  });

  it('answers every one of many concurrent requests with its own result', async () => {
    const tokens = counter();
    const texts = Array.from({ length: 40 }, (_, i) => `${'word '.repeat(i)}流${i}`);
    const analyses = await Promise.all(
      texts.map((text) => tokens.analyze(request([{ content: text }]))),
    );
    expect(analyses.map((a) => a.contentTotal)).toEqual(texts.map((text) => countTokens(text)));
  });

  it('fails a request the worker cannot answer, and keeps answering others', async () => {
    const tokens = counter();
    const mismatched = { ...request([{ content: 'abc' }]), reasoningEnds: new Int32Array(2) };
    await expect(tokens.analyze(mismatched)).rejects.toThrow(
      /token worker could not answer: content has 1 chunks and reasoning 2/,
    );
    expect(await countOf(tokens, 'hello world')).toBe(2);
  });

  it('rejects pending requests when the counter is closed, and starts again on the next', async () => {
    const tokens = counter();
    const pending = expect(countOf(tokens, 'a'.repeat(200_000))).rejects.toThrow(
      /token counter was closed/,
    );
    await tokens.close();
    await pending;
    expect(await countOf(tokens, 'hello world')).toBe(2);
  });

  it('says how to configure it when no worker location was given', async () => {
    vi.resetModules();
    const fresh = await import('../../src/main/probe/tokens/token-counter');
    const unconfigured = fresh.createTokenCounter();
    expect(() => unconfigured.warm()).toThrow(/configureTokenWorker/);
    await expect(countOf(unconfigured, 'x')).rejects.toThrow(/configureTokenWorker/);
  });
});

describe('a token worker that dies', () => {
  let dir: string;
  let crashingWorker: URL;

  beforeAll(() => {
    // The real worker behind a listener that kills the thread on two texts,
    // one by an uncaught exception, one by exiting. Both listeners are added
    // as the modules load, the killer's first; it keeps the real one from
    // answering the text it dies on.
    dir = mkdtempSync(join(tmpdir(), 'lasttoken-token-worker-'));
    writeFileSync(
      join(dir, 'killer.mjs'),
      `import { parentPort } from 'node:worker_threads';
parentPort.addEventListener('message', (event) => {
  const text = event.data.task.request.content;
  if (text !== 'throw' && text !== 'exit') return;
  event.stopImmediatePropagation();
  if (text === 'exit') process.exit(3);
  throw new Error('injected crash');
});
`,
    );
    const file = join(dir, 'crashing-worker.mjs');
    writeFileSync(
      file,
      `import './killer.mjs';\nimport ${JSON.stringify(pathToFileURL(workerFile).href)};\n`,
    );
    crashingWorker = pathToFileURL(file);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rejects what was pending, and the next request starts a new worker', async () => {
    const tokens = createTokenCounter({ workerUrl: crashingWorker });
    counters.push(tokens);
    const crashed = [countOf(tokens, 'throw'), countOf(tokens, 'hello'), tokens.analyze(streamed)];
    for (const outcome of await Promise.allSettled(crashed)) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { message: 'the token worker failed: injected crash' },
      });
    }
    expect(await countOf(tokens, 'hello world')).toBe(2);

    const exited = [countOf(tokens, 'exit'), countOf(tokens, 'hello')];
    for (const outcome of await Promise.allSettled(exited)) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { message: expect.stringMatching(/token worker stopped \(exit code 3\)/) },
      });
    }
    expect(await tokens.analyze(streamed)).toEqual(analyzeTextTokens(streamed));
  });
});

describe('the token worker and the process', () => {
  let child: NodeScript;
  beforeAll(async () => {
    child = await bundleNodeScript('tests/support/token-counter-child.ts');
  });
  afterAll(() => child.remove());

  it.each([
    ['once its work is done', [], '2\n'],
    ['when it was only warmed', ['warm-only'], ''],
  ])('does not keep a process alive %s', async (_case, args, expected) => {
    const run = spawn(process.execPath, [child.file, workerFile, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    run.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    const code = await new Promise<number | null>((resolve) => {
      // A worker that held the process would keep it running until this kill.
      const kill = setTimeout(() => run.kill(), 15_000);
      run.on('exit', (exitCode) => {
        clearTimeout(kill);
        resolve(exitCode);
      });
    });
    expect(code, 'the process was still running 15 s later').toBe(0);
    expect(stdout).toBe(expected);
  });
});
