// What a run's page shows that only all of its trials can tell: how many
// there are, the summary per profile × mode, every comparison, the findings
// and the tokens the API reported. It depends on the trials alone (at one
// reading pace), so main computes it once, when a run ends or comes in from a
// run file, and stores it with the run (src/main/store/run-digests.ts): the
// page reads a few kilobytes instead of every trial. In steps (steps.ts),
// since a run of many trials takes seconds of bootstrap resampling.
// Pure: no Node, no DOM.

import { compareRunSteps, type Comparison, type ComparedTrial } from './comparisons';
import { failingProfiles, type FailingProfile } from './failing-profiles';
import { findingsSteps, type Finding } from './findings';
import type { ProfileSnapshot } from './run';
import { prefillFitsSteps, type PrefillFit, type PrefillTrial } from './prefill';
import { median } from './stats';
import { completed, ITEMS_PER_STEP, type Steps } from './steps';
import { summarizeSteps, type ModeSummary, type SummarizedTrial } from './summary';
import { MODES, SUMMARY_METRICS, type Mode, type Trial } from './trial';

export interface TrialCounts {
  /** Every trial saved, warm-ups included. */
  all: number;
  /** Those counted: not warm-ups. */
  counted: number;
  /** Of the counted, those that ended ok. */
  ok: number;
}

/** What the API reported as completion tokens, over one profile × mode's ok counted trials that report it. */
export interface ReportedTokens {
  /** Median and n of the API's count; null when no trial reported one. */
  usage: { median: number; n: number } | null;
  /** Median of (API − counted) over those trials. */
  difference: number | null;
}

export interface RunDigest {
  /** The reading pace (tokens/s) of every reader figure in it. */
  reader_pace_tps: number;
  trial_counts: TrialCounts;
  /** Keyed by profile id: the run's profiles in order, then any other profile a trial names. */
  summaries: Record<string, ModeSummary[]>;
  /** Every A-vs-B and stream-vs-plain comparison (comparisons.ts). */
  comparisons: Comparison[];
  /** What the data shows of the myths (findings.ts). */
  findings: Finding[];
  /** Profiles with no ok trial, or mostly failed, in the run's order (failing-profiles.ts). */
  failing_profiles: FailingProfile[];
  /** Keyed by profile id, then mode: every profile × mode with a summary. */
  reported_tokens: Record<string, Partial<Record<Mode, ReportedTokens>>>;
  /**
   * Keyed by profile id, then mode: how the first token's time grows with the
   * prompt (prefill.ts), for each profile × mode whose trials swept at least
   * two input lengths; empty for any other run.
   */
  prefill: Record<string, Partial<Record<Mode, PrefillFit>>>;
}

/**
 * Every field of a trial a digest reads (the summary metrics hold those the
 * comparisons read): figures only, never a timeline or a text.
 */
export const DIGEST_FIELDS = [
  'mode',
  'status',
  ...SUMMARY_METRICS,
  'pings',
  'pings_before_ttft',
  'pings_after_ttft',
  'first_ping_ms',
  'max_content_silence_ms',
  'buffered',
  'burst_share',
  'rebuffered',
  'events_per_read_max',
  'abort',
  'request_id',
  'reader_pace_tps',
  'usage_completion_tokens',
  'usage_diff',
  'cached_prompt_tokens',
  'usage_prompt_tokens',
  'input_tokens',
  'error',
] as const satisfies readonly (keyof Trial)[];

/** What a digest reads of a trial: where it is in the run, and its DIGEST_FIELDS. */
export interface DigestTrial extends ComparedTrial {
  trial: Pick<Trial, (typeof DIGEST_FIELDS)[number]>;
}

/** What a summary by profile reads of a trial. */
type ProfileTrial = Pick<DigestTrial, 'profile_id' | 'warmup'> & { trial: SummarizedTrial };

/**
 * The digest of a run's trials, given in the run's order (findings list
 * request ids in it), their reader figures at `reader_pace_tps`.
 */
export function runDigest(
  profiles: readonly ProfileSnapshot[],
  trials: readonly DigestTrial[],
  reader_pace_tps: number,
): RunDigest {
  return completed(runDigestSteps(profiles, trials, reader_pace_tps));
}

/** runDigest, in steps: none handles more than ITEMS_PER_STEP trials or one bootstrap's part. */
export function* runDigestSteps(
  profiles: readonly ProfileSnapshot[],
  trials: readonly DigestTrial[],
  reader_pace_tps: number,
): Steps<RunDigest> {
  const byProfile = yield* trialsByProfileSteps(trials);
  const summaries = yield* summariesOfSteps(profiles, byProfile);
  const comparisons = yield* compareRunSteps(
    profiles.map((p) => p.id),
    trials,
  );
  // Findings compare each profile's stream with its plain trials: the run's comparisons have it.
  const versus = new Map<string, Comparison[]>();
  for (const c of comparisons) {
    if (c.mode !== 'stream_vs_plain') continue;
    const own = versus.get(c.profile_a);
    if (own) own.push(c);
    else versus.set(c.profile_a, [c]);
  }
  const found = yield* findingsSteps(
    profiles.map((profile) => ({
      profile_id: profile.id,
      summaries: summaries[profile.id] ?? [],
      trials: byProfile.get(profile.id) ?? [],
      versus: versus.get(profile.id) ?? [],
    })),
  );
  return {
    reader_pace_tps,
    trial_counts: yield* trialCountsSteps(trials),
    summaries,
    comparisons,
    findings: found,
    reported_tokens: yield* reportedTokensSteps(summaries, byProfile),
    prefill: yield* prefillSteps(byProfile),
    failing_profiles: failingProfiles(
      profiles.map((p) => p.id),
      trials,
    ),
  };
}

/** Snapshot profiles in the run's order, then any other profile a trial names. */
export function summariesByProfile(
  profiles: readonly ProfileSnapshot[],
  trials: readonly ProfileTrial[],
): Record<string, ModeSummary[]> {
  return completed(summariesByProfileSteps(profiles, trials));
}

function* summariesByProfileSteps(
  profiles: readonly ProfileSnapshot[],
  trials: readonly ProfileTrial[],
): Steps<Record<string, ModeSummary[]>> {
  return yield* summariesOfSteps(profiles, yield* trialsByProfileSteps(trials));
}

/** Each profile's trials, in the order given; profiles in the order their first trial comes. */
function* trialsByProfileSteps<T extends { profile_id: string }>(
  trials: readonly T[],
): Steps<Map<string, T[]>> {
  const byProfile = new Map<string, T[]>();
  for (const [i, trial] of trials.entries()) {
    if (i > 0 && i % ITEMS_PER_STEP === 0) yield;
    const list = byProfile.get(trial.profile_id);
    if (list) list.push(trial);
    else byProfile.set(trial.profile_id, [trial]);
  }
  return byProfile;
}

function* summariesOfSteps(
  profiles: readonly ProfileSnapshot[],
  byProfile: ReadonlyMap<string, readonly ProfileTrial[]>,
): Steps<Record<string, ModeSummary[]>> {
  const names = new Map(profiles.map((p) => [p.id, p.name]));
  for (const id of byProfile.keys()) if (!names.has(id)) names.set(id, id);
  const summaries: Record<string, ModeSummary[]> = {};
  for (const [id, name] of names) {
    const counted = (byProfile.get(id) ?? []).filter((t) => !t.warmup).map((t) => t.trial);
    summaries[id] = yield* summarizeSteps(name, counted);
  }
  return summaries;
}

function* trialCountsSteps(trials: readonly DigestTrial[]): Steps<TrialCounts> {
  let counted = 0;
  let ok = 0;
  for (const [i, { warmup, trial }] of trials.entries()) {
    if (i > 0 && i % ITEMS_PER_STEP === 0) yield;
    if (warmup) continue;
    counted++;
    if (trial.status === 'ok') ok++;
  }
  return { all: trials.length, counted, ok };
}

function* reportedTokensSteps(
  summaries: Record<string, ModeSummary[]>,
  byProfile: ReadonlyMap<string, readonly DigestTrial[]>,
): Steps<RunDigest['reported_tokens']> {
  const reported: RunDigest['reported_tokens'] = {};
  for (const [id, modes] of Object.entries(summaries)) {
    const trials = byProfile.get(id) ?? [];
    const ofProfile: Partial<Record<Mode, ReportedTokens>> = {};
    for (const mode of MODES) {
      if (!modes.some((summary) => summary.mode === mode)) continue;
      const ok = trials.filter(
        (t) => !t.warmup && t.trial.mode === mode && t.trial.status === 'ok',
      );
      ofProfile[mode] = reportedTokens(ok.map((t) => t.trial));
    }
    reported[id] = ofProfile;
    yield;
  }
  return reported;
}

function reportedTokens(
  ok: readonly Pick<Trial, 'usage_completion_tokens' | 'usage_diff'>[],
): ReportedTokens {
  const reported = ok.filter((trial) => trial.usage_completion_tokens !== null);
  const usage = median(reported.map((trial) => trial.usage_completion_tokens ?? NaN));
  return {
    usage: usage === null ? null : { median: usage, n: reported.length },
    difference: median(reported.map((trial) => trial.usage_diff ?? NaN)),
  };
}

/** RunDigest.prefill of the trials, in the order given. */
export function prefillByProfile(trials: readonly PrefillOfTrial[]): RunDigest['prefill'] {
  return completed(prefillSteps(completed(trialsByProfileSteps(trials))));
}

type PrefillOfTrial = Pick<DigestTrial, 'profile_id' | 'warmup'> & { trial: PrefillTrial };

function* prefillSteps(
  byProfile: ReadonlyMap<string, readonly PrefillOfTrial[]>,
): Steps<RunDigest['prefill']> {
  const prefill: RunDigest['prefill'] = {};
  for (const [id, trials] of byProfile) {
    const fits = yield* prefillFitsSteps(trials.filter((t) => !t.warmup).map((t) => t.trial));
    if (Object.keys(fits).length > 0) prefill[id] = fits;
  }
  return prefill;
}
