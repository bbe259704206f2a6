// CSV export: every kind round-trips through a real CSV parser (csv-parse) with
// the same values back, headers are the DESIGN.md names, formula-like text is
// neutralised while numbers stay numbers, and the bytes follow RFC 4180 (CRLF,
// quoting) with an optional UTF-8 BOM.

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  csvNumber,
  exportCsv,
  exportCsvStream,
  formatFailures,
  summariesByProfile,
  type CsvKind,
} from '../../src/main/export';
import {
  DEFAULT_REQUEST_SHAPE,
  type ProfileSnapshot,
  type RunRecord,
  type StoredTrial,
} from '../../src/shared/run';
import { quantile } from '../../src/shared/stats';
import type { Comparison } from '../../src/shared/comparisons';
import { summarize, type ModeSummary } from '../../src/shared/summary';
import { SUMMARY_METRICS, type Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

// ---------------------------------------------------------------------------
// fixtures

const TRICKY_NAME = 'Demo, "quoted"\nsecond line 通义千问 🚀';

function profile(id: string, name: string, overrides: Partial<ProfileSnapshot> = {}) {
  return {
    id,
    name,
    base_url: `https://${id}.example.com/v1`,
    model: `model-${id}`,
    dialect: 'openai-chat',
    headers: {},
    defaults: {},
    notes: '',
    allow_insecure_key: false,
    ...DEFAULT_REQUEST_SHAPE,
    query: {},
    has_key: false,
    proxy_auth: false,
    builtin: false,
    color: 0,
    ...overrides,
  } satisfies ProfileSnapshot;
}

function makeRun(profiles: ProfileSnapshot[]): RunRecord {
  return {
    id: 'run-1',
    config: {
      prompt: 'Say hello',
      max_tokens: 64,
      modes: ['stream', 'plain'],
      trials: 2,
      profile_ids: profiles.map((p) => p.id),
      limits: {
        connect_timeout_ms: 10_000,
        idle_timeout_ms: 30_000,
        stall_ms: 5_000,
        deadline_ms: 120_000,
        max_event_bytes: 1024 * 1024,
        max_response_bytes: 64 * 1024 * 1024,
        max_text_chars: 200_000,
      },
      reuse_connection: false,
      warmup: true,
    },
    profiles,
    status: 'completed',
    started_at: '2025-03-01T10:00:00.000Z',
    ended_at: '2025-03-01T10:01:00.000Z',
    planned_calls: 6,
    series_id: null,
    label: null,
    imported_at: null,
    profile_failures: [],
    environment: null,
  };
}

function stored(
  profile_id: string,
  trial_index: number,
  trial: Trial,
  warmup = false,
): StoredTrial {
  return { run_id: 'run-1', profile_id, trial_index, warmup, trial };
}

const plain = (overrides: Partial<Trial> = {}): Trial =>
  makePlainTrial({
    first_byte_ms: 880.125,
    total_ms: 900.5,
    timeline: { t0_mono_ms: 5, chunks: [], pings: [] },
    ...overrides,
  });

const run = makeRun([profile('p1', TRICKY_NAME), profile('p2', 'Second')]);

const trials: StoredTrial[] = [
  stored('p1', 0, makeTrial({ ttft_ms: 999 }), true),
  stored('p1', 1, makeTrial({ ttft_ms: 210.25, usage_diff: -3, text: '你好，世界 👋' })),
  stored('p1', 1, plain()),
  stored(
    'p1',
    2,
    makeTrial({
      ttft_ms: 190.5,
      status: 'aborted',
      request_id: 'req_01',
      error: 'client aborted after 2 tokens',
      abort: { after_tokens: 2, at_ms: 300.5, close_ms: null, bytes_after: 512, chunks_after: 3 },
    }),
  ),
  stored('p1', 2, plain({ total_ms: 1000 })),
  stored(
    'p2',
    1,
    makeTrial({
      status: 'http_error',
      http_status: 429,
      retry_after_s: 2,
      error: 'HTTP 429: rate limited, "slow down"',
      ttft_ms: null,
      timeline: { t0_mono_ms: 0, chunks: [], pings: [] },
    }),
  ),
];

/** What a cell must read back as, with csv-parse's `cast: true`. */
/** What a cell of this column reads back as: numbers as csvNumber writes them. */
function readBack(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return csvNumber(column, value) ?? '';
  return value;
}

function parseCsv(csv: string): Record<string, unknown>[] {
  return parse(csv, { columns: true, cast: true, bom: true });
}

function headerOf(csv: string): string[] {
  const rows: string[][] = parse(csv, { bom: true, to_line: 1 });
  return rows[0] ?? [];
}

async function streamToString(
  kind: CsvKind,
  data: Parameters<typeof exportCsvStream>[1],
  bom = false,
) {
  const parts: Buffer[] = [];
  for await (const part of exportCsvStream(kind, data, { bom })) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

// ---------------------------------------------------------------------------

describe('headers', () => {
  it('summary: identity, counts, then every statistic of every summarised metric', () => {
    const csv = exportCsv('summary', { run, summaries: summariesByProfile(trials) });
    expect(headerOf(csv)).toEqual([
      'run_id',
      'run_started_at',
      'profile_id',
      'profile',
      'model',
      'base_url',
      'dialect',
      'mode',
      'trials',
      'ok',
      'failures',
      ...SUMMARY_METRICS.flatMap((m) => [
        `${m}_n`,
        `${m}_median`,
        `${m}_p95`,
        `${m}_min`,
        `${m}_max`,
        `${m}_mean`,
        `${m}_sd`,
        `${m}_median_ci95_low`,
        `${m}_median_ci95_high`,
      ]),
      'input_lengths',
      'prefill_x',
      'prefill_n',
      'prefill_ms_per_ktok',
      'prefill_ms_per_ktok_ci95_low',
      'prefill_ms_per_ktok_ci95_high',
      'ttft_fixed_ms',
    ]);
    expect(headerOf(csv)).toEqual(
      expect.arrayContaining([
        'ttft_ms_n',
        'ttft_ms_median',
        'ttft_ms_p95',
        'first_byte_ms_median',
        'first_byte_ms_p95',
        'gap_median_ms_median',
        'total_ms_median',
        'e2e_tps_median',
        'decode_tps_median',
        'tokens_per_chunk_mean_median',
      ]),
    );
  });

  it('trials: identity, every scalar Trial metric by its DESIGN.md name, text lengths, abort', () => {
    const csv = exportCsv('trials', { run, trials });
    expect(headerOf(csv)).toEqual([
      'run_id',
      'profile_id',
      'profile',
      'model',
      'mode',
      'trial_index',
      'warmup',
      'status',
      'started_at',
      'reused_connection',
      'dns_ms',
      'connect_ms',
      'proxy_ms',
      'tls_ms',
      'proxy',
      'headers_ms',
      'first_byte_ms',
      'first_event_ms',
      'ttft_ms',
      'ttfo_ms',
      'last_token_ms',
      'total_ms',
      'chunks',
      'gap_median_ms',
      'gap_p95_ms',
      'gap_max_ms',
      'tokens',
      'reasoning_tokens',
      'usage_completion_tokens',
      'cached_prompt_tokens',
      'reasoning_tokens_api',
      'input_tokens',
      'usage_prompt_tokens',
      'usage_diff',
      'usage_requested',
      'token_param',
      'tokens_per_chunk_mean',
      'itl_ms',
      'decode_tps',
      'e2e_tps',
      'pings',
      'pings_before_ttft',
      'pings_after_ttft',
      'first_ping_ms',
      'max_silence_ms',
      'max_content_silence_ms',
      'stalled',
      'burst_share',
      'buffered',
      'events_per_read_max',
      'rebuffered',
      'reader_pace_tps',
      'reader_done_ms',
      'reader_wait_ms',
      'reader_stall_ms',
      'bytes',
      'bytes_after_end',
      'content_encoding',
      'finish_reason',
      'http_status',
      'request_id',
      'retry_after_s',
      'error',
      'text_chars',
      'reasoning_chars',
      'abort_after_tokens',
      'abort_at_ms',
      'abort_close_ms',
      'abort_bytes_after',
      'abort_chunks_after',
    ]);
  });

  it('trials: every scalar field of Trial has a column of the same name', () => {
    const scalar = Object.entries(makeTrial())
      .filter(([, value]) => value === null || typeof value !== 'object')
      .map(([key]) => key)
      .filter((key) => !['text', 'reasoning_text', 'abort'].includes(key));
    expect(CSV_COLUMNS.trials).toEqual(expect.arrayContaining(scalar));
  });

  it('chunks', () => {
    const csv = exportCsv('chunks', { run, trials });
    expect(headerOf(csv)).toEqual([
      'run_id',
      'profile_id',
      'profile',
      'mode',
      'trial_index',
      'warmup',
      'chunk_index',
      'at_ms',
      'gap_ms',
      'kind',
      'chars',
      'bytes',
      'tokens',
    ]);
  });

  it('an export without rows is its header row', () => {
    for (const kind of ['trials', 'chunks'] as const) {
      expect(exportCsv(kind, { run, trials: [] })).toBe(`${CSV_COLUMNS[kind].join(',')}\r\n`);
    }
    expect(exportCsv('summary', { run, summaries: {} })).toBe(
      `${CSV_COLUMNS.summary.join(',')}\r\n`,
    );
  });

  it('rejects an unknown kind', () => {
    expect(() => exportCsv('runs' as CsvKind, { run, trials: [] } as never)).toThrow(
      /unknown CSV kind "runs"/,
    );
  });
});

describe('comparisons', () => {
  const readerVerdict: Comparison = {
    profile_a: 'p1',
    profile_b: 'p2',
    mode: 'stream',
    metric: 'reader_done_ms',
    diff_ms: -120.5,
    ci_low_ms: -160.25,
    ci_high_ms: -80,
    n_pairs: 10,
    paired: true,
    n_a: 10,
    n_b: 10,
    median_a_ms: 2550.25,
    median_b_ms: 2430,
    margin_ms: 25.5,
    verdict: 'b_lower',
    rounds_to_settle: null,
  };
  const tooFew: Comparison = {
    ...readerVerdict,
    profile_b: 'p1',
    mode: 'stream_vs_plain',
    metric: 'total_ms',
    diff_ms: 3,
    ci_low_ms: null,
    ci_high_ms: null,
    n_pairs: 0,
    paired: false,
    n_a: 1,
    n_b: 1,
    median_a_ms: 100,
    median_b_ms: 103,
    margin_ms: 1,
    verdict: 'inconclusive',
  };
  const unsure: Comparison = {
    ...readerVerdict,
    metric: 'total_ms',
    diff_ms: 8,
    ci_low_ms: -40,
    ci_high_ms: 60,
    verdict: 'inconclusive',
    rounds_to_settle: 2560,
  };
  const csv = exportCsv('comparisons', {
    run,
    comparisons: [readerVerdict, tooFew, unsure],
    reader_pace_tps: 8,
  });

  it('has one column per field of show --json’s comparisons, named alike', () => {
    expect(headerOf(csv)).toEqual([
      'run_id',
      'run_started_at',
      'mode',
      'metric',
      'profile_a_id',
      'profile_a',
      'profile_b_id',
      'profile_b',
      'diff_ms',
      'ci_low_ms',
      'ci_high_ms',
      'n_pairs',
      'paired',
      'n_a',
      'n_b',
      'median_a_ms',
      'median_b_ms',
      'margin_ms',
      'verdict',
      'rounds_to_settle',
      'reader_pace_tps',
    ]);
  });

  it('writes each comparison as it is: no interval is an empty cell, the pace only for the reader', () => {
    const [reader, total, crossing] = parseCsv(csv);
    expect(reader).toMatchObject({
      run_id: 'run-1',
      mode: 'stream',
      metric: 'reader_done_ms',
      profile_a_id: 'p1',
      profile_b_id: 'p2',
      profile_b: 'Second',
      diff_ms: -120.5,
      ci_low_ms: -160.25,
      ci_high_ms: -80,
      n_pairs: 10,
      paired: 'true',
      median_a_ms: 2550.25,
      median_b_ms: 2430,
      margin_ms: 25.5,
      verdict: 'b_lower',
      rounds_to_settle: '',
      reader_pace_tps: 8,
    });
    expect(total).toMatchObject({
      mode: 'stream_vs_plain',
      metric: 'total_ms',
      profile_a_id: 'p1',
      profile_b_id: 'p1',
      ci_low_ms: '',
      ci_high_ms: '',
      paired: 'false',
      n_a: 1,
      n_b: 1,
      verdict: 'inconclusive',
      rounds_to_settle: '',
      reader_pace_tps: '',
    });
    expect(crossing).toMatchObject({ verdict: 'inconclusive', rounds_to_settle: 2560 });
  });
});

describe('round trip through csv-parse', () => {
  it('trials: every cell reads back as the value exported', () => {
    const rows = parseCsv(exportCsv('trials', { run, trials }));
    expect(rows).toHaveLength(trials.length);
    rows.forEach((row, i) => {
      const s = trials[i] as StoredTrial;
      const t = s.trial;
      const p = run.profiles.find((x) => x.id === s.profile_id);
      const expected: Record<string, unknown> = {
        run_id: s.run_id,
        profile_id: s.profile_id,
        profile: p?.name,
        model: p?.model,
        mode: t.mode,
        trial_index: s.trial_index,
        warmup: s.warmup,
        status: t.status,
        started_at: t.started_at,
        text_chars: t.text.length,
        reasoning_chars: t.reasoning_text.length,
        abort_after_tokens: t.abort?.after_tokens,
        abort_at_ms: t.abort?.at_ms,
        abort_close_ms: t.abort?.close_ms,
        abort_bytes_after: t.abort?.bytes_after,
        abort_chunks_after: t.abort?.chunks_after,
      };
      for (const [key, value] of Object.entries(t)) {
        if (value === null || typeof value !== 'object') expected[key] = value;
      }
      delete expected.text;
      delete expected.reasoning_text;
      delete expected.abort;
      expect(Object.keys(row).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) {
        expect(row[key], `${key} of trial row ${i}`).toStrictEqual(readBack(key, value));
      }
    });
  });

  it('trials: milliseconds to the microsecond, rates to 15 digits, negatives stay numbers', () => {
    const csv = exportCsv('trials', { run, trials });
    const [, ttftRow] = parseCsv(csv);
    const t = (trials[1] as StoredTrial).trial;
    expect(ttftRow?.e2e_tps).toBe(15.3846153846154); // 8000 / 520 = 15.384615384615385
    expect(ttftRow?.itl_ms).toBe(42.857); // 300 / 7
    expect(ttftRow?.usage_diff).toBe(-3);
    expect(t.usage_diff).toBe(-3);
    // Unquoted, no neutralising quote: a spreadsheet sees the number -3.
    expect(csv).toContain(',-3,');
    expect(csv).not.toContain("'-3");
    expect(csv).toContain(',15.3846153846154,');
  });

  it('writes no binary noise: what the arithmetic adds past the microsecond is gone', () => {
    expect(csvNumber('diff_ms', -4.6370000000000005)).toBe(-4.637);
    expect(csvNumber('reader_stall_ms_median', 2.842170943040401e-14)).toBe(0);
    expect(csvNumber('gap_ms', -1e-9)).toBe(0);
    expect(Object.is(csvNumber('gap_ms', -1e-9), -0)).toBe(false);
    expect(csvNumber('ttft_ms_median_ci95_low', 204.4525)).toBe(204.453);
    expect(csvNumber('burst_share', 0.1 + 0.2)).toBe(0.3);
    expect(csvNumber('retry_after_s', 1.5)).toBe(1.5);
    expect(csvNumber('tokens', 12)).toBe(12);
    expect(csvNumber('total_ms', NaN)).toBeNull();
    expect(csvNumber('total_ms', Infinity)).toBeNull();
  });

  it('summary: one row per profile × mode with every statistic the JSON has, per metric', () => {
    const summaries = summariesByProfile(trials);
    const rows = parseCsv(exportCsv('summary', { run, summaries }));
    expect(rows.map((r) => [r.profile_id, r.mode])).toEqual([
      ['p1', 'stream'],
      ['p1', 'plain'],
      ['p2', 'stream'],
    ]);
    const expectedSummaries = [
      ...(summaries.get('p1') ?? []).map((s) => ['p1', s] as const),
      ...(summaries.get('p2') ?? []).map((s) => ['p2', s] as const),
    ];
    rows.forEach((row, i) => {
      const [id, s] = expectedSummaries[i] as readonly [string, ModeSummary];
      const p = run.profiles.find((x) => x.id === id) as ProfileSnapshot;
      expect(row).toMatchObject({
        run_id: 'run-1',
        run_started_at: run.started_at,
        profile_id: id,
        profile: p.name,
        model: p.model,
        base_url: p.base_url,
        dialect: p.dialect,
        mode: s.mode,
        trials: s.trials,
        ok: s.ok,
        failures: formatFailures(s.failures),
      });
      for (const metric of SUMMARY_METRICS) {
        const d = s.metrics[metric];
        expect(row[`${metric}_n`], `${metric}_n`).toBe(d?.n ?? 0);
        expect(row[`${metric}_median`], `${metric}_median`).toStrictEqual(
          readBack(`${metric}_median`, d?.median),
        );
        expect(row[`${metric}_p95`], `${metric}_p95`).toStrictEqual(
          readBack(`${metric}_p95`, d?.p95),
        );
        expect(row[`${metric}_min`], `${metric}_min`).toStrictEqual(
          readBack(`${metric}_min`, d?.min),
        );
        expect(row[`${metric}_max`], `${metric}_max`).toStrictEqual(
          readBack(`${metric}_max`, d?.max),
        );
        expect(row[`${metric}_mean`], `${metric}_mean`).toStrictEqual(
          readBack(`${metric}_mean`, d?.mean),
        );
        expect(row[`${metric}_sd`], `${metric}_sd`).toStrictEqual(readBack(`${metric}_sd`, d?.sd));
        const [low, high] = d?.median_ci95 ?? [null, null];
        expect(row[`${metric}_median_ci95_low`], `${metric} interval`).toStrictEqual(
          readBack(`${metric}_median_ci95_low`, low),
        );
        expect(row[`${metric}_median_ci95_high`], `${metric} interval`).toStrictEqual(
          readBack(`${metric}_median_ci95_high`, high),
        );
      }
    });
  });

  it('summary: warm-ups are not counted; TTFT for stream, TTFB for plain', () => {
    const rows = parseCsv(exportCsv('summary', { run, summaries: summariesByProfile(trials) }));
    const [stream, plainRow, failed] = rows;
    // The warm-up (ttft 999) is left out; of the two counted stream trials only one is ok.
    expect(stream).toMatchObject({ trials: 2, ok: 1, failures: 'aborted:1', ttft_ms_n: 1 });
    expect(stream?.ttft_ms_median).toBe(210.25);
    // Plain mode measures no stream: ttft columns are empty, first_byte_ms is its figure.
    expect(plainRow).toMatchObject({
      trials: 2,
      ok: 2,
      failures: '',
      ttft_ms_n: 0,
      ttft_ms_median: '',
      ttft_ms_p95: '',
      first_byte_ms_n: 2,
      first_byte_ms_median: 880.125,
      total_ms_median: (900.5 + 1000) / 2,
    });
    expect(plainRow?.total_ms_p95).toBe(csvNumber('total_ms_p95', quantile([900.5, 1000], 0.95)));
    // Two values: their spread, and an interval of the median between them.
    expect(plainRow).toMatchObject({ total_ms_min: 900.5, total_ms_max: 1000 });
    expect(plainRow?.total_ms_sd).toBe(csvNumber('total_ms_sd', 99.5 / Math.SQRT2));
    expect(plainRow?.total_ms_median_ci95_low).toBeGreaterThanOrEqual(900.5);
    expect(plainRow?.total_ms_median_ci95_high).toBeLessThanOrEqual(1000);
    // One value: no spread and no interval, empty cells rather than zeros.
    expect(stream).toMatchObject({ ttft_ms_sd: '', ttft_ms_median_ci95_low: '' });
    expect(failed).toMatchObject({ trials: 1, ok: 0, failures: 'http_error:1', total_ms_n: 0 });
  });

  it('summary: failures read "status:count; ..." in canonical order', () => {
    const summaries = {
      p2: summarize('p2', [
        makeTrial({ status: 'idle_timeout' }),
        makeTrial({ status: 'http_error' }),
        makeTrial({ status: 'http_error' }),
        makeTrial(),
      ]),
    };
    const [row] = parseCsv(exportCsv('summary', { run, summaries }));
    expect(row?.failures).toBe('http_error:2; idle_timeout:1');
  });

  it('summary: takes a Map or a record, orders by the run’s profiles, keeps unknown ones', () => {
    const p1 = summarize('p1', [makeTrial()]);
    const ghost = summarize('ghost', [makeTrial()]);
    const fromRecord = exportCsv('summary', { run, summaries: { ghost, p1 } });
    const fromMap = exportCsv('summary', {
      run,
      summaries: new Map([
        ['ghost', ghost],
        ['p1', p1],
      ]),
    });
    expect(fromMap).toBe(fromRecord);
    const rows = parseCsv(fromRecord);
    expect(rows.map((r) => r.profile_id)).toEqual(['p1', 'ghost']);
    expect(rows[1]).toMatchObject({ profile: '', model: '', base_url: '' });
  });

  it('chunks: one row per chunk, gap empty for the first, values as recorded', () => {
    const rows = parseCsv(exportCsv('chunks', { run, trials }));
    const expected = trials.flatMap((s) =>
      s.trial.timeline.chunks.map((c, i) => ({
        run_id: 'run-1',
        profile_id: s.profile_id,
        profile: run.profiles.find((p) => p.id === s.profile_id)?.name,
        mode: s.trial.mode,
        trial_index: s.trial_index,
        warmup: String(s.warmup),
        chunk_index: i + 1,
        at_ms: c.at_ms,
        gap_ms: i === 0 ? '' : s.trial.gaps_ms[i - 1],
        kind: c.kind,
        chars: c.chars,
        bytes: c.bytes,
        tokens: c.tokens,
      })),
    );
    expect(rows).toHaveLength(12); // 3 stream trials × 4 chunks; plain and failed trials have none
    expect(rows).toStrictEqual(expected);
  });

  it('chunks: without stored gaps, gaps are computed from arrivals (to the microsecond)', () => {
    const t = makeTrial({
      gaps_ms: [],
      timeline: {
        t0_mono_ms: 0,
        chunks: [
          { at_ms: 100.1, kind: 'reasoning', chars: 3, bytes: 90, tokens: 1 },
          { at_ms: 100.3, kind: 'mixed', chars: 4, bytes: 91, tokens: 2 },
          { at_ms: 250.0004, kind: 'content', chars: 5, bytes: 92, tokens: 1 },
        ],
        pings: [],
      },
    });
    const rows = parseCsv(exportCsv('chunks', { run, trials: [stored('p2', 1, t)] }));
    expect(rows.map((r) => r.gap_ms)).toEqual(['', 0.2, 149.7]);
    expect(rows.map((r) => r.kind)).toEqual(['reasoning', 'mixed', 'content']);
  });

  it('the stream and the string are the same bytes', async () => {
    for (const kind of ['trials', 'chunks'] as const) {
      expect(await streamToString(kind, { run, trials })).toBe(exportCsv(kind, { run, trials }));
    }
    const summaries = summariesByProfile(trials);
    expect(await streamToString('summary', { run, summaries }, true)).toBe(
      exportCsv('summary', { run, summaries }, { bom: true }),
    );
  });

  it('the stream takes trials from an async source', async () => {
    async function* source() {
      for (const s of trials) {
        await Promise.resolve();
        yield s;
      }
    }
    expect(await streamToString('chunks', { run, trials: source() })).toBe(
      exportCsv('chunks', { run, trials }),
    );
  });

  it('an error of the source errors the stream', async () => {
    async function* failing() {
      yield trials[1] as StoredTrial;
      throw new Error('cursor closed');
    }
    await expect(streamToString('trials', { run, trials: failing() })).rejects.toThrow(
      'cursor closed',
    );
  });
});

describe('injection: formula-like text is neutralised, numbers are not', () => {
  const attacks = [
    "=cmd|' /C calc'!A0",
    '+1',
    '-1',
    '@SUM(A1:A9)',
    '\tTAB',
    '\rCR',
    '=HYPERLINK("http://evil.example","click")',
    '＝1+1', // full-width equals sign: Apple Numbers treats it as =
  ];

  it.each(attacks)('%j as a profile name, an error and a request id', (attack) => {
    const evilRun = makeRun([profile('evil', attack, { model: attack, base_url: attack })]);
    const evilTrial = stored(
      'evil',
      1,
      makeTrial({ error: attack, request_id: attack, usage_diff: -3 }),
    );
    const neutral = `'${attack}`;

    const [trialRow] = parseCsv(exportCsv('trials', { run: evilRun, trials: [evilTrial] }));
    expect(trialRow).toMatchObject({
      profile: neutral,
      model: neutral,
      error: neutral,
      request_id: neutral,
      usage_diff: -3,
    });

    const [chunkRow] = parseCsv(exportCsv('chunks', { run: evilRun, trials: [evilTrial] }));
    expect(chunkRow?.profile).toBe(neutral);

    const summaries = summariesByProfile([evilTrial]);
    const [summaryRow] = parseCsv(exportCsv('summary', { run: evilRun, summaries }));
    expect(summaryRow).toMatchObject({ profile: neutral, model: neutral, base_url: neutral });
  });

  it('the raw CSV cell starts with the quote, before any CSV quoting', () => {
    const evilRun = makeRun([profile('evil', '=1+1')]);
    const csv = exportCsv('trials', {
      run: evilRun,
      trials: [stored('evil', 1, makeTrial({ error: '-2+3', request_id: '\r=1' }))],
    });
    expect(csv).toContain(",'=1+1,");
    expect(csv).toContain(",'-2+3,");
    expect(csv).toContain(`,"'\r=1",`);
    // No cell of the data row starts with a formula character.
    const [, dataRow] = parse(csv) as string[][];
    for (const cell of dataRow ?? []) {
      if (/^[=+@\t\r]/.test(cell)) throw new Error(`formula cell ${JSON.stringify(cell)}`);
      if (cell.startsWith('-')) expect(Number.isFinite(Number(cell)), cell).toBe(true);
    }
  });

  it('negative numbers stay numbers in every kind', () => {
    const t = makeTrial({
      usage_diff: -3,
      timeline: {
        t0_mono_ms: 0,
        chunks: [
          // A clock oddity, but a number all the same.
          { at_ms: -0.5, kind: 'content', chars: 1, bytes: 10, tokens: 1 },
          { at_ms: 10, kind: 'content', chars: 1, bytes: 10, tokens: 1 },
        ],
        pings: [],
      },
      gaps_ms: [10.5],
    });
    const s = stored('p2', 1, t);
    expect(parseCsv(exportCsv('trials', { run, trials: [s] }))[0]?.usage_diff).toBe(-3);
    expect(parseCsv(exportCsv('chunks', { run, trials: [s] }))[0]?.at_ms).toBe(-0.5);
    const summaries = { p2: [{ ...summarize('p2', [t])[0], metrics: {} } as ModeSummary] };
    summaries.p2[0]!.metrics.ttft_ms = {
      n: 1,
      median: -7,
      p95: -7,
      min: -7,
      max: -7,
      mean: -7,
      sd: null,
      median_ci95: null,
    };
    const [row] = parseCsv(exportCsv('summary', { run, summaries }));
    expect(row?.ttft_ms_median).toBe(-7);
  });

  it('text that merely contains formula characters later is left alone', () => {
    const csv = exportCsv('trials', {
      run,
      trials: [stored('p2', 1, makeTrial({ error: 'a=b+c-d@e' }))],
    });
    expect(parseCsv(csv)[0]?.error).toBe('a=b+c-d@e');
  });
});

describe('encoding and RFC 4180', () => {
  it('CJK, emoji, commas, quotes and newlines survive', () => {
    const csv = exportCsv('trials', { run, trials });
    const rows = parseCsv(csv);
    expect(rows[1]?.profile).toBe(TRICKY_NAME);
    // Quoted, with inner quotes doubled.
    expect(csv).toContain('"Demo, ""quoted""\nsecond line 通义千问 🚀"');
    expect(rows[1]?.text_chars).toBe('你好，世界 👋'.length);
    expect(rows[5]?.error).toBe('HTTP 429: rate limited, "slow down"');
  });

  it('records end with CRLF, line breaks inside fields are quoted', () => {
    const csv = exportCsv('trials', {
      run: makeRun([profile('p1', 'plain name')]),
      trials: trials.filter((s) => s.profile_id === 'p1'),
    });
    expect(csv.endsWith('\r\n')).toBe(true);
    // Outside the one quoted field there is no bare CR or LF.
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(csv.split('\r\n')).toHaveLength(6 + 1);

    const tricky = exportCsv('chunks', { run, trials });
    expect(tricky.split('\r\n').length).toBe(13 + 1);
    for (const bare of ['only\nLF', 'only\rCR', 'both\r\nCRLF']) {
      const out = exportCsv('trials', {
        run,
        trials: [stored('p2', 1, makeTrial({ error: bare }))],
      });
      expect(out).toContain(`"${bare}"`);
      expect(parseCsv(out)[0]?.error).toBe(bare);
    }
  });

  it('cells are quoted only when needed', () => {
    const csv = exportCsv('chunks', {
      run: makeRun([profile('p1', 'Alpha')]),
      trials: [trials[1]!],
    });
    expect(csv.split('\r\n')[1]).toBe('run-1,p1,Alpha,stream,1,false,1,200,,content,6,120,2');
  });

  it('booleans are true/false, null is an empty cell', () => {
    const [row] = parseCsv(exportCsv('trials', { run, trials: [trials[1]!] }));
    expect(row).toMatchObject({
      warmup: 'false',
      reused_connection: 'false',
      usage_requested: 'true',
      first_ping_ms: '',
      request_id: '',
      abort_close_ms: '',
    });
  });

  it('NaN and Infinity, which are not measurements, are written as empty cells', () => {
    const [row] = parseCsv(
      exportCsv('trials', {
        run,
        trials: [stored('p1', 1, makeTrial({ itl_ms: Number.NaN, decode_tps: Infinity }))],
      }),
    );
    expect(row).toMatchObject({ itl_ms: '', decode_tps: '' });
  });

  it('bom: true starts with EF BB BF; off by default', async () => {
    for (const kind of ['trials', 'chunks'] as const) {
      const withBom = Buffer.from(exportCsv(kind, { run, trials }, { bom: true }), 'utf8');
      expect([...withBom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(withBom.subarray(3).toString('utf8')).toBe(exportCsv(kind, { run, trials }));
      const without = Buffer.from(exportCsv(kind, { run, trials }, { bom: false }), 'utf8');
      expect(without.subarray(0, 6).toString()).toBe('run_id');

      const streamed: Buffer[] = [];
      for await (const part of exportCsvStream(kind, { run, trials }, { bom: true })) {
        streamed.push(part as Buffer);
      }
      expect(Buffer.concat(streamed).equals(withBom)).toBe(true);
    }
    const empty = exportCsv('summary', { run, summaries: {} }, { bom: true });
    expect(empty.startsWith('\uFEFFrun_id,')).toBe(true);
    // The BOM is not part of the first header name.
    expect(Object.keys(parseCsv(exportCsv('trials', { run, trials }, { bom: true }))[0]!)[0]).toBe(
      'run_id',
    );
  });
});
