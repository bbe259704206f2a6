// Every sentence the CLI prints about the myths, on each simulator scenario,
// checked against the numbers it claims: the probe's JSON gives the trials,
// the report is rendered from those very trials, and each figure and verdict
// in a sentence is recomputed here from the trials themselves.

import { DEFAULT_LIMITS } from '../../src/main/probe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMs } from '../../src/main/cli/format';
import { main } from '../../src/main/cli/main';
import { renderReport } from '../../src/main/cli/report-table';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { compareSamples, type Difference, type RoundValue } from '../../src/shared/comparisons';
import { readerMetrics } from '../../src/shared/reader';
import { median } from '../../src/shared/stats';
import type { ModeSummary } from '../../src/shared/summary';
import type { Mode, Trial } from '../../src/shared/trial';

interface ProbeDocument {
  tokenizer: string;
  trials: Trial[];
  summary: ModeSummary[];
}

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

/** The probe's trials (as `--json` gives them) and the report rendered from exactly those. */
async function probe(
  model: string,
  extra: string[] = [],
  abortAfter: number | null = null,
  trials = 4,
): Promise<{ trials: Trial[]; text: string }> {
  let stdout = '';
  const code = await main(
    [
      'probe',
      '--base-url',
      `${sim.url}/v1`,
      '--model',
      model,
      '--trials',
      String(trials),
      '--json',
      ...extra,
    ],
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { isTTY: false, write: () => true },
      env: {},
    },
  );
  expect(code).toBe(0);
  const doc = JSON.parse(stdout) as ProbeDocument;
  const text = renderReport({
    endpoint: { base_url: `${sim.url}/v1`, model, dialect: 'openai-chat' },
    tokenizer: doc.tokenizer,
    trials: doc.trials,
    summaries: doc.summary,
    abortAfter,
    // --stall is in seconds, as the probe was given it.
    stallMs: extra.includes('--stall')
      ? Number(extra[extra.indexOf('--stall') + 1]) * 1000
      : DEFAULT_LIMITS.stall_ms,
  });
  return { trials: doc.trials, text };
}

/** The k-th ok trial of a mode is its round k, as the probe interleaves them. */
function byRound(
  trials: readonly Trial[],
  mode: Mode,
  value: (t: Trial) => number | null,
): RoundValue[] {
  let k = 0;
  return trials.flatMap((t) => {
    if (t.mode !== mode) return [];
    k++;
    const v = value(t);
    return t.status === 'ok' && v !== null ? [{ round: k, value: v }] : [];
  });
}

/** Stream (B) against plain (A), recomputed from the trials. */
function streamVersusPlain(trials: readonly Trial[]): { first: Difference; total: Difference } {
  const first = compareSamples(
    byRound(trials, 'plain', (t) => t.first_byte_ms),
    byRound(trials, 'stream', (t) => t.ttft_ms),
  );
  const total = compareSamples(
    byRound(trials, 'plain', (t) => t.total_ms),
    byRound(trials, 'stream', (t) => t.total_ms),
  );
  if (!first || !total) throw new Error('no comparison');
  return { first, total };
}

const ok = (trials: readonly Trial[], mode: Mode = 'stream'): Trial[] =>
  trials.filter((t) => t.mode === mode && t.status === 'ok');
const medianOf = (trials: readonly Trial[], value: (t: Trial) => number | null): number =>
  median(trials.map((t) => value(t) ?? NaN)) as number;

describe('the myths, on each simulator scenario', () => {
  it('sim-steady: streaming moved the first token, not the last', async () => {
    // Eight rounds of some 700 ms: the totals' interval must lie wholly inside
    // a ±7 ms margin, which a busy machine's hiccups (a few ms, in a round or
    // two) must not carry it across. At 300 ms (±3 ms) a loaded CI could.
    const { trials, text } = await probe('sim-steady:ttft=100,gap=10,tokens=60', [], null, 8);
    const { first, total } = streamVersusPlain(trials);
    // The claim: the first token clearly earlier streamed, the totals equivalent.
    expect(first.verdict).toBe('b_lower');
    expect(first.ci_high_ms as number).toBeLessThan(-first.margin_ms);
    expect(total.verdict).toBe('equivalent');
    expect(total.ci_low_ms as number).toBeGreaterThanOrEqual(-total.margin_ms);
    expect(total.ci_high_ms as number).toBeLessThanOrEqual(total.margin_ms);
    expect(text).toContain(
      `stream's first token is lower by ${formatMs(-first.diff_ms)} (95% CI ${formatMs(-(first.ci_high_ms as number)).replace(/ ms$/, '')}–${formatMs(-(first.ci_low_ms as number))}, n = 8 pairs)`,
    );
    expect(text).toContain(`equivalent within ±${formatMs(total.margin_ms)}`);
    expect(text).toContain(
      `total ${formatMs(total.median_b_ms)} vs ${formatMs(total.median_a_ms)}: equivalent`,
    );
    expect(text).toContain('streaming moved the first token, not the last');
    expect(text).not.toContain('streaming gave nothing');

    // The reader line: medians of the reader's finish and wait, from the timelines.
    const reader = (mode: Mode, metric: 'reader_done_ms' | 'reader_wait_ms'): string =>
      formatMs(medianOf(ok(trials, mode), (t) => readerMetrics(t)[metric]));
    expect(text).toContain(
      `a reader at 8 tok/s finishes at ${reader('stream', 'reader_done_ms')} streaming, ` +
        `${reader('plain', 'reader_done_ms')} without; waits ${reader('stream', 'reader_wait_ms')} for text`,
    );
  }, 60_000);

  it('sim-buffered: streaming gave nothing, the first token came with the last', async () => {
    const { trials, text } = await probe('sim-buffered:ttft=100,gap=10,tokens=20');
    const streams = ok(trials);
    const buffered = streams.filter((t) => t.buffered);
    expect(buffered.length * 2).toBeGreaterThan(streams.length);
    for (const t of streams) {
      // Held back to the end: the first and the last token within a few ms of each other.
      expect((t.last_token_ms as number) - (t.ttft_ms as number)).toBeLessThan(10);
    }
    expect(streamVersusPlain(trials).first.verdict).not.toBe('b_lower');
    expect(text).toContain(
      `streaming gave nothing here: in ${buffered.length} of ${streams.length} streams the tokens were held back ` +
        `and released at the end, so the first token came with the last (TTFT ${formatMs(medianOf(streams, (t) => t.ttft_ms))}, ` +
        `last token ${formatMs(medianOf(streams, (t) => t.last_token_ms))})`,
    );
    expect(text).not.toContain('moved the first token');
  }, 60_000);

  it('sim-pings: a wait for the first token with pings, not content that stopped', async () => {
    const { trials, text } = await probe('sim-pings:ttft=1200,ping=100,tokens=10,gap=5', [
      '--stall',
      '1',
    ]);
    // Every trial waited longer than the stall limit (1 s) for its first token.
    const waited = ok(trials).filter((t) => (t.ttft_ms as number) >= 1000);
    expect(waited.length).toBe(4);
    for (const t of waited) {
      // A wait for the answer to begin is TTFT, never a stall (DESIGN.md, `stalled`).
      expect(t.stalled).toBe(false);
      // The longest content silence is the wait before the first token, and pings came during it.
      expect(t.max_content_silence_ms).toBe(t.ttft_ms);
      expect(t.first_ping_ms as number).toBeLessThan(t.ttft_ms as number);
      expect(t.timeline.pings.every((p) => p.at_ms < (t.ttft_ms as number))).toBe(true);
      expect(t.pings_before_ttft).toBe(t.pings);
      expect(t.pings_after_ttft).toBe(0);
    }
    expect(text).toMatch(
      new RegExp(
        `^ {2}pings before 1st token +${medianOf(waited, (t) => t.pings_before_ttft)} `,
        'm',
      ),
    );
    expect(text).toMatch(/^ {2}pings after 1st token +0 /m);
    expect(text).toContain(
      `4 of 4 trials waited ${formatMs(medianOf(waited, (t) => t.max_content_silence_ms))} (median) for the first token, ` +
        'longer than the stall limit; in 4 of them keep-alive pings came meanwhile',
    );
    expect(text).toContain('keep-alive pings arrived only while waiting for the first token');
    expect(text).not.toContain('mid-answer');
    expect(text).not.toContain('content stopped');
  }, 60_000);

  it('sim-stall-pings: content stopped mid-answer while pings kept the connection open', async () => {
    const { trials, text } = await probe(
      'sim-stall-pings:ttft=50,gap=5,tokens=20,stall_after=5,stall=1200,ping=100',
      ['--stall', '1'],
    );
    const stalled = ok(trials).filter((t) => t.stalled);
    expect(stalled.length).toBe(4);
    for (const t of stalled) {
      // The longest content silence came after the first token: a gap between chunks.
      expect(t.max_content_silence_ms as number).toBeGreaterThan(t.ttft_ms as number);
      expect(t.max_content_silence_ms as number).toBeCloseTo(t.gap_max_ms as number, 2);
      expect(t.max_silence_ms as number).toBeLessThan(t.max_content_silence_ms as number);
    }
    expect(text).toContain(
      `4 of 4 trials stalled mid-answer: content stopped for ${formatMs(medianOf(stalled, (t) => t.max_content_silence_ms))} (median) after it began`,
    );
    expect(text).toContain('keep-alive pings kept the connection alive while no content came');
    expect(text).not.toContain('for the first token');
    // The reader sat idle through part of the stall: the stall shows in what they feel.
    const readerStall = medianOf(stalled, (t) => readerMetrics(t).reader_stall_ms);
    expect(readerStall).toBeGreaterThan(0);
    expect(text).toMatch(new RegExp(`^ {2}reader stall +${formatMs(readerStall)} `, 'm'));
  }, 60_000);

  it('sim-rebuffered: a buffer released the stream in bursts, told apart from a provider that batches', async () => {
    const { trials, text } = await probe('sim-rebuffered:ttft=50,gap=5,tokens=200,buffer=4096');
    const streams = ok(trials);
    const flagged = streams.filter((t) => t.rebuffered);
    expect(flagged.length).toBe(streams.length);
    const most = Math.max(...flagged.map((t) => t.events_per_read_max as number));
    expect(most).toBeGreaterThanOrEqual(10);
    expect(text).toContain(
      `${flagged.length} of ${trials.filter((t) => t.mode === 'stream').length} trials rebuffered: the tokens came in bursts of up to ${most} events per read`,
    );
    // Many tokens per event is another thing: chunks are not tokens, no buffer.
    const batched = await probe('sim-batched:ttft=50,gap=20,per=20,tokens=200');
    expect(ok(batched.trials).every((t) => !t.rebuffered && t.events_per_read_max === 1)).toBe(
      true,
    );
    expect(batched.text).toContain('chunks are not tokens');
    expect(batched.text).not.toContain('rebuffered');
  }, 60_000);

  it('the abort experiment: what was measured, then a caution with the request ids', async () => {
    const { trials, text } = await probe(
      'sim-steady:ttft=30,gap=5,tokens=200',
      ['--abort-after', '10'],
      10,
      2,
    );
    const hungUp = trials.filter((t) => t.abort !== null);
    expect(hungUp.length).toBe(2);
    const aborts = hungUp.map((t) => t.abort as NonNullable<Trial['abort']>);
    const continued = aborts.filter((a) => a.bytes_after > 0 || a.chunks_after > 0);
    const closed = median(aborts.map((a) => a.close_ms ?? NaN));
    const measured =
      continued.length === 0
        ? `measured: no bytes arrived after the hang-up on 2 streams`
        : `measured: data still arrived after the hang-up in ${continued.length} of 2 streams ` +
          `(${aborts.reduce((s, a) => s + a.bytes_after, 0)} bytes, ${aborts.reduce((s, a) => s + a.chunks_after, 0)} chunks in all)`;
    expect(text).toContain(measured);
    if (closed !== null) {
      expect(text).toContain(`the socket closed ${formatMs(closed)} after the hang-up (median)`);
    }
    const ids = hungUp.map((t) => t.request_id);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(text).toContain(
      `caution, not measured: closing the socket may not stop the server, which may generate, and bill, the rest of the answer`,
    );
    expect(text).toContain(
      `look these requests up in the provider's usage page: ${ids.join(', ')}`,
    );
  }, 60_000);
});
