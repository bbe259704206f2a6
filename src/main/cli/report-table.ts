// The human report of a probe run: per mode the seed script's table (median
// TTFT, total, gap) grown by p95 and n, then the article's myths wherever the
// data shows them, the abort experiment, and the failed trials. A pure function
// of the results, so every line can be tested without a server.

import { compareRun, type Comparison } from '../../shared/comparisons';
import { contentSilenceOf, findings, promptCache } from '../../shared/findings';
import { prefillFits } from '../../shared/prefill';
import { readerPaceOf } from '../../shared/reader';
import { describe, median, type Distribution } from '../../shared/stats';
import { headlineFirstTokenMetric, metricLabel, type ModeSummary } from '../../shared/summary';
import type { Dialect, Mode, SummaryMetric, Trial } from '../../shared/trial';
import { settleWords, verdictWords } from './comparison-text';
import { prefillSections } from './prefill-report';
import {
  formatCount,
  formatMetric,
  formatMs,
  formatSigned,
  oneLine,
  plural,
  safeLine,
} from './format';

export interface ReportInput {
  /** `name`: a saved profile's, shown first (a run reports one block per profile). */
  endpoint: { base_url: string; model: string; dialect: Dialect; name?: string };
  tokenizer: string;
  /** In the order they ran. */
  trials: readonly Trial[];
  summaries: readonly ModeSummary[];
  /** The abort experiment's token count, when it ran. */
  abortAfter: number | null;
  /** The stall limit the trials were measured with: a longer wait for the first token is said too. */
  stallMs: number;
}

/** A trial with its round: the k-th trial of its mode. */
type RoundTrial = {
  trial: Trial;
  label: string;
  trial_index: number;
  warmup: false;
};

interface Row {
  label: string;
  distribution: Distribution;
  format: (value: number) => string;
}

interface Block {
  title: string;
  rows: Row[];
  notes: string[];
}

const PING_NOTE =
  'keep-alive pings kept the connection alive while no content came: an open stream is not a live one';
const PING_WAIT_NOTE =
  'keep-alive pings arrived only while waiting for the first token: the server was there, the answer had not begun';
// Above this many tokens per chunk the server batches, and gaps are between batches.
const BATCHING = 1.5;

export function renderReport(input: ReportInput): string {
  const { endpoint, tokenizer } = input;
  // The trials and summaries carry the reader metrics at one pace (as measured, or --reader-pace).
  const pace = readerPaceOf(input.trials);
  const rounds = numbered(input.trials).map(({ trial, label, index }): RoundTrial => ({
    trial,
    label,
    trial_index: index,
    warmup: false,
  }));
  const blocks = input.summaries.map((summary) =>
    modeBlock(
      summary,
      rounds.filter((r) => r.trial.mode === summary.mode).map((r) => r.trial),
      tokenizer,
      pace,
      input.stallMs,
    ),
  );
  const lines = [
    (endpoint.name === undefined ? '' : safeLine`${endpoint.name}: `) +
      safeLine`${endpoint.model} @ ${endpoint.base_url} (${endpoint.dialect}), tokens counted with ${tokenizer}`,
  ];
  lines.push(...renderBlocks(blocks));

  const crossMode = streamVersusPlain(input.summaries, rounds, pace);
  const abort =
    input.abortAfter === null ? [] : abortSection(input.abortAfter, input.trials, input.summaries);
  const failed = failedTrials(input.trials);
  const sweep = prefillSections(prefillFits(input.trials));
  for (const section of [sweep, crossMode, abort, failed]) {
    if (section.length > 0) lines.push('', ...section);
  }
  return `${lines.join('\n')}\n`;
}

/** A trial the abort experiment hung up on: it ended as planned, not as a failure. */
export function isAbortExperiment(trial: Trial): boolean {
  return trial.status === 'aborted' && trial.abort !== null;
}

function modeBlock(
  summary: ModeSummary,
  trials: readonly Trial[],
  tokenizer: string,
  pace: number,
  stallMs: number,
): Block {
  const { mode, metrics } = summary;
  const ok = trials.filter((t) => t.status === 'ok');
  const row = (metric: SummaryMetric, label = metricLabel(metric, mode)): Row[] => {
    const distribution = metrics[metric];
    return distribution ? [{ label, distribution, format: (v) => formatMetric(metric, v) }] : [];
  };
  // Rows the mode cannot have (a gap in plain mode) are absent from the summary and so skipped.
  const headline = headlineFirstTokenMetric(mode);
  const rows = [
    ...row(headline),
    ...(answerStartsLater(summary) ? row('ttfo_ms') : []),
    ...row('total_ms'),
    ...row('gap_median_ms'),
    ...row('e2e_tps'),
    ...row('decode_tps'),
    ...row('tokens_per_chunk_mean'),
    ...row('tokens'),
    ...(mode === 'stream' ? row('chunks') : []),
    // What a reader at `pace` feels: when they finish, and how long they sat waiting.
    ...row('reader_done_ms', `reader done (${formatCount(pace)} tok/s)`),
    ...row('reader_wait_ms'),
    ...row('reader_stall_ms'),
  ];
  const pinged = ok.some((t) => t.pings > 0);
  if (pinged) {
    // An open stream is not a live one: keep-alives hide how long content stopped.
    rows.push(
      ...trialRow('pings before 1st token', ok, (t) => t.pings_before_ttft, formatCount),
      ...trialRow('pings after 1st token', ok, (t) => t.pings_after_ttft, formatCount),
      ...trialRow('no content for', ok, (t) => t.max_content_silence_ms, formatMs),
      ...row('max_silence_ms', 'no bytes for'),
    );
  }

  const failures = Object.entries(summary.failures).map(([status, count]) => `${count} ${status}`);
  const title = `--- ${mode} (${plural(summary.trials, 'trial')}: ${[`${summary.ok} ok`, ...failures].join(', ')}) ---`;
  const notes = [
    ...(rows.length === 0 ? [noFigures(trials)] : []),
    ...sweepNote(trials),
    ...chunkNote(summary),
    ...(pinged ? [ok.some((t) => t.pings_after_ttft > 0) ? PING_NOTE : PING_WAIT_NOTE] : []),
    ...flagNote(
      trials,
      (t) => t.buffered,
      'buffered: most tokens came in one burst at the end; something between you and the model holds the stream back',
    ),
    ...rebufferedNote(trials),
    ...cacheNote(trials),
    ...stallNotes(trials, stallMs),
    ...usageNote(ok, tokenizer),
  ];
  return { title, rows, notes };
}

/** A sweep's figures pool its lengths: the section below tells them apart. */
function sweepNote(trials: readonly Trial[]): string[] {
  const lengths = new Set(trials.flatMap((t) => (t.input_tokens === null ? [] : [t.input_tokens])));
  return lengths.size < 2
    ? []
    : [`these figures pool ${lengths.size} input lengths: the first token against each is below`];
}

function noFigures(trials: readonly Trial[]): string {
  return trials.every(isAbortExperiment)
    ? 'every stream was hung up by the abort experiment: see below'
    : 'no trial succeeded: no figures';
}

/** A row for a per-trial figure that is not a summary metric; nulls are left out, as in the summary. */
function trialRow<T extends Trial>(
  label: string,
  trials: readonly T[],
  value: (t: T) => number | null,
  format: (v: number) => string,
): Row[] {
  const distribution = describe(trials.map((t) => value(t) ?? NaN));
  return distribution ? [{ label, distribution, format }] : [];
}

/** Reasoning models think before they answer: then the first answer token is its own figure. */
function answerStartsLater(summary: ModeSummary): boolean {
  const { ttft_ms, ttfo_ms } = summary.metrics;
  return (
    ttfo_ms !== undefined &&
    (ttft_ms === undefined || ttfo_ms.median !== ttft_ms.median || ttfo_ms.n !== ttft_ms.n)
  );
}

function chunkNote(summary: ModeSummary): string[] {
  const perChunk = summary.metrics.tokens_per_chunk_mean?.median;
  if (perChunk === undefined || perChunk < BATCHING) return [];
  return [
    `chunks are not tokens: each chunk carries ${perChunk.toFixed(1)} tokens, so the gap is between batches, not tokens`,
  ];
}

function flagNote(
  trials: readonly Trial[],
  flagged: (t: Trial) => boolean,
  text: string,
): string[] {
  const count = trials.filter(flagged).length;
  return count === 0 ? [] : [`${count} of ${trials.length} trials ${text}`];
}

/** Bursts of many events per read: a buffer's flushes, told apart from a provider that batches tokens into one event. */
function rebufferedNote(trials: readonly Trial[]): string[] {
  const flagged = trials.filter((t) => t.rebuffered);
  if (flagged.length === 0) return [];
  const most = flagged.reduce((max, t) => Math.max(max, t.events_per_read_max ?? 0), 0);
  return [
    `${flagged.length} of ${trials.length} trials rebuffered: the tokens came in bursts of up to ${formatCount(most)} events per read; ` +
      "a buffer between you and the model (a proxy's, typically 4-8 KB) releases the stream each time it fills, so the gaps are its flushes, not the model's pace",
  ];
}

/** What the provider's prompt cache served, and how the first token moved with it. */
function cacheNote(trials: readonly Trial[]): string[] {
  const found = promptCache(
    '',
    trials.map((trial) => ({ trial, trial_index: 0, warmup: false })),
  );
  return found.flatMap((f) => {
    if (f.kind !== 'prompt_cache') return [];
    const first = f.mode === 'stream' ? 'TTFT' : 'TTFB';
    const versus =
      f.unserved_first === null
        ? `every trial that reported was served from cache (${first} ${formatMs(f.served_first.median)}, n=${f.served_first.n}): send --cache cold to measure an uncached prompt`
        : `${first} ${formatMs(f.served_first.median)} (n=${f.served_first.n}) against ${formatMs(f.unserved_first.median)} uncached (n=${f.unserved_first.n})`;
    return [
      `${f.served} of ${f.n} trials were served a median ${formatCount(f.cached_tokens)} prompt tokens from the provider's cache; ${versus}`,
    ];
  });
}

/**
 * Long content silences told apart by where the longest was: the wait for
 * the first token, at least the stall limit (pings may have come meanwhile;
 * a wait, never a stall), or content that stopped after it began (`stalled`).
 * The figure is the median of those silences.
 */
function stallNotes(trials: readonly Trial[], stallMs: number): string[] {
  const silence = (of: readonly Trial[]): string =>
    formatMs(median(of.map((t) => t.max_content_silence_ms ?? NaN)) ?? 0);
  const waiting = trials.filter(
    (t) => contentSilenceOf(t) === 'first_token' && (t.max_content_silence_ms as number) >= stallMs,
  );
  const stopped = trials.filter((t) => t.stalled && contentSilenceOf(t) === 'mid_answer');
  const notes: string[] = [];
  if (waiting.length > 0) {
    const pinged = waiting.filter(
      (t) => t.first_ping_ms !== null && (t.ttft_ms === null || t.first_ping_ms < t.ttft_ms),
    );
    notes.push(
      `${waiting.length} of ${trials.length} trials waited ${silence(waiting)} (median) for the first token, longer than the stall limit` +
        (pinged.length > 0
          ? `; in ${pinged.length} of them keep-alive pings came meanwhile: the wait was for the answer to begin, not content that stopped`
          : ''),
    );
  }
  if (stopped.length > 0) {
    notes.push(
      `${stopped.length} of ${trials.length} trials stalled mid-answer: content stopped for ${silence(stopped)} (median) after it began, ` +
        'longer than the stall limit, while the connection stayed open',
    );
  }
  return notes;
}

function usageNote(ok: readonly Trial[], tokenizer: string): string[] {
  const reported = ok.filter((t) => t.usage_completion_tokens !== null);
  const usage = median(reported.map((t) => t.usage_completion_tokens ?? NaN));
  const diff = median(reported.map((t) => t.usage_diff ?? NaN));
  if (usage === null || diff === null) return [];
  const counted = median(reported.map((t) => t.tokens)) ?? 0;
  const of = `(medians, n ${reported.length})`;
  if (diff === 0)
    return [
      `usage: the API's ${formatCount(usage)} completion tokens match the ${tokenizer} count ${of}`,
    ];
  return [
    `usage: the API reported ${formatCount(usage)} completion tokens, ${tokenizer} counted ${formatCount(counted)}: ` +
      `${formatSigned(diff)} ${of}; bills follow the API's figure`,
  ];
}

function renderBlocks(blocks: readonly Block[]): string[] {
  const header = ['', 'median', 'p95', 'n'];
  const cellsOf = (r: Row): string[] => [
    r.label,
    r.format(r.distribution.median),
    r.format(r.distribution.p95),
    String(r.distribution.n),
  ];
  // One set of column widths for every mode, so stream and plain line up.
  const all = blocks.flatMap((b) => b.rows.map(cellsOf));
  const widths = header.map((h, i) => Math.max(h.length, ...all.map((c) => (c[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`.trimEnd();

  return blocks.flatMap((block) => [
    '',
    block.title,
    ...(block.rows.length > 0 ? [line(header)] : []),
    ...block.rows.map((r) => line(cellsOf(r))),
    ...block.notes.map((n) => `  ${n}`),
  ]);
}

/**
 * Myth one: streaming makes the request faster. Stream (B) against plain (A),
 * paired by round: what streaming moved, each with its verdict, then what that
 * means (src/shared/findings.ts decides, as on the results screen).
 */
function streamVersusPlain(
  summaries: readonly ModeSummary[],
  rounds: readonly RoundTrial[],
  pace: number,
): string[] {
  const stream = summaries.find((s) => s.mode === 'stream')?.metrics;
  const plain = summaries.find((s) => s.mode === 'plain')?.metrics;
  if (!stream?.total_ms || !plain?.total_ms || !stream.ttft_ms || !plain.first_byte_ms) return [];
  const comparisons = compareRun(
    [''],
    rounds.map((r) => ({ ...r, profile_id: '' })),
  ).filter((c) => c.mode === 'stream_vs_plain');
  const of = (metric: Comparison['metric']): Comparison | undefined =>
    comparisons.find((c) => c.metric === metric);
  const line = (
    comparison: Comparison | undefined,
    figures: (c: Comparison) => string,
    what: string,
  ): string[] =>
    comparison
      ? [`  ${figures(comparison)}: ${verdictWords(comparison, 'plain', 'stream', what)}`]
      : [];
  // Each line quotes the medians of the rounds its comparison used: with failed
  // trials those can be fewer than every ok trial of a mode.
  return [
    'stream vs plain (stream − plain, paired by round where both were ok, with 95% intervals; medians over the same trials):',
    ...line(
      of('ttft_ms'),
      (c) => `first token ${formatMs(c.median_b_ms)} (TTFT) vs ${formatMs(c.median_a_ms)} (TTFB)`,
      'first token',
    ),
    ...line(
      of('total_ms'),
      (c) => `total ${formatMs(c.median_b_ms)} vs ${formatMs(c.median_a_ms)}`,
      'total',
    ),
    ...line(
      of('reader_done_ms'),
      (c) =>
        `a reader at ${formatCount(pace)} tok/s finishes at ${formatMs(c.median_b_ms)} streaming, ` +
        `${formatMs(c.median_a_ms)} without; waits ${readerMedian(stream.reader_wait_ms)} for text`,
      'reader finish',
    ),
    `  ${streamingMoved(summaries, rounds, of('ttft_ms'), of('total_ms'))}`,
  ];
}

function readerMedian(figure: Distribution | undefined): string {
  return figure === undefined ? '-' : formatMs(figure.median);
}

/** What streaming moved, in one sentence that the comparisons above back. */
function streamingMoved(
  summaries: readonly ModeSummary[],
  rounds: readonly RoundTrial[],
  first: Comparison | undefined,
  total: Comparison | undefined,
): string {
  const found = findings([{ profile_id: '', summaries, trials: rounds }]);
  const gaveNothing = found.find((f) => f.kind === 'stream_gave_nothing');
  if (gaveNothing) {
    return (
      `streaming gave nothing here: in ${gaveNothing.buffered} of ${gaveNothing.n} streams the tokens were held back ` +
      `and released at the end, so the first token came with the last (TTFT ${formatMs(gaveNothing.ttft.median)}` +
      `${gaveNothing.last_token ? `, last token ${formatMs(gaveNothing.last_token.median)}` : ''})`
    );
  }
  if (found.some((f) => f.kind === 'first_not_last')) {
    return 'streaming moved the first token, not the last';
  }
  if (!first || first.ci_low_ms === null) {
    return 'too few ok trials to tell what streaming moved: more --trials give intervals';
  }
  switch (first.verdict) {
    case 'a_lower':
      return 'the first token came later streamed than the first byte without streaming';
    case 'equivalent':
      return 'streaming did not bring the first token sooner here: the two are equivalent';
    case 'inconclusive':
      return `this sample cannot tell whether streaming brought the first token sooner: ${settleWords(first.rounds_to_settle)}`;
    case 'b_lower':
      break;
  }
  if (!total || total.ci_low_ms === null) {
    return 'streaming moved the first token; too few ok trials to compare the totals';
  }
  return total.verdict === 'inconclusive'
    ? `streaming moved the first token; this sample cannot tell whether it moved the last: ${settleWords(total.rounds_to_settle)}`
    : 'streaming moved the first token, and the totals differ too: something besides streaming ' +
        '(routing, caching, load) differs between the two paths';
}

/** Myth five: aborting a stream saves tokens. Per trial, what still came after the hang-up. */
function abortSection(
  after: number,
  trials: readonly Trial[],
  summaries: readonly ModeSummary[],
): string[] {
  const lines = [
    `abort experiment: hung up at the chunk that brought the answer to ${after} tokens`,
  ];
  for (const { trial, label } of numbered(trials)) {
    const abort = isAbortExperiment(trial) ? trial.abort : null;
    if (!abort) continue;
    const close =
      abort.close_ms === null
        ? 'socket still open after the grace period'
        : `socket closed ${formatMs(abort.close_ms)} later`;
    lines.push(
      `  ${label}  hung up at ${formatMs(abort.at_ms)} after ${trial.tokens} tokens, ${close}; ` +
        `then ${plural(abort.bytes_after, 'byte')}, ${plural(abort.chunks_after, 'chunk')} arrived`,
    );
  }
  const completed = trials.filter((t) => t.mode === 'stream' && t.status === 'ok').length;
  if (completed > 0)
    lines.push(`  ${plural(completed, 'stream')} ended before reaching ${after} tokens`);
  const hungUp = trials.filter(isAbortExperiment);
  if (hungUp.length > 0)
    lines.push(`  ${measuredAfterHangUp(hungUp)}`, `  ${abortCaution(hungUp, summaries)}`);
  return lines;
}

/** What the socket showed after the hang-up, over the streams hung up on. */
function measuredAfterHangUp(hungUp: readonly Trial[]): string {
  const aborts = hungUp.flatMap((t) => (t.abort ? [t.abort] : []));
  const continued = aborts.filter((a) => a.bytes_after > 0 || a.chunks_after > 0);
  const closeMs = median(aborts.map((a) => a.close_ms ?? NaN));
  const open = aborts.filter((a) => a.close_ms === null).length;
  const closing = [
    ...(closeMs === null
      ? []
      : [`the socket closed ${formatMs(closeMs)} after the hang-up (median)`]),
    ...(open === 0 ? [] : [`${open} of ${aborts.length} still open after the grace period`]),
  ].join(', ');
  if (continued.length === 0) {
    return `measured: no bytes arrived after the hang-up on ${plural(aborts.length, 'stream')}; ${closing}`;
  }
  const bytes = aborts.reduce((sum, a) => sum + a.bytes_after, 0);
  const chunks = aborts.reduce((sum, a) => sum + a.chunks_after, 0);
  return (
    `measured: data still arrived after the hang-up in ${continued.length} of ${aborts.length} streams ` +
    `(${bytes} bytes, ${chunks} chunks in all); ${closing}`
  );
}

/**
 * What the socket cannot show: whether the server went on generating, and
 * billing. The provider's usage page can, for these request ids.
 */
function abortCaution(hungUp: readonly Trial[], summaries: readonly ModeSummary[]): string {
  const fullAnswer = summaries.find((s) => s.mode === 'plain')?.metrics.tokens;
  const ids = hungUp.flatMap((t) => (t.request_id === null ? [] : [oneLine(t.request_id)]));
  const missing = hungUp.length - ids.length;
  const lookUp =
    ids.length === 0
      ? 'the provider sent no request ids: look these requests up by time in its usage page'
      : `look these requests up in the provider's usage page: ${ids.join(', ')}` +
        (missing > 0 ? ` (${missing} sent no request id)` : '');
  return (
    'caution, not measured: closing the socket may not stop the server, which may generate, and bill, the rest of the answer' +
    (fullAnswer
      ? ` (a full answer here is ${formatCount(fullAnswer.median)} tokens, plain median)`
      : '') +
    `; ${lookUp}; cap generation with --max-tokens`
  );
}

function failedTrials(trials: readonly Trial[]): string[] {
  const lines: string[] = [];
  for (const { trial, label } of numbered(trials)) {
    if (trial.status === 'ok' || isAbortExperiment(trial)) continue;
    const retry = trial.retry_after_s === null ? '' : ` (Retry-After ${trial.retry_after_s} s)`;
    lines.push(safeLine`  ${label}  ${trial.status}  ${trial.error ?? ''}${retry}`.trimEnd());
  }
  return lines.length === 0 ? [] : ['failed trials:', ...lines];
}

/** Trials labelled as the user counts them: `stream #2` is the second stream trial. */
function numbered(trials: readonly Trial[]): { trial: Trial; label: string; index: number }[] {
  const counts = new Map<Mode, number>();
  return trials.map((trial) => {
    const n = (counts.get(trial.mode) ?? 0) + 1;
    counts.set(trial.mode, n);
    return { trial, label: `${trial.mode} #${n}`, index: n };
  });
}
