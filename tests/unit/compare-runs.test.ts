// Two runs side by side, as data: what is compared, B − A, and how far it can be read.

import { describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import { describe as distribution } from '../../src/shared/stats';
import type { Trial } from '../../src/shared/trial';
import {
  compareRuns,
  configDifferences,
  readDifference,
  signedText,
} from '../../src/renderer/src/pages/history/compare-runs';
import { runRecord, snapshot } from '../support/store-fixtures';
import { runViewOf } from './run-view-fixture';
import { makeTrial } from './trial-fixture';

function trials(ttfts: readonly number[], overrides: Partial<Trial> = {}): Trial[] {
  return ttfts.map((ttft_ms) => makeTrial({ ttft_ms, total_ms: ttft_ms + 300, ...overrides }));
}

function view(
  id: string,
  profiles: ReturnType<typeof snapshot>[],
  byProfile: Record<string, Trial[]>,
  config: Partial<RunView['run']['config']> = {},
): RunView {
  const record = runRecord(id, profiles, { status: 'completed' });
  return runViewOf({ ...record, config: { ...record.config, ...config } }, byProfile);
}

const fast = snapshot('fast', { name: 'Fast', model: 'm-1' });
const slow = snapshot('slow', { name: 'Slow', model: 'm-2' });
const gone = snapshot('gone', { name: 'Gone', model: 'm-3' });

describe('reading a difference', () => {
  const figure = (median: number, ci95: [number, number] | null, n = 5) => ({ median, ci95, n });

  it('says "within noise" when the intervals overlap', () => {
    expect(readDifference(figure(100, [90, 110]), figure(105, [100, 112]))).toBe('within_noise');
  });

  it('says which is lower only when the intervals are apart', () => {
    expect(readDifference(figure(100, [90, 110]), figure(150, [140, 160]))).toBe('b_higher');
    expect(readDifference(figure(150, [140, 160]), figure(100, [90, 110]))).toBe('b_lower');
  });

  it('claims nothing with n < 2 or a side missing', () => {
    expect(readDifference(figure(100, null, 1), figure(300, [290, 310]))).toBe('too_few');
    expect(readDifference(null, figure(300, [290, 310]))).toBe('missing');
  });
});

describe('comparing two runs', () => {
  const a = view(
    'a',
    [fast, slow, gone],
    {
      fast: [...trials([100, 102, 104, 106, 108]), ...trials([400, 410, 420], { mode: 'plain' })],
      slow: trials([500, 505, 510, 515, 520]),
    },
    { modes: ['stream', 'plain'] },
  );
  const b = view(
    'b',
    [{ ...fast, model: 'm-1b' }, slow, snapshot('new', { name: 'New' })],
    {
      fast: trials([200, 202, 204, 206, 208]),
      slow: trials([508]),
    },
    { modes: ['stream'], prompt: 'Something else' },
  );
  const result = compareRuns(a, b);

  it('has a row per shared profile and mode of either run', () => {
    expect(result.rows.map((r) => `${r.profile_id}/${r.mode}`)).toEqual([
      'fast/stream',
      'fast/plain',
      'slow/stream',
      'slow/plain',
    ]);
  });

  it('lists the profiles of one run only', () => {
    expect(result.onlyInA.map((p) => p.id)).toEqual(['gone']);
    expect(result.onlyInB.map((p) => p.id)).toEqual(['new']);
  });

  it('puts A and B side by side with B − A, and reads apart intervals', () => {
    const [fastStream] = result.rows;
    const ttft = fastStream?.metrics.find((m) => m.metric === 'ttft_ms');
    expect(ttft?.a?.median).toBe(104);
    expect(ttft?.b?.median).toBe(204);
    expect(ttft?.difference).toBe(100);
    expect(ttft?.relative).toBeCloseTo(100 / 104);
    expect(ttft?.reading).toBe('b_higher');
    expect(ttft?.a?.ci95).toEqual(distribution([100, 102, 104, 106, 108])?.median_ci95);
    expect(fastStream?.metrics.map((m) => m.metric)).toEqual([
      'ttft_ms',
      'gap_median_ms',
      'total_ms',
      'e2e_tps',
    ]);
    expect(fastStream?.a.model).toBe('m-1');
    expect(fastStream?.b.model).toBe('m-1b');
  });

  it('compares TTFB, not TTFT, in plain mode, and marks a mode one run lacks', () => {
    const fastPlain = result.rows[1];
    expect(fastPlain?.metrics.map((m) => m.metric)).toEqual([
      'first_byte_ms',
      'total_ms',
      'e2e_tps',
    ]);
    expect(fastPlain?.a.counts).toEqual({ trials: 3, ok: 3 });
    expect(fastPlain?.b.counts).toBeNull();
    expect(fastPlain?.metrics.every((m) => m.reading === 'missing')).toBe(true);
  });

  it('reads a single trial as too few', () => {
    const slowStream = result.rows[2];
    expect(slowStream?.metrics[0]?.reading).toBe('too_few');
    expect(slowStream?.metrics[0]?.difference).toBe(508 - 510);
  });

  it('names the config fields that differ', () => {
    expect(result.differences).toEqual(['prompt', 'modes']);
    expect(configDifferences(a.run.config, a.run.config)).toEqual([]);
  });
});

describe('a signed difference', () => {
  const ms = (v: number): string => `${v.toFixed(1)} ms`;

  it('carries its sign, with a true minus', () => {
    expect(signedText(12.34, ms)).toBe('+12.3 ms');
    expect(signedText(-3.14, ms)).toBe('\u22123.1 ms');
  });

  it('reads a difference that rounds to nothing as zero, without a sign', () => {
    expect(signedText(-0.01, ms)).toBe('0.0 ms');
    expect(signedText(0.04, ms)).toBe('0.0 ms');
  });
});
