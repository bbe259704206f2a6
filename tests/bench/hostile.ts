// `npm run bench`, hostile providers: what the engine's bounds cost and keep.
// - Peak memory of the whole CLI process (the token worker included) against
//   each server that once grew it to gigabytes, with the default limits.
// - How long the CLI takes to end after Ctrl-C while its token worker counts
//   a 900,000-letter word.
// The gap error of a steady stream beside profiles answering long words is
// measured with longWordProfiles in the same run (run.ts prints it).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Profile } from '../../src/shared/run';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { benchProfile } from './accuracy';

// This file is bundled into out/cli/bench.mjs: the repository is two folders up.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(ROOT, 'bin', 'lasttoken.mjs');
const PEAK_HOOK = join(ROOT, 'tests', 'support', 'report-peak-rss.mjs');

interface CliOutcome {
  code: number | null;
  stdout: string;
  ms: number;
  interruptedAfterMs: number | null;
}

function runCli(
  args: string[],
  env: Record<string, string>,
  interruptAfterLine: string | null = null,
): Promise<CliOutcome> {
  const started = performance.now();
  let interruptedAt: number | null = null;
  const child = spawn(process.execPath, ['--import', PEAK_HOOK, CLI, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => {
    if (interruptAfterLine && interruptedAt === null && chunk.includes(interruptAfterLine)) {
      interruptedAt = performance.now();
      child.kill('SIGINT');
    }
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const ended = performance.now();
      resolve({
        code,
        stdout,
        ms: ended - started,
        interruptedAfterMs: interruptedAt === null ? null : ended - interruptedAt,
      });
    });
  });
}

const WORST_CASES: { model: string; what: string; mode: string }[] = [
  { model: 'huge-events', what: 'endless 64 KB events of text', mode: 'stream' },
  { model: 'huge-empty-events', what: 'endless 64 KB events without text', mode: 'stream' },
  { model: 'endless-line', what: 'one data: line that never ends', mode: 'stream' },
  { model: 'zeros', what: 'zero bytes as text/event-stream', mode: 'stream' },
  { model: 'ping-flood', what: 'a flood of keep-alive comments', mode: 'stream' },
  { model: 'long-word:1048576', what: 'a 1 MB word in one event', mode: 'stream' },
  { model: 'long-word:900000', what: 'a 900,000-letter word, stream and plain', mode: 'both' },
  { model: 'big-plain:15000000', what: 'a 15 MB plain answer', mode: 'plain' },
];

export async function printHostileFigures(): Promise<void> {
  const server = await startHostileServer();
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-bench-hostile-'));
  try {
    console.log(
      '\nhostile providers, the built CLI in its own process with default limits (peak RSS includes the token worker)',
    );
    for (const { model, what, mode } of WORST_CASES) {
      const rssFile = join(dir, model.replace(/\W/g, '_'));
      const outcome = await runCli(
        [
          'probe',
          '--base-url',
          server.baseUrl,
          '--model',
          model,
          '--mode',
          mode,
          '--trials',
          '1',
          '--json',
        ],
        { PEAK_RSS_FILE: rssFile },
      );
      const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
      const statuses = (JSON.parse(outcome.stdout) as { trials: { status: string }[] }).trials
        .map((t) => t.status)
        .join(', ');
      console.log(
        `  ${what.padEnd(42)} peak ${peakMb.toFixed(0).padStart(4)} MB  ${(outcome.ms / 1000).toFixed(1).padStart(4)} s  ${statuses}`,
      );
    }
    const idle = await runCli(['--version'], { PEAK_RSS_FILE: join(dir, 'idle') });
    const idleMb = Number(readFileSync(join(dir, 'idle'), 'utf8')) / 1024;
    console.log(
      `  (lasttoken --version alone: peak ${idleMb.toFixed(0)} MB, ${idle.ms.toFixed(0)} ms)`,
    );

    const interrupted = await runCli(
      [
        'probe',
        '--base-url',
        server.baseUrl,
        '--model',
        'long-word:900000',
        '--mode',
        'stream',
        '--trials',
        '5',
        '--json',
      ],
      { PEAK_RSS_FILE: join(dir, 'interrupt') },
      '[1/5]',
    );
    console.log(
      `  Ctrl-C while the second trial's 900,000-letter word is read and counted: exited ${interrupted.interruptedAfterMs?.toFixed(0) ?? '?'} ms later (code ${interrupted.code})`,
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Profiles for a run beside measured streams whose every trial answers a
 * 200,000-letter word: `count` of them, each starting a trial every `everyMs`
 * (0: back to back).
 */
export function longWordProfiles(server: HostileServer, count: number, everyMs: number): Profile[] {
  return Array.from({ length: count }, (_, i) =>
    benchProfile(`long-word-${i + 1}`, server.baseUrl, 'long-word:200000', {
      defaults: everyMs > 0 ? { max_rpm: Math.round(60_000 / everyMs) } : {},
    }),
  );
}
