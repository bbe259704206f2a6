// A run's charts as the results page and the report both draw them, as data:
// from main's chart data and digest of real trials, in the app's English
// words (a real i18next over the locale files), no DOM.

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCharts } from '../../src/main/charts/run-charts';
import type { RunComparison, RunView, TrendSeries } from '../../src/shared/api';
import { makeFormatters, type Translate } from '../../src/shared/i18n/format';
import { resources } from '../../src/shared/i18n/resources';
import type { ChartSpec } from '../../src/shared/results/chart-spec';
import { boxesChart, offeredBoxComparisons } from '../../src/shared/results/charts/boxes';
import { chunksChart } from '../../src/shared/results/charts/chunks';
import {
  differencesChart,
  offeredDifferenceFigures,
  verdictText,
} from '../../src/shared/results/charts/differences';
import { runChartSpecs } from '../../src/shared/results/charts/index';
import { phasesChart } from '../../src/shared/results/charts/phases';
import { prefillChart, prefillSeries } from '../../src/shared/results/charts/prefill';
import {
  offeredRunPairFigures,
  runPairChart,
  runPairDifferenceChart,
} from '../../src/shared/results/charts/run-pair';
import { timelineChart } from '../../src/shared/results/charts/timeline';
import { trendChart } from '../../src/shared/results/charts/trend';
import { runProfiles } from '../../src/shared/results/run-profiles';
import type { Words } from '../../src/shared/results/words';
import { DEFAULT_READER_PACE_TPS } from '../../src/shared/reader';
import { runDigest } from '../../src/shared/run-digest';
import { compareRunPair } from '../../src/shared/run-pair';
import type { RunRecord, StoredTrial } from '../../src/shared/run';
import type { Mode, Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';
import { theme, XSS } from './chart-fixtures';
import { makePlainTrial, makeTrial } from './trial-fixture';

let words: Words;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: 'en', interpolation: { escapeValue: false } });
  const t: Translate = instance.t.bind(instance);
  words = { t, format: makeFormatters(t, 'en') };
});

/** A run of these modes whose profiles are named as their ids. */
function record(ids: readonly string[], modes: Mode[], id = 'r1'): RunRecord {
  const run = runRecord(
    id,
    ids.map((profile) => snapshot(profile, { name: profile })),
  );
  return { ...run, config: { ...run.config, modes } };
}

/** Each profile's warm-ups (index 0, as the planner numbers them), then its trials numbered from 1 in each mode. */
function stored(
  run: RunRecord,
  byProfile: Record<string, readonly Trial[]>,
  warmups: Record<string, readonly Trial[]> = {},
): StoredTrial[] {
  const of = (profile_id: string, trial_index: number, warmup: boolean, trial: Trial) => ({
    run_id: run.id,
    profile_id,
    trial_index,
    warmup,
    trial,
  });
  return Object.entries(byProfile).flatMap(([profile_id, list]) => {
    const next = { stream: 0, plain: 0 };
    return [
      ...(warmups[profile_id] ?? []).map((trial) => of(profile_id, 0, true, trial)),
      ...list.map((trial) => of(profile_id, ++next[trial.mode], false, trial)),
    ];
  });
}

/** What the results page receives of a run: its view (historyRun) and its chart data (chartsRun). */
function resultsOf(
  run: RunRecord,
  byProfile: Record<string, readonly Trial[]>,
  warmups: Record<string, readonly Trial[]> = {},
) {
  const trials = stored(run, byProfile, warmups);
  const view: RunView = { run, ...runDigest(run.profiles, trials, DEFAULT_READER_PACE_TPS) };
  const charts = runCharts({ run, trials, summaries: view.summaries });
  const profiles = runProfiles(run, words.t);
  return { view, charts, profiles };
}

/** Stream trials whose first token and total are `base` later than the fixture's, one per jitter. */
const streams = (base: number, jitter: readonly number[]): Trial[] =>
  jitter.map((j) =>
    makeTrial({ ttft_ms: 200 + base + j, first_byte_ms: 160 + base + j, total_ms: 520 + base + j }),
  );
const plains = (base: number, jitter: readonly number[]): Trial[] =>
  jitter.map((j) => makePlainTrial({ first_byte_ms: 510 + base + j, total_ms: 520 + base + j }));

const JITTER = [0, 3, 1, 4, 2];

const ids = (specs: readonly (ChartSpec | null)[]): (string | undefined)[] =>
  specs.map((spec) => spec?.id);

type Series = { type: string; name?: string };
const seriesOf = (spec: ChartSpec | null): Series[] => (spec?.option.series ?? []) as Series[];

describe("a run's charts, as the results page offers them", () => {
  const both = () =>
    resultsOf(record(['alpha', 'beta'], ['stream', 'plain']), {
      alpha: [...streams(0, JITTER), ...plains(0, JITTER)],
      beta: [...streams(300, JITTER), ...plains(300, JITTER)],
    });

  it('lists every chart and every view of it in the page’s order, each id once', () => {
    const { view, charts, profiles } = both();
    const specs = runChartSpecs(view, charts, profiles, words, theme, 900);
    expect(ids(specs)).toEqual([
      'phases',
      'boxes-first',
      'boxes-gap',
      'boxes-total',
      'differences-first',
      'differences-gap',
      'differences-total',
      'differences-reader',
      'timeline-stream',
      'timeline-plain',
      'chunks-tokens',
      'chunks-chars',
    ]);
    expect(specs.map((spec) => spec.title)).toEqual([
      'Where the time went',
      ...Array<string>(3).fill('Profiles compared'),
      ...Array<string>(4).fill('A against B'),
      'Token arrivals',
      'Token arrivals',
      'Chunk sizes',
      'Chunk sizes',
    ]);
    for (const spec of specs) {
      expect(spec.description.length, spec.id).toBeGreaterThan(0);
      expect(spec.height, spec.id).toBeGreaterThan(0);
    }
  });

  it('leaves out what a plain-only run of one profile cannot show: gaps, A against B, chunks', () => {
    const { view, charts, profiles } = resultsOf(record(['alpha'], ['plain']), {
      alpha: plains(0, JITTER),
    });
    expect(ids(runChartSpecs(view, charts, profiles, words, theme, null))).toEqual([
      'phases',
      'boxes-first',
      'boxes-total',
      'timeline-plain',
    ]);
  });

  it('has no chart at all for a run whose every trial failed before its first byte', () => {
    const failed = makeTrial({
      status: 'http_error',
      http_status: 503,
      headers_ms: null,
      first_byte_ms: null,
      ttft_ms: null,
      total_ms: null,
      tokens: 0,
      timeline: { t0_mono_ms: 0, chunks: [], pings: [] },
    });
    const { view, charts, profiles } = resultsOf(record(['alpha', 'beta'], ['stream']), {
      alpha: [failed, failed],
      beta: [failed],
    });
    expect(runChartSpecs(view, charts, profiles, words, theme, null)).toEqual([]);
  });

  it('begins with the prefill chart for a run that swept input lengths', () => {
    const sweep = [100, 100, 2000, 2000].map((tokens, k) =>
      makeTrial({
        input_tokens: tokens,
        usage_prompt_tokens: tokens,
        ttft_ms: 200 + tokens / 10 + k,
      }),
    );
    const { view, charts, profiles } = resultsOf(record(['alpha'], ['stream']), { alpha: sweep });
    const specs = runChartSpecs(view, charts, profiles, words, theme, null);
    expect(ids(specs).slice(0, 2)).toEqual(['prefill', 'phases']);
    expect(specs[0]?.title).toBe('Time to the first token by prompt tokens');
  });
});

describe('each chart kind', () => {
  const run = () =>
    resultsOf(record(['alpha', XSS], ['stream', 'plain']), {
      alpha: [...streams(0, JITTER), ...plains(0, JITTER)],
      [XSS]: streams(300, JITTER),
    });

  it('stacks a bar per profile × mode with ok trials, a row of height each', () => {
    const { charts, profiles } = run();
    const spec = phasesChart(charts.phase_medians, profiles, words, theme);
    // The second profile ran no plain trial: three bars.
    expect(spec?.height).toBe(110 + 44 * 3);
    expect(spec?.description).toHaveLength(1);
    expect(phasesChart([], profiles, words, theme)).toBeNull();
  });

  it('draws the boxes of one comparison, its own words first, and offers only what was measured', () => {
    const { charts, profiles } = run();
    expect(offeredBoxComparisons(charts.boxes, profiles)).toEqual(['first', 'gap', 'total']);
    const gap = boxesChart(charts.boxes, 'gap', profiles, words, theme, 900);
    expect(gap?.id).toBe('boxes-gap');
    expect(gap?.height).toBe(340);
    expect(gap?.description).toHaveLength(2);
    expect(gap?.description[1]).toMatch(/^Each box spans the middle half/);
    // Gaps are of streams only: one boxplot series, a dot series per box.
    expect(seriesOf(gap).map((s) => s.type)).toEqual(['boxplot', 'scatter', 'scatter']);
    const plainOnly = charts.boxes.filter((b) => b.mode === 'plain');
    expect(offeredBoxComparisons(plainOnly, profiles)).toEqual(['first', 'total']);
    expect(boxesChart(plainOnly, 'gap', profiles, words, theme, null)).toBeNull();
  });

  it('fits the box labels to the width it is given', () => {
    const { charts, profiles } = run();
    const label = (width: number | null) =>
      (
        boxesChart(charts.boxes, 'first', profiles, words, theme, width)?.option.xAxis as {
          axisLabel?: { rotate: number };
        }[]
      )[0]?.axisLabel?.rotate;
    expect(label(null)).toBe(0);
    expect(label(100)).toBeGreaterThan(0);
  });

  it('draws A against B a row per comparison of the figure, and offers the figures compared', () => {
    const { view, profiles } = run();
    expect(offeredDifferenceFigures(view.comparisons)).toEqual(['first', 'gap', 'total', 'reader']);
    const total = differencesChart(view.comparisons, 'total', profiles, words, theme);
    const rows = view.comparisons.filter((c) => c.metric === 'total_ms');
    expect(total?.id).toBe('differences-total');
    expect(total?.height).toBe(70 + 40 * rows.length);
    expect(differencesChart([], 'total', profiles, words, theme)).toBeNull();
  });

  it('says which side is lower, by how much, on how many rounds', () => {
    const { view } = run();
    const pair = view.comparisons.find((c) => c.metric === 'total_ms' && c.mode === 'stream');
    if (!pair) throw new Error('no stream total comparison');
    const text = verdictText(pair, 'alpha', 'beta', words);
    expect(text).toContain('alpha');
    expect(text).toContain('300 ms');
    expect(text).toContain('5 pairs');
  });

  it('draws a line per trial of the mode, warm-ups only when asked for', () => {
    const { charts, profiles } = resultsOf(
      record(['alpha'], ['stream']),
      { alpha: streams(0, JITTER) },
      { alpha: [makeTrial()] },
    );
    const lines = (spec: ChartSpec | null) => seriesOf(spec).filter((s) => s.type === 'line');
    const choice = { mode: 'stream', warmups: false, every: 1 } as const;
    const counted = timelineChart(charts.arrivals, choice, profiles, words, theme);
    expect(counted?.id).toBe('timeline-stream');
    expect(counted?.height).toBe(420);
    expect(counted?.description).toHaveLength(1);
    expect(lines(counted)).toHaveLength(JITTER.length);
    const all = timelineChart(
      charts.arrivals,
      { ...choice, warmups: true },
      profiles,
      words,
      theme,
    );
    expect(lines(all)).toHaveLength(JITTER.length + 1);
    expect(
      timelineChart(charts.arrivals, { ...choice, mode: 'plain' }, profiles, words, theme),
    ).toBeNull();
  });

  it('says when the lines are a sample of the rounds, and when they were thinned', () => {
    const { charts, profiles } = run();
    const long = charts.arrivals.map((a, k) =>
      k === 0
        ? {
            ...a,
            points: Array.from({ length: 30_000 }, (_, i): [number, number] => [i + 1, i + 1]),
          }
        : a,
    );
    const spec = timelineChart(
      long,
      { mode: 'stream', warmups: false, every: 3 },
      profiles,
      words,
      theme,
    );
    expect(spec?.description.slice(1)).toEqual([
      expect.stringContaining('one round in 3 is drawn'),
      // Ten lines share the budget of 24,000 points.
      expect.stringContaining('at most 2,400 of its points'),
    ]);
  });

  it('draws the chunk sizes in tokens or in characters, a series per profile', () => {
    const { charts, profiles } = run();
    for (const unit of ['tokens', 'chars'] as const) {
      const spec = chunksChart(charts.histograms, unit, profiles, words, theme);
      expect(spec?.id).toBe(`chunks-${unit}`);
      expect(seriesOf(spec).filter((s) => s.type === 'bar')).toHaveLength(2);
    }
    const none = charts.histograms.map((h) => ({ ...h, chunks: 0 }));
    expect(chunksChart(none, 'tokens', profiles, words, theme)).toBeNull();
  });

  it('has a prefill chart only for a run with fits', () => {
    const { view, profiles } = run();
    expect(prefillSeries(view.prefill, profiles)).toEqual([]);
    expect(prefillChart(view.prefill, profiles, words, theme)).toBeNull();
  });
});

describe("a profile's trend", () => {
  const point = (run_id: string, started_at: string, median: number) => ({
    run_id,
    started_at,
    label: null,
    trials: 5,
    ok: 5,
    first: { n: 5, median, p95: median + 20 },
    gap_median: null,
    total: { n: 5, median: median + 300, p95: median + 350 },
  });
  const series: TrendSeries[] = [
    {
      model: 'sim-steady',
      mode: 'stream',
      series_id: null,
      label: null,
      points: [
        point('r1', '2026-03-01T10:00:00.000Z', 200),
        point('r2', '2026-03-02T10:00:00.000Z', 210),
      ],
    },
    {
      model: 'sim-steady',
      mode: 'plain',
      series_id: null,
      label: null,
      points: [point('r2', '2026-03-02T10:00:00.000Z', 500)],
    },
  ];
  const profile = { name: XSS, color: 2 };

  it('is titled by its profile, counts its runs, and says when filters narrowed it', () => {
    const spec = trendChart(series, { profile, filtered: false }, words, 'en', theme);
    expect(spec?.id).toBe('trend');
    expect(spec?.title).toBe(`Trend of ${XSS}`);
    expect(spec?.description[0]).toMatch(/^2 runs/);
    expect(spec?.description).toHaveLength(2);
    const filtered = trendChart(series, { profile, filtered: true }, words, 'en', theme);
    expect(filtered?.description).toHaveLength(3);
    expect(trendChart([], { profile, filtered: true }, words, 'en', theme)).toBeNull();
  });
});

describe('two runs compared', () => {
  function pair(): RunComparison {
    const trialsA = { alpha: streams(0, JITTER), beta: streams(100, JITTER) };
    const trialsB = { alpha: streams(200, JITTER), gamma: streams(0, JITTER) };
    const runA = record(['alpha', 'beta'], ['stream'], 'ra');
    const runB = record(['alpha', 'gamma'], ['stream'], 'rb');
    const side = (run: RunRecord, byProfile: Record<string, readonly Trial[]>) => ({
      profile_ids: run.profiles.map((p) => p.id),
      trials: stored(run, byProfile),
    });
    return {
      a: resultsOf(runA, trialsA).view,
      b: resultsOf(runB, trialsB).view,
      differences: compareRunPair(side(runA, trialsA), side(runB, trialsB)),
    };
  }

  it('draws each run’s figure side by side for the profiles both ran', () => {
    const comparison = pair();
    expect(offeredRunPairFigures(comparison)).toEqual(['first', 'gap', 'total']);
    const sides = runPairChart(comparison, 'total', words, theme);
    expect(sides?.id).toBe('run-pair-total');
    expect(sides?.title).toBe("Each run's median");
    // Only alpha is in both runs: one series, its bars A and B.
    expect(seriesOf(sides).filter((s) => s.type === 'bar')).toHaveLength(1);
  });

  it('draws B − A of the figure, as main compared the runs', () => {
    const comparison = pair();
    const difference = runPairDifferenceChart(comparison, 'total', words, theme);
    expect(difference?.id).toBe('run-pair-difference-total');
    expect(difference?.height).toBe(70 + 40);
    const none = runPairDifferenceChart({ ...comparison, differences: [] }, 'total', words, theme);
    expect(none).toBeNull();
  });

  it('offers nothing when the runs share no profile', () => {
    const { a, b } = pair();
    const apart: RunComparison = {
      a,
      b: { ...b, run: { ...b.run, profiles: b.run.profiles.filter((p) => p.id !== 'alpha') } },
      differences: [],
    };
    expect(offeredRunPairFigures(apart)).toEqual([]);
    expect(runPairChart(apart, 'total', words, theme)).toBeNull();
  });
});
