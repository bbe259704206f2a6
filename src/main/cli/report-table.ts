// The human report of a probe run: per mode the seed script's table (median
// TTFT, total, gap) grown by p95 and n, then the article's myths wherever the
// data shows them, the abort experiment, and the failed trials. A pure function
// of the results, so every line can be tested without a server.

import { describe, median, type Distribution } from '../../shared/stats';
import { headlineFirstTokenMetric, metricLabel, type ModeSummary } from '../../shared/summary';
import type { Dialect, Mode, SummaryMetric, Trial } from '../../shared/trial';
import { formatCount, formatMetric, formatMs, formatPercent, formatSigned, plural } from './format';

export interface ReportInput {
  /** `name`: a saved profile's, shown first (a run reports one block per profile). */
  endpoint: { base_url: string; model: string; dialect: Dialect; name?: string };
  tokenizer: string;
  /** In the order they ran. */
  trials: readonly Trial[];
  summaries: readonly ModeSummary[];
  /** The abort experiment's token count, when it ran. */
  abortAfter: number | null;
}

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

// Stream and plain totals this close are the same wait, given trial-to-trial noise.
const SAME_TOTAL = 0.05;
const PING_NOTE =
  'keep-alive pings kept the connection alive while no content came: an open stream is not a live one';
// Above this many tokens per chunk the server batches, and gaps are between batches.
const BATCHING = 1.5;

export function renderReport(input: ReportInput): string {
  const { endpoint, tokenizer } = input;
  const blocks = input.summaries.map((summary) =>
    modeBlock(
      summary,
      input.trials.filter((t) => t.mode === summary.mode),
      tokenizer,
    ),
  );
  const lines = [
    `${endpoint.name === undefined ? '' : `${endpoint.name}: `}${endpoint.model} @ ${endpoint.base_url} (${endpoint.dialect}), tokens counted with ${tokenizer}`,
  ];
  lines.push(...renderBlocks(blocks));

  const crossMode = streamVersusPlain(input.summaries);
  const abort =
    input.abortAfter === null ? [] : abortSection(input.abortAfter, input.trials, input.summaries);
  const failed = failedTrials(input.trials);
  for (const section of [crossMode, abort, failed]) {
    if (section.length > 0) lines.push('', ...section);
  }
  return `${lines.join('\n')}\n`;
}

/** A trial the abort experiment hung up on: it ended as planned, not as a failure. */
export function isAbortExperiment(trial: Trial): boolean {
  return trial.status === 'aborted' && trial.abort !== null;
}

function modeBlock(summary: ModeSummary, trials: readonly Trial[], tokenizer: string): Block {
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
  ];
  const pinged = ok.some((t) => t.pings > 0);
  if (pinged) {
    // An open stream is not a live one: keep-alives hide how long content stopped.
    rows.push(
      ...trialRow('pings', ok, (t) => t.pings, formatCount),
      ...trialRow('no content for', ok, (t) => t.max_content_silence_ms, formatMs),
      ...row('max_silence_ms', 'no bytes for'),
    );
  }

  const failures = Object.entries(summary.failures).map(([status, count]) => `${count} ${status}`);
  const title = `--- ${mode} (${plural(summary.trials, 'trial')}: ${[`${summary.ok} ok`, ...failures].join(', ')}) ---`;
  const notes = [
    ...(rows.length === 0 ? [noFigures(trials)] : []),
    ...chunkNote(summary),
    ...(pinged ? [PING_NOTE] : []),
    ...flagNote(
      trials,
      (t) => t.buffered,
      'buffered: most tokens came in one burst at the end; something between you and the model holds the stream back',
    ),
    ...flagNote(
      trials,
      (t) => t.stalled,
      'stalled: content stopped longer than the stall limit while the connection stayed open',
    ),
    ...usageNote(ok, tokenizer),
  ];
  return { title, rows, notes };
}

function noFigures(trials: readonly Trial[]): string {
  return trials.every(isAbortExperiment)
    ? 'every stream was hung up by the abort experiment: see below'
    : 'no trial succeeded: no figures';
}

/** A row for a per-trial figure that is not a summary metric; nulls are left out, as in the summary. */
function trialRow(
  label: string,
  trials: readonly Trial[],
  value: (t: Trial) => number | null,
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

/** Myth one: streaming makes the request faster. The totals say whether it did. */
function streamVersusPlain(summaries: readonly ModeSummary[]): string[] {
  const stream = summaries.find((s) => s.mode === 'stream')?.metrics;
  const plain = summaries.find((s) => s.mode === 'plain')?.metrics;
  const streamTotal = stream?.total_ms;
  const plainTotal = plain?.total_ms;
  if (!streamTotal || !plainTotal || !stream.ttft_ms || !plain.first_byte_ms) return [];
  const change = (streamTotal.median - plainTotal.median) / plainTotal.median;
  const verdict =
    Math.abs(change) <= SAME_TOTAL
      ? 'streaming moved the first token, not the last'
      : `the totals differ by ${formatPercent(change)}: more than streaming alone explains; ` +
        'more --trials tell a real difference from noise';
  return [
    `stream vs plain: first token ${formatMs(stream.ttft_ms.median)} (TTFT) vs ${formatMs(plain.first_byte_ms.median)} (TTFB), ` +
      `total ${formatMs(streamTotal.median)} vs ${formatMs(plainTotal.median)} (${formatPercent(change)}, medians)`,
    `  ${verdict}`,
  ];
}

/** Myth five: aborting a stream saves tokens. Per trial, what still came after the hang-up. */
function abortSection(
  after: number,
  trials: readonly Trial[],
  summaries: readonly ModeSummary[],
): string[] {
  const lines = [`abort experiment: hung up after ${after} tokens`];
  for (const { trial, label } of numbered(trials)) {
    const abort = isAbortExperiment(trial) ? trial.abort : null;
    if (!abort) continue;
    const close =
      abort.close_ms === null
        ? 'socket still open after the grace period'
        : `socket closed ${formatMs(abort.close_ms)} later`;
    lines.push(
      `  ${label}  hung up at ${formatMs(abort.at_ms)} after ${trial.tokens} tokens, ${close}; ` +
        `then ${abort.bytes_after} bytes, ${abort.chunks_after} chunks arrived`,
    );
  }
  const completed = trials.filter((t) => t.mode === 'stream' && t.status === 'ok').length;
  if (completed > 0)
    lines.push(`  ${plural(completed, 'stream')} ended before reaching ${after} tokens`);
  const fullAnswer = summaries.find((s) => s.mode === 'plain')?.metrics.tokens;
  lines.push(
    '  closing the socket does not stop the server: it may generate, and bill, the rest of the answer' +
      (fullAnswer
        ? ` (a full answer here is ${formatCount(fullAnswer.median)} tokens, plain median)`
        : '') +
      '. Compare the usage your provider reports for these requests; cap generation with --max-tokens',
  );
  return lines;
}

function failedTrials(trials: readonly Trial[]): string[] {
  const lines: string[] = [];
  for (const { trial, label } of numbered(trials)) {
    if (trial.status === 'ok' || isAbortExperiment(trial)) continue;
    const retry = trial.retry_after_s === null ? '' : ` (Retry-After ${trial.retry_after_s} s)`;
    lines.push(`  ${label}  ${trial.status}  ${trial.error ?? ''}${retry}`.trimEnd());
  }
  return lines.length === 0 ? [] : ['failed trials:', ...lines];
}

/** Trials labelled as the user counts them: `stream #2` is the second stream trial. */
function numbered(trials: readonly Trial[]): { trial: Trial; label: string }[] {
  const counts = new Map<Mode, number>();
  return trials.map((trial) => {
    const n = (counts.get(trial.mode) ?? 0) + 1;
    counts.set(trial.mode, n);
    return { trial, label: `${trial.mode} #${n}` };
  });
}
