// What a reader feels, through the command line: a run stores the reader
// metrics at the pace in force (the setting, or --reader-pace), `show` and
// `export` recompute them for another pace without a new run, and a run file
// written before they existed imports with them computed from its timelines.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/main/sim';
import { openStore } from '../../src/main/store';
import type { Comparison } from '../../src/shared/comparisons';
import { verdictWords } from '../../src/main/cli/comparison-text';
import { csvNumber } from '../../src/main/export';
import { readerMetrics } from '../../src/shared/reader';
import type { RunRecord, StoredTrial } from '../../src/shared/run';
import { cliInProcess } from '../support/cli-in-process';

interface Shown {
  run: RunRecord;
  trials: StoredTrial[];
  comparisons: { mode: string; metric: string; diff_ms: number }[];
}

let dir: string;
let db: string;
let runId: string;

async function ok(database: string, argv: string[]): Promise<string> {
  const run = await cliInProcess([...argv, '--db', database]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

const show = async (database: string, extra: string[] = []): Promise<Shown> =>
  JSON.parse(await ok(database, ['show', runId, '--json', ...extra])) as Shown;

const ok_ = (trials: readonly StoredTrial[]) => trials.filter((t) => t.trial.status === 'ok');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-reader-pace-'));
  db = join(dir, 'history.db');
  const out = await ok(db, [
    'run',
    '--profiles',
    'demo',
    '--trials',
    '3',
    '--max-tokens',
    '24',
    '--json',
  ]);
  runId = (JSON.parse(out) as { run_id: string }).run_id;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reader metrics from the command line', () => {
  it('are stored with each trial at the default pace, as the timeline gives them', async () => {
    const shown = await show(db);
    expect(ok_(shown.trials).length).toBe(6);
    for (const { trial } of shown.trials) {
      expect(trial).toMatchObject({ reader_pace_tps: 8, ...readerMetrics(trial, 8) });
    }
    expect(shown.comparisons.some((c) => c.metric === 'reader_done_ms')).toBe(true);
  });

  it('show --reader-pace recomputes them as the formula says, without a new run', async () => {
    const slow = await show(db, ['--reader-pace', '2']);
    const stored = await show(db);
    expect(slow.run).toEqual(stored.run);
    for (const { trial } of ok_(slow.trials)) {
      const content = trial.tokens - trial.reasoning_tokens;
      expect(trial.reader_pace_tps).toBe(2);
      if (trial.mode === 'plain') {
        // The whole answer at total_ms, then 500 ms a token.
        expect(trial.reader_done_ms).toBeCloseTo((trial.total_ms as number) + content * 500, 6);
        expect(trial.reader_wait_ms).toBe(trial.total_ms);
        expect(trial.reader_stall_ms).toBeNull();
      } else {
        // The simulator streams far faster than 2 tokens/s: the reader never waits after
        // the first token, so they finish content × 500 ms after it.
        expect(trial.reader_done_ms).toBeCloseTo((trial.ttfo_ms as number) + content * 500, 6);
        expect(trial.reader_wait_ms).toBeCloseTo(trial.ttfo_ms as number, 6);
        expect(trial.reader_stall_ms).toBeCloseTo(0, 6);
      }
    }
    // Nothing was written: the history still has the figures of the run as measured.
    expect(await show(db)).toEqual(stored);

    const report = await ok(db, ['show', runId, '--reader-pace', '2']);
    expect(report).toContain('reader done (2 tok/s)');
    expect(report).toMatch(
      /a reader at 2 tok\/s finishes at [\d.]+ (ms|s) streaming, [\d.]+ (ms|s) without; waits [\d.]+ (ms|s) for text/,
    );
    expect(await ok(db, ['show', runId])).toContain('reader done (8 tok/s)');

    const refused = await cliInProcess(['show', runId, '--reader-pace', '0', '--db', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /--reader-pace is tokens per second, from 0.5 to 1000; got "?0"?/,
    );
  });

  it('export --reader-pace writes the CSV at that pace; a run file keeps what was measured', async () => {
    const csv = await ok(db, [
      'export',
      runId,
      '--kind',
      'trials',
      '--out',
      '-',
      '--reader-pace',
      '2',
    ]);
    const [header, ...rows] = csv
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => (header ?? []).indexOf(name);
    const slow = await show(db, ['--reader-pace', '2']);
    expect(rows.map((r) => r[column('reader_pace_tps')])).toEqual(slow.trials.map(() => '2'));
    expect(rows.map((r) => Number(r[column('reader_done_ms')] || NaN))).toEqual(
      slow.trials.map((t) => csvNumber('reader_done_ms', t.trial.reader_done_ms ?? NaN) ?? NaN),
    );
    const refused = await cliInProcess([
      'export',
      runId,
      '--kind',
      'json',
      '--out',
      join(dir, 'x.json'),
      '--reader-pace',
      '2',
      '--db',
      db,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--reader-pace is for CSV');
  });

  it('run --reader-pace stores the trials at that pace, and the setting is used otherwise', async () => {
    const other = join(dir, 'paced.db');
    // The app's setting, in the history file the CLI shares.
    const store = openStore(other);
    store.settings.write({ reader_pace_tps: 5 });
    store.close();
    const measure = async (extra: string[]) =>
      (
        JSON.parse(
          await ok(other, [
            'run',
            '--profiles',
            'demo',
            '--trials',
            '1',
            '--max-tokens',
            '12',
            '--json',
            ...extra,
          ]),
        ) as { run_id: string }
      ).run_id;
    const bySetting = await measure([]);
    const byFlag = await measure(['--reader-pace', '12.5']);
    const paceOf = async (id: string) =>
      (JSON.parse(await ok(other, ['show', id, '--json'])) as Shown).trials.map(
        (t) => t.trial.reader_pace_tps,
      );
    expect(await paceOf(bySetting)).toEqual([5, 5]);
    expect(await paceOf(byFlag)).toEqual([12.5, 12.5]);
    const flagged = JSON.parse(await ok(other, ['show', byFlag, '--json'])) as Shown;
    for (const { trial } of flagged.trials) expect(trial).toMatchObject(readerMetrics(trial, 12.5));
    expect(flagged.run.config.limits.reader_pace_tps).toBe(12.5);
  }, 60_000);

  it('probe --json carries them, at --reader-pace when given', async () => {
    const sim = await startSimulator({ port: 0 });
    try {
      const probe = async (extra: string[]) => {
        const run = await cliInProcess([
          'probe',
          '--base-url',
          `${sim.url}/v1`,
          '--model',
          'sim-steady:ttft=20,gap=30,tokens=10',
          '--trials',
          '2',
          '--json',
          ...extra,
        ]);
        expect(run.code, run.stderr).toBe(0);
        return (JSON.parse(run.stdout) as { trials: StoredTrial['trial'][] }).trials;
      };
      for (const trial of await probe([])) {
        expect(trial).toMatchObject({ reader_pace_tps: 8, ...readerMetrics(trial, 8) });
      }
      // At 50 tokens/s (20 ms a token) this stream (a token every 30 ms) is the slower:
      // the reader waits between tokens (about 9 × 10 ms), never longer than the stream took.
      const fast = await probe(['--reader-pace', '50']);
      for (const trial of fast) {
        expect(trial).toMatchObject({ reader_pace_tps: 50, ...readerMetrics(trial, 50) });
      }
      const streamed = fast.filter((t) => t.mode === 'stream' && t.status === 'ok');
      expect(streamed.length).toBe(2);
      for (const trial of streamed) {
        expect(trial.reader_stall_ms).toBeGreaterThan(0);
        expect(trial.reader_stall_ms).toBeLessThanOrEqual(
          (trial.last_token_ms as number) - (trial.ttfo_ms as number),
        );
      }
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('imports a run file from before the reader metrics: computed from the timelines, show as the original', async () => {
    const file = join(dir, 'run.json');
    await ok(db, ['export', runId, '--kind', 'json', '--out', file]);
    const document = JSON.parse(readFileSync(file, 'utf8')) as {
      run: { config: { limits: Record<string, unknown> } };
      trials: { trial: Record<string, unknown> }[];
    };
    delete document.run.config.limits['reader_pace_tps'];
    for (const { trial } of document.trials) {
      for (const field of [
        'reader_pace_tps',
        'reader_done_ms',
        'reader_wait_ms',
        'reader_stall_ms',
      ]) {
        expect(trial).toHaveProperty(field);
        delete trial[field];
      }
    }
    const older = join(dir, 'before-reader.json');
    writeFileSync(older, JSON.stringify(document));
    const elsewhere = join(dir, 'elsewhere.db');
    await ok(elsewhere, ['import', older]);
    const imported = await show(elsewhere);
    const original = await show(db);
    expect(imported.trials).toEqual(original.trials);
    expect(imported.comparisons).toEqual(original.comparisons);
  });
});

describe("the text report's A-vs-B rows", () => {
  it('are at the pace the run was measured at, or the one show asks for, as show --json says', async () => {
    const sim = await startSimulator({ port: 0 });
    const database = join(dir, 'pairs.db');
    try {
      const added = await ok(database, [
        'profile',
        'add',
        '--name',
        'steady',
        '--base-url',
        `${sim.url}/v1`,
        '--model',
        'sim-steady:tokens=24,gap=15,ttft=60',
        '--json',
      ]);
      const steady = (JSON.parse(added) as { id: string }).id;
      const args = ['--profiles', `demo,${steady}`, '--trials', '3', '--max-tokens', '24'];
      const measured = await cliInProcess(['run', ...args, '--reader-pace', '5', '--db', database]);
      expect(measured.code, measured.stderr).toBe(0);
      const text = measured.stdout;
      const id = /lasttoken show ([0-9a-f-]{36})/.exec(measured.stderr)?.[1] ?? '';
      const rowsOf = (report: string) =>
        report.split('\n').filter((line) => line.includes('reader finish ('));
      const expected = async (extra: readonly string[], pace: number) => {
        const shown = JSON.parse(await ok(database, ['show', id, '--json', ...extra])) as Omit<
          Shown,
          'comparisons'
        > & { comparisons: Comparison[] };
        const name = (p: string) => shown.run.profiles.find((q) => q.id === p)?.name ?? p;
        return shown.comparisons
          .filter((c) => c.metric === 'reader_done_ms' && c.mode !== 'stream_vs_plain')
          .map((c) => {
            const what = `reader finish (${pace} tok/s)`;
            return `${name(c.profile_b)} vs ${name(c.profile_a)}, ${what}: ${verdictWords(c, name(c.profile_a), name(c.profile_b), what)}`;
          });
      };
      for (const [report, extra, pace] of [
        [text, [], 5],
        [await ok(database, ['show', id]), [], 5],
        [await ok(database, ['show', id, '--reader-pace', '12']), ['--reader-pace', '12'], 12],
      ] as const) {
        const rows = rowsOf(report);
        const sentences = await expected(extra, pace);
        expect(rows.length, report).toBe(sentences.length);
        expect(sentences.length).toBeGreaterThan(0);
        for (const sentence of sentences)
          expect(
            rows.some((row) => row.endsWith(sentence)),
            sentence,
          ).toBe(true);
      }
    } finally {
      await sim.close();
    }
  }, 60_000);
});
