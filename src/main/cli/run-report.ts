// The human report of a saved run, for `lasttoken run` and `lasttoken show`:
// the probe's report (report-table.ts) once per profile, then the profiles side
// by side. Pure functions of what the store returns.

import {
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  inputLengths,
  osText,
  profileNameOf,
  type CachePolicy,
  type ProfileFailure,
  type RunConfig,
  type RunDetail,
  type RunEnvironment,
  type RunRecord,
} from '../../shared/run';
import { effectiveParams, type RequestParams } from '../../shared/request-params';
import { failingProfiles, hidesFailures, type FailingProfile } from '../../shared/failing-profiles';
import { headlineFirstTokenMetric, metricLabel, type ModeSummary } from '../../shared/summary';
import type { Mode } from '../../shared/trial';
import { TOKENIZER } from '../probe';
import { trialSchedule } from '../runs/plan';
import { formatMs, oneLine, plural, safeLine } from './format';
import { renderReport } from './report-table';
import { renderRunComparisons } from './run-comparisons';
import { renderTable } from './table';
import { formatSeconds as seconds } from '../../shared/duration';

/** How the run met rate limits (runs saved before these options took the defaults). */
function rateLimitText(config: RunConfig): string {
  const wait = config.max_retry_wait_ms ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const giveUp = config.give_up_after ?? DEFAULT_GIVE_UP_AFTER;
  return (
    (wait === 0
      ? 'Retry-After not waited for'
      : `Retry-After waited for, at most ${seconds(wait)}`) +
    (giveUp === 0
      ? '; profiles never give up'
      : `; a profile gives up after ${plural(giveUp, 'failed trial')} in a row`)
  );
}

/**
 * A completed run whose profile made fewer calls than planned stopped it early
 * (it gave up, or its key could not be read). Said where its figures are for
 * the runs stored before the reason was kept with them: only then is it a guess.
 */
function stoppedEarly(detail: RunDetail, profileId: string): string | null {
  if (detail.run.status !== 'completed') return null;
  const planned = trialSchedule(detail.run.config).length;
  const made = detail.trials.filter((t) => t.profile_id === profileId).length;
  return made < planned ? `stopped early: made ${made} of its ${planned} planned calls` : null;
}

/**
 * Every profile's report, then a comparison when there are several. A profile
 * that stopped early says why as the run said it live (`failures`: the run's
 * outcome, or the record kept with it).
 */
export function renderRunReport(
  detail: RunDetail,
  failures: readonly ProfileFailure[] | null = detail.run.profile_failures,
): string {
  const { run } = detail;
  const failing = failingOf(detail);
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
    const failure = failures?.find((f) => f.profile_id === profile.id);
    if (counted.length > 0) {
      const report = renderReport({
        endpoint,
        tokenizer: TOKENIZER,
        trials: counted,
        summaries: detail.summaries[profile.id] ?? [],
        abortAfter: null,
        stallMs: detail.run.config.limits.stall_ms,
      });
      // A profile that stopped part way: its figures cover the trials it made, and say so.
      const why = failure?.message ?? (failures === null ? stoppedEarly(detail, profile.id) : null);
      return why ? report + safeLine`  ${why}\n` : report;
    }
    return (
      safeLine`${profile.name}: ${profile.model} @ ${profile.base_url} (${profile.dialect})\n` +
      safeLine`  ${failure ? failure.message : 'no trials saved'}\n`
    );
  });
  const comparison = sideBySide(run, detail.summaries);
  const verdicts = comparison ? renderRunComparisons(detail) : null;
  return [
    ...(failing.length > 0 ? [failingSection(detail.run, failing)] : []),
    ...blocks,
    ...(comparison ? [comparison] : []),
    ...(verdicts ? [verdicts] : []),
  ].join('\n');
}

/** The run's profiles that measured nothing or mostly failed (failing-profiles.ts). */
export function failingOf(detail: RunDetail): FailingProfile[] {
  return failingProfiles(
    detail.run.profiles.map((p) => p.id),
    detail.trials,
  );
}

/**
 * A run's status, and "with failures" when a profile stopped early, was not
 * measured, or measured nothing or mostly failed (as the app's badge says).
 */
export function runStatusWords(detail: RunDetail): string {
  const { status, profile_failures } = detail.run;
  return status === 'completed' &&
    hidesFailures(failingOf(detail).length, (profile_failures ?? []).length)
    ? 'completed with failures'
    : status;
}

/** Before any figure: which profiles had no ok trial, or mostly failed, and why. */
function failingSection(run: RunRecord, failing: readonly FailingProfile[]): string {
  const lines = failing.map((f) => {
    const name = profileNameOf(run, f.profile_id);
    const how =
      f.ok === 0
        ? `no trial ended ok; ${f.count} of ${f.trials} failed with ${f.status}`
        : `only ${f.ok} of ${f.trials} trials ended ok; ${f.count} failed with ${f.status}`;
    return safeLine`  ${name}: ${how}${f.message === null ? '' : `: ${f.message}`}\n`;
  });
  return `failures (their figures below leave every failed trial out):\n${lines.join('')}`;
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
  const lengths = inputLengths(config).length;
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
    ['status', runStatusWords(detail)],
    ['started', `${localTime(run.started_at)} (${ended})`],
    ...(run.label === null ? [] : [['label', run.label] as [string, string]]),
    ['measured by', environmentText(run.environment)],
    ...(run.series_id === null
      ? []
      : [
          [
            'series',
            `${run.series_id} (lasttoken history --series ${run.series_id.slice(0, 8)})`,
          ] as [string, string],
        ]),
    ...run.profiles.map((p, i): [string, string] => [
      i === 0 ? 'profiles' : '',
      `${p.name} (${p.id}): ${p.model} @ ${p.base_url}, ${p.dialect}` +
        paramsText(effectiveParams(p.params, config.params)),
    ]),
    ['prompt', promptLine(config)],
    ['cache', cacheText(config.cache)],
    [
      'plan',
      `${plural(config.trials, 'trial')} of ${config.modes.join(' and ')} per profile` +
        `${lengths > 1 ? ` at each of ${lengths} input lengths` : ''}` +
        `${config.warmup ? ', after a warm-up per mode' : ''}, max_tokens ${config.max_tokens}, ` +
        `${plural(run.planned_calls, 'API call')}`,
    ],
    [
      'limits',
      `connect ${seconds(limits.connect_timeout_ms)}, idle ${seconds(limits.idle_timeout_ms)}, ` +
        `stall ${seconds(limits.stall_ms)}, deadline ${seconds(limits.deadline_ms)}; ` +
        (config.reuse_connection ? 'one connection reused' : 'a new connection per trial'),
    ],
    ['rate limits', rateLimitText(config)],
    // Which profiles stopped early and the reason's name (as in show --json); the report below says why in full.
    ...(run.profile_failures === null || run.profile_failures.length === 0
      ? []
      : [
          [
            'stopped',
            run.profile_failures
              .map((f) => `${profileNameOf(run, f.profile_id)} (${f.reason})`)
              .join(', '),
          ] as [string, string],
        ]),
    [
      'saved',
      `${plural(counted, 'trial')}: ${ok} ok, ${counted - ok} failed` +
        (warmups > 0 ? `; ${plural(warmups, 'warm-up')}` : ''),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  // The values quote the run file or the history the run came from.
  return [
    safeLine`run ${run.id}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${oneLine(value)}`),
  ]
    .map((line) => `${line}\n`)
    .join('');
}

/** The LastToken and the machine that measured the run, as the run recorded them. */
function environmentText(environment: RunEnvironment | null): string {
  if (environment === null) return 'not recorded (a run from before LastToken kept it)';
  const { lasttoken_version, os, cpus, runtime } = environment;
  const processors =
    cpus.count === 0
      ? []
      : [`${plural(cpus.count, 'CPU')}${cpus.model === '' ? '' : ` (${cpus.model})`}`];
  return [`LastToken ${lasttoken_version}`, osText(os), ...processors, runtime].join(', ');
}

/** What the requests carried besides the prompt, after the profile's line; nothing when nothing. */
function paramsText(params: RequestParams): string {
  const parts = [
    params.system === undefined
      ? null
      : `system prompt of ${plural(params.system.length, 'character')}`,
    params.temperature === undefined ? null : `temperature ${params.temperature}`,
    params.top_p === undefined ? null : `top_p ${params.top_p}`,
    params.seed === undefined ? null : `seed ${params.seed}`,
    params.stop === undefined
      ? null
      : `stop ${params.stop.map((s) => JSON.stringify(s)).join(' ')}`,
    params.reasoning_effort === undefined ? null : `reasoning_effort ${params.reasoning_effort}`,
    params.thinking_budget === undefined
      ? null
      : `thinking budget ${params.thinking_budget} tokens`,
    params.token_param === undefined ? null : `token limit as ${params.token_param}`,
    params.extra_body === undefined ? null : `extra body ${JSON.stringify(params.extra_body)}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? '' : `; ${parts.join(', ')}`;
}

function cacheText(cache: CachePolicy | undefined): string {
  switch (cache) {
    case 'cold':
      return "cold: each trial's prompt starts with a marker of its own, so no trial shares a prefix a cache could serve";
    case 'warm':
      return 'warm: identical prompts, the cache primed by the warm-ups';
    case undefined:
      return 'identical prompts, not primed (measured before LastToken chose a cache policy)';
  }
}

/** What the trials sent as their prompt: as given, or filler of each input length around it. */
function promptLine(config: RunConfig): string {
  const lengths = inputLengths(config);
  if (lengths.length === 0) return JSON.stringify(config.prompt);
  const said =
    lengths.length === 1
      ? plural(lengths[0] as number, 'input token')
      : `a sweep of ${lengths.map((n) => n.toLocaleString('en-US')).join(', ')} input tokens`;
  return `${said} (o200k_base): filler, then ${JSON.stringify(config.prompt)}`;
}
