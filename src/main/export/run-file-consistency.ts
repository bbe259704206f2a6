// What a run file's schema cannot say: that the file agrees with itself. Its
// trials belong to the run's profiles and plan; a trial's times come in the
// order they happen (t0, headers, first byte, first event, first token, last
// token, end), its chunk count, first and last token and gaps are those of
// its chunks' arrivals, and its counts stay within what the engine lets a
// trial keep. A file that contradicts itself would show impossible figures as
// measurements ("total −5000 ms"): it is refused whole, with the first
// contradiction found and where it is. So is a file whose profiles carry a
// credential in their URL (the same rule as wherever a URL is taken): the
// history would keep it and show it.

import type { RunLimits, StoredTrial } from '../../shared/run';
import type { Trial } from '../../shared/trial';
import { MAX_PINGS } from '../probe/run-trial';
import {
  credentialQueryMessage,
  isCredentialQuery,
  urlCredentialProblem,
} from '../probe/url-credentials';
import { trialSchedule } from '../runs/plan';
import type { RunFileContent } from './run-file';

/** Where in the file (a path as the schema's messages give one, "trials.3.trial.ttft_ms") and what is wrong. */
export interface Inconsistency {
  at: string;
  reason: string;
}

/** The times of a trial in the order they happen; each present one is at least the one before. */
const IN_ORDER = [
  'headers_ms',
  'first_byte_ms',
  'first_event_ms',
  'ttft_ms',
  'last_token_ms',
  'total_ms',
] as const satisfies readonly (keyof Trial)[];

// gaps_ms are rounded to microseconds (trial-metrics.ts); their arrivals are not.
const GAP_TOLERANCE_MS = 0.001;

const quoted = (text: string): string => JSON.stringify(text);

/** The first contradiction in the file, or null when it agrees with itself. */
export function firstInconsistency(content: RunFileContent): Inconsistency | null {
  return runInconsistency(content) ?? trialsInconsistency(content);
}

function runInconsistency({ run, profiles }: RunFileContent): Inconsistency | null {
  const ids = new Set<string>();
  for (const [i, { id }] of profiles.entries()) {
    if (ids.has(id)) {
      return { at: `profiles.${i}.id`, reason: `profile ${quoted(id)} is listed twice` };
    }
    ids.add(id);
  }
  const planned = new Set(run.config.profile_ids);
  for (const [i, id] of run.config.profile_ids.entries()) {
    if (!ids.has(id)) {
      return {
        at: `run.config.profile_ids.${i}`,
        reason: `the run was planned with profile ${quoted(id)}, which the file does not describe`,
      };
    }
  }
  for (const [i, { id }] of profiles.entries()) {
    if (!planned.has(id)) {
      return {
        at: `profiles.${i}.id`,
        reason: `profile ${quoted(id)} is not one the run was planned with`,
      };
    }
  }
  for (const [i, profile] of profiles.entries()) {
    const credential = snapshotCredential(profile);
    if (credential) return { at: `profiles.${i}`, reason: credential };
  }
  for (const [i, { profile_id }] of (run.profile_failures ?? []).entries()) {
    if (!ids.has(profile_id)) {
      return {
        at: `run.profile_failures.${i}.profile_id`,
        reason: `a failure names profile ${quoted(profile_id)}, which is not the run's`,
      };
    }
  }
  if (run.ended_at !== null && Date.parse(run.ended_at) < Date.parse(run.started_at)) {
    return { at: 'run.ended_at', reason: 'the run ended before it started' };
  }
  return null;
}

function snapshotCredential({
  id,
  base_url,
  query,
}: RunFileContent['profiles'][number]): string | null {
  const url = URL.canParse(base_url) ? new URL(base_url) : null;
  const inUrl = url === null ? null : urlCredentialProblem(url);
  const inQuery = Object.entries(query).find(([name, value]) =>
    isCredentialQuery(name, value.trim()),
  );
  const problem = inUrl ?? (inQuery ? credentialQueryMessage(inQuery[0]) : null);
  return problem === null ? null : `profile ${quoted(id)}'s base URL: ${problem}`;
}

function trialsInconsistency({ run, profiles, trials }: RunFileContent): Inconsistency | null {
  const ids = new Set(profiles.map((p) => p.id));
  const planned = new Set(
    trialSchedule(run.config).map((t) => `${t.mode}\u0000${t.trial_index}\u0000${t.warmup}`),
  );
  const seen = new Set<string>();
  for (const [i, stored] of trials.entries()) {
    const { profile_id, trial_index, warmup, trial } = stored;
    const at = `trials.${i}`;
    if (!ids.has(profile_id)) {
      return {
        at: `${at}.profile_id`,
        reason: `the trial is of profile ${quoted(profile_id)}, which is not among the run's profiles`,
      };
    }
    const key = `${trial.mode}\u0000${trial_index}\u0000${warmup}`;
    if (!planned.has(key)) {
      return {
        at: `${at}.trial_index`,
        reason: `${describe(stored)} is not in the run's plan (${run.config.modes.join(' and ')}, trials 1 to ${run.config.trials}${run.config.warmup ? ', warm-ups 0' : ''})`,
      };
    }
    if (seen.has(`${profile_id}\u0000${key}`)) {
      return { at, reason: `${describe(stored)} is listed twice` };
    }
    seen.add(`${profile_id}\u0000${key}`);
    const found = trialInconsistency(trial, run.config.limits);
    if (found) {
      return { at: `${at}.trial.${found.at}`, reason: `${describe(stored)}: ${found.reason}` };
    }
  }
  return null;
}

/** "stream trial 2 of profile "p-1"", "the plain warm-up of profile "p-1"". */
function describe({ profile_id, trial_index, warmup, trial }: Omit<StoredTrial, 'run_id'>): string {
  const which = warmup ? `the ${trial.mode} warm-up` : `${trial.mode} trial ${trial_index}`;
  return `${which} of profile ${quoted(profile_id)}`;
}

function trialInconsistency(trial: Trial, limits: RunLimits): Inconsistency | null {
  let previous: (typeof IN_ORDER)[number] | null = null;
  for (const field of IN_ORDER) {
    const value = trial[field];
    if (value === null) continue;
    const before = previous === null ? null : trial[previous];
    if (previous !== null && before !== null && value < before) {
      return { at: field, reason: `${field} (${value}) is before ${previous} (${before})` };
    }
    previous = field;
  }
  const { chunks, pings } = trial.timeline;
  const arrivals = chunks.map((c) => c.at_ms);
  if (trial.chunks !== chunks.length) {
    return {
      at: 'chunks',
      reason: `it counts ${trial.chunks} chunks, its timeline has ${chunks.length}`,
    };
  }
  for (let k = 1; k < arrivals.length; k++) {
    if ((arrivals[k] as number) < (arrivals[k - 1] as number)) {
      return {
        at: `timeline.chunks.${k}.at_ms`,
        reason: 'a chunk arrives before the one before it',
      };
    }
  }
  const firstContent = chunks.find((c) => c.kind !== 'reasoning')?.at_ms ?? null;
  const expected: [keyof Trial, number | null][] = [
    ['ttft_ms', arrivals[0] ?? null],
    ['ttfo_ms', firstContent],
    ['last_token_ms', arrivals[arrivals.length - 1] ?? null],
  ];
  for (const [field, arrival] of expected) {
    if (trial[field] !== arrival) {
      return {
        at: field,
        reason: `${field} (${String(trial[field])}) is not its chunks' arrival (${String(arrival)})`,
      };
    }
  }
  const gaps = trial.gaps_ms;
  if (gaps.length !== Math.max(0, arrivals.length - 1)) {
    return {
      at: 'gaps_ms',
      reason: `it has ${gaps.length} gaps between ${arrivals.length} chunks`,
    };
  }
  for (const [k, gap] of gaps.entries()) {
    const between = (arrivals[k + 1] as number) - (arrivals[k] as number);
    if (Math.abs(gap - between) > GAP_TOLERANCE_MS) {
      return {
        at: `gaps_ms.${k}`,
        reason: `a gap of ${gap} ms between chunks that arrived ${between} ms apart`,
      };
    }
  }
  // Folded, not spread into Math.max: a long stream has more gaps than a call takes arguments.
  const longest = gaps.length === 0 ? null : gaps.reduce((a, b) => Math.max(a, b));
  if (trial.gap_max_ms !== longest) {
    return {
      at: 'gap_max_ms',
      reason: `gap_max_ms (${String(trial.gap_max_ms)}) is not its longest gap (${String(longest)})`,
    };
  }
  return countInconsistency(trial, limits, pings.length);
}

/** The counts the engine bounds (run-trial.ts): a trial past them was ended before it could hold more. */
function countInconsistency(trial: Trial, limits: RunLimits, pings: number): Inconsistency | null {
  if (trial.pings !== pings) {
    return {
      at: 'pings',
      reason: `it counts ${trial.pings} keep-alives, its timeline has ${pings}`,
    };
  }
  // The keep-alive that passes the limit is the last one kept.
  if (pings > MAX_PINGS + 1) {
    return {
      at: 'timeline.pings',
      reason: `more than ${MAX_PINGS} keep-alives, as no trial keeps`,
    };
  }
  const chars = trial.timeline.chunks.reduce((sum, c) => sum + c.chars, 0);
  if (chars > limits.max_text_chars) {
    return {
      at: 'timeline.chunks',
      reason: `its chunks carry ${chars} characters, more than the run's max_text_chars (${limits.max_text_chars})`,
    };
  }
  for (const [k, chunk] of trial.timeline.chunks.entries()) {
    if (chunk.bytes > limits.max_event_bytes) {
      return {
        at: `timeline.chunks.${k}.bytes`,
        reason: `a chunk of ${chunk.bytes} bytes, more than the run's max_event_bytes (${limits.max_event_bytes})`,
      };
    }
  }
  return null;
}
