import { describe as group, expect, it } from 'vitest';
import { headlineFirstTokenMetric, metricLabel, summarize } from '../../src/shared/summary';
import { MODES, SUMMARY_METRICS, type Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

const plainOk = (total_ms: number): Trial =>
  makePlainTrial({ first_byte_ms: total_ms - 10, total_ms });

group('summarize', () => {
  // Plain trials first and statuses interleaved: the output order must not follow the input.
  const trials: Trial[] = [
    plainOk(900),
    makeTrial({ status: 'idle_timeout', total_ms: 30_000, ttft_ms: 250 }),
    makeTrial({ total_ms: 500 }),
    makeTrial({ status: 'http_error', http_status: 429, total_ms: 40, ttft_ms: null }),
    plainOk(1100),
    makeTrial({ total_ms: 700 }),
    makeTrial({ mode: 'plain', status: 'deadline', total_ms: 60_000 }),
    makeTrial({ status: 'http_error', http_status: 503, total_ms: 30, ttft_ms: null }),
    // An ok trial with a single chunk has no gaps: its gap metrics are null.
    makeTrial({ total_ms: 600, gap_median_ms: null, gap_p95_ms: null, gap_max_ms: null }),
  ];
  const [stream, plain] = summarize('openrouter/free', trials);

  it('gives one summary per mode present, stream then plain', () => {
    expect(summarize('x', trials).map((s) => s.mode)).toEqual(['stream', 'plain']);
    expect(stream?.endpoint).toBe('openrouter/free');
    expect(plain?.endpoint).toBe('openrouter/free');
  });

  it('counts all trials, ok ones, and each failure status', () => {
    expect(stream).toMatchObject({
      trials: 6,
      ok: 3,
      failures: { http_error: 2, idle_timeout: 1 },
    });
    expect(plain).toMatchObject({ trials: 3, ok: 2, failures: { deadline: 1 } });
    expect(Object.keys(plain?.failures ?? {})).toEqual(['deadline']);
  });

  it('lists failures in the canonical status order, whatever the input order', () => {
    expect(Object.keys(stream?.failures ?? {})).toEqual(['http_error', 'idle_timeout']);
  });

  it('computes metrics over ok trials only', () => {
    // The idle timeout's 30 s and the http errors' 30–40 ms would drag these around.
    expect(stream?.metrics.total_ms).toMatchObject({ n: 3, median: 600, min: 500, max: 700 });
    expect(plain?.metrics.total_ms).toMatchObject({ n: 2, median: 1000, min: 900, max: 1100 });
    expect(stream?.metrics.ttft_ms).toMatchObject({ n: 3, min: 200, max: 200 });
  });

  it('gives each metric its own n and omits metrics nobody measured', () => {
    expect(stream?.metrics.gap_median_ms?.n).toBe(2);
    expect(plain?.metrics.ttft_ms).toBeUndefined();
    expect(plain?.metrics.gap_p95_ms).toBeUndefined();
    expect(plain?.metrics.first_byte_ms).toMatchObject({ n: 2, median: 990 });
    for (const metric of SUMMARY_METRICS) expect(stream?.metrics[metric]).toBeDefined();
  });

  it('has no metrics when no trial was ok', () => {
    const [only] = summarize('down', [
      makeTrial({ status: 'connect_timeout' }),
      makeTrial({ status: 'network_error' }),
      makeTrial({ status: 'connect_timeout' }),
    ]);
    expect(only).toEqual({
      endpoint: 'down',
      mode: 'stream',
      trials: 3,
      ok: 0,
      failures: { connect_timeout: 2, network_error: 1 },
      metrics: {},
    });
  });

  it('omits absent modes and returns nothing for no trials', () => {
    expect(summarize('p', [plainOk(100)]).map((s) => s.mode)).toEqual(['plain']);
    expect(summarize('none', [])).toEqual([]);
  });

  it('has an empty failures object when every trial is ok', () => {
    expect(summarize('fine', [makeTrial(), makeTrial()])[0]?.failures).toEqual({});
  });
});

group('labels', () => {
  it('headlines TTFT for stream and TTFB for plain mode', () => {
    expect(headlineFirstTokenMetric('stream')).toBe('ttft_ms');
    expect(headlineFirstTokenMetric('plain')).toBe('first_byte_ms');
    expect(metricLabel(headlineFirstTokenMetric('stream'), 'stream')).toBe('TTFT');
    expect(metricLabel(headlineFirstTokenMetric('plain'), 'plain')).toBe('TTFB');
  });

  it('uses the short names of the tables', () => {
    expect(metricLabel('total_ms', 'stream')).toBe('total');
    expect(metricLabel('gap_median_ms', 'stream')).toBe('median gap');
    expect(metricLabel('gap_p95_ms', 'stream')).toBe('p95 gap');
    expect(metricLabel('tokens_per_chunk_mean', 'stream')).toBe('tokens/chunk');
    expect(metricLabel('e2e_tps', 'plain')).toBe('tokens/s');
  });

  it('gives every metric a distinct, non-empty label in each mode', () => {
    for (const mode of MODES) {
      const labels = SUMMARY_METRICS.map((metric) => metricLabel(metric, mode));
      for (const label of labels) expect(label.length).toBeGreaterThan(0);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});
