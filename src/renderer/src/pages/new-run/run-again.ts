// "Run again": an earlier run's settings as New run's draft, so that a run
// can be measured again today with nothing retyped. Everything New run can
// say is filled in from the run as it was stored: its prompt as sent (a
// prompt read from a file is that file's text; a synthetic one is its
// question and input lengths, from which main builds the same filler), its
// modes, trials, limits, shared parameters, cache policy, warm-up and
// connection policy, its label, and how often its series repeated while this
// app still knows it. Its profiles that no longer exist are left out and
// named, never replaced by others.

import type { SeriesView } from '../../../../shared/api';
import {
  DEFAULT_CACHE_POLICY,
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  inputLengths,
  profileNameOf,
  TIME_LIMITS,
  type Profile,
  type RunConfig,
  type RunRecord,
} from '../../../../shared/run';
import type { DraftOrigin } from './draft-memory';
import { paramsDraftOf } from '../profiles/profile-draft';
import { NO_REPEAT, type RepeatDraft } from './repeat-draft';
import { draftForProfiles, secondsText, type ModeChoice, type RunDraft } from './run-draft';

export interface RunAgainDraft {
  draft: RunDraft;
  repeat: RepeatDraft;
  origin: DraftOrigin;
}

const THOUSAND = 1000;

/** An input length as the field reads it: "8k" for 8,000, so that a preset's lengths show as the preset. */
function lengthText(length: number): string {
  return length % THOUSAND === 0 ? `${length / THOUSAND}k` : String(length);
}

function modeChoiceOf(config: Pick<RunConfig, 'modes'>): ModeChoice {
  if (config.modes.includes('stream') && config.modes.includes('plain')) return 'both';
  return config.modes[0] ?? 'stream';
}

/** The draft that makes this configuration again (every profile it names, existing or not). */
export function draftOfConfig(config: RunConfig): RunDraft {
  return {
    profileIds: [...config.profile_ids],
    prompt: config.prompt,
    modes: modeChoiceOf(config),
    trials: String(config.trials),
    maxTokens: String(config.max_tokens),
    timeouts: Object.fromEntries(
      TIME_LIMITS.map((limit) => [limit, secondsText(config.limits[limit])]),
    ) as RunDraft['timeouts'],
    warmup: config.warmup,
    reuseConnection: config.reuse_connection,
    // A run stored before these existed ran at the defaults they now have.
    maxRetryWait: secondsText(config.max_retry_wait_ms ?? DEFAULT_MAX_RETRY_WAIT_MS),
    giveUpAfter: String(config.give_up_after ?? DEFAULT_GIVE_UP_AFTER),
    inputTokens: inputLengths(config).map(lengthText).join(', '),
    cache: config.cache ?? DEFAULT_CACHE_POLICY,
    params: paramsDraftOf(config.params ?? {}),
  };
}

const MINUTE = 60_000;

/** How often the run's series repeated: known while this app runs it or ran it; else one run. */
export function repeatOfRun(
  run: Pick<RunRecord, 'series_id' | 'label'>,
  series: readonly SeriesView[],
): RepeatDraft {
  const label = run.label ?? '';
  const known = series.find((s) => s.series_id === run.series_id);
  if (run.series_id === null || !known || known.count < 2 || known.every_ms < 1) {
    return { ...NO_REPEAT, label };
  }
  return { count: String(known.count), everyMinutes: String(known.every_ms / MINUTE), label };
}

/** The run's settings for New run, its profiles narrowed to those that still exist. */
export function runAgainDraft(
  run: RunRecord,
  profiles: readonly Profile[],
  series: readonly SeriesView[],
): RunAgainDraft {
  const existing = new Set(profiles.map((p) => p.id));
  return {
    draft: draftForProfiles(draftOfConfig(run.config), profiles),
    repeat: repeatOfRun(run, series),
    origin: {
      run_id: run.id,
      started_at: run.started_at,
      missing: run.config.profile_ids
        .filter((id) => !existing.has(id))
        .map((id) => profileNameOf(run, id)),
    },
  };
}
