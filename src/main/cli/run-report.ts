// The human report of a saved run, for `lasttoken run` and `lasttoken show`:
// the probe's report (report-table.ts) once per profile, then the profiles side
// by side. Pure functions of what the store returns.

import type { ProfileFailure, RunDetail, RunRecord } from '../../shared/run';
import { headlineFirstTokenMetric, metricLabel, type ModeSummary } from '../../shared/summary';
import type { Mode } from '../../shared/trial';
import { TOKENIZER } from '../probe';
import { formatMs, plural } from './format';
import { renderReport } from './report-table';
import { renderTable } from './table';
import { formatSeconds as seconds } from '../../shared/duration';

/** Every profile's report, then a comparison when there are several. */
export function renderRunReport(
  detail: RunDetail,
  failures: readonly ProfileFailure[] = [],
): string {
  const { run } = detail;
  const blocks = run.profiles.map((profile) => {
    const counted = detail.trials
      .filter((t) => t.profile_id === profile.id && !t.warmup)
      .map((t) => t.trial);
    const endpoint = {
      name: profile.name,
      base_url: profile.base_url,
      model: profile.model,
      dialect: profile.dialect,
    };
    if (counted.length > 0) {
      return renderReport({
        endpoint,
        tokenizer: TOKENIZER,
        trials: counted,
        summaries: detail.summaries[profile.id] ?? [],
        abortAfter: null,
      });
    }
    const failure = failures.find((f) => f.profile_id === profile.id);
    return (
      `${profile.name}: ${profile.model} @ ${profile.base_url} (${profile.dialect})\n` +
      `  ${failure ? failure.message : 'no trials saved'}\n`
    );
  });
  const comparison = sideBySide(run, detail.summaries);
  return [...blocks, ...(comparison ? [comparison] : [])].join('\n');
}

/**
 * Per mode, one row per profile: the medians people compare first, with the
 * ok trials they come from. Only when at least two profiles have figures.
 */
function sideBySide(run: RunRecord, summaries: RunDetail['summaries']): string | null {
  const measured = run.profiles.filter((p) => (summaries[p.id] ?? []).some((s) => s.ok > 0));
  if (measured.length < 2) return null;
  const sections = run.config.modes.map((mode) => {
    const headline = headlineFirstTokenMetric(mode);
    const rows = measured.map((profile) => {
      const summary = (summaries[profile.id] ?? []).find((s) => s.mode === mode);
      return [profile.name, ...figures(summary, mode)];
    });
    const header = [
      mode,
      metricLabel(headline, mode),
      'total',
      metricLabel('e2e_tps', mode),
      'ok/trials',
    ];
    return renderTable(header, rows, { rightAligned: [1, 2, 3, 4], indent: '  ' });
  });
  return `side by side (medians of the ok trials):\n${sections.join('\n')}`;
}

function figures(summary: ModeSummary | undefined, mode: Mode): string[] {
  if (!summary) return ['-', '-', '-', '-'];
  const { metrics } = summary;
  const ms = (value: number | undefined): string => (value === undefined ? '-' : formatMs(value));
  const tps = metrics.e2e_tps?.median;
  return [
    ms(metrics[headlineFirstTokenMetric(mode)]?.median),
    ms(metrics.total_ms?.median),
    tps === undefined ? '-' : tps.toFixed(1),
    `${summary.ok}/${summary.trials}`,
  ];
}

/** A local time as `2025-01-31 14:30:05`, the way --since and --until read dates. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number): string => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}

const sameDay = (a: string, b: string): boolean =>
  localTime(a).slice(0, 10) === localTime(b).slice(0, 10);

/** What `show` prints above the report: the run's configuration and how it went. */
export function renderRunHeader(detail: RunDetail): string {
  const { run, trials } = detail;
  const { config } = run;
  const warmups = trials.filter((t) => t.warmup).length;
  const counted = trials.length - warmups;
  const ok = trials.filter((t) => !t.warmup && t.trial.status === 'ok').length;
  const ended =
    run.ended_at === null
      ? 'not ended'
      : `ended ${sameDay(run.started_at, run.ended_at) ? localTime(run.ended_at).slice(11) : localTime(run.ended_at)}, ` +
        `${seconds(Date.parse(run.ended_at) - Date.parse(run.started_at))} later`;
  const { limits } = config;
  const rows: [string, string][] = [
    ['status', run.status],
    ['started', `${localTime(run.started_at)} (${ended})`],
    ...run.profiles.map((p, i): [string, string] => [
      i === 0 ? 'profiles' : '',
      `${p.name} (${p.id}): ${p.model} @ ${p.base_url}, ${p.dialect}`,
    ]),
    ['prompt', JSON.stringify(config.prompt)],
    [
      'plan',
      `${plural(config.trials, 'trial')} of ${config.modes.join(' and ')} per profile` +
        `${config.warmup ? ', after a warm-up per mode' : ''}, max_tokens ${config.max_tokens}, ` +
        `${plural(run.planned_calls, 'API call')}`,
    ],
    [
      'limits',
      `connect ${seconds(limits.connect_timeout_ms)}, idle ${seconds(limits.idle_timeout_ms)}, ` +
        `stall ${seconds(limits.stall_ms)}, deadline ${seconds(limits.deadline_ms)}; ` +
        (config.reuse_connection ? 'one connection reused' : 'a new connection per trial'),
    ],
    [
      'saved',
      `${plural(counted, 'trial')}: ${ok} ok, ${counted - ok} failed` +
        (warmups > 0 ? `; ${plural(warmups, 'warm-up')}` : ''),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [`run ${run.id}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)]
    .map((line) => `${line}\n`)
    .join('');
}
