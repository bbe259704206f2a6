// "Repeat every" and the run's label on the new-run form: the same N runs,
// one series, that `lasttoken run --repeat N --every D --label L` makes, for
// as long as the app stays open. Kept apart from the run's draft: it says how
// often to run the configuration, not how to measure.

import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import { MAX_LABEL_CHARS, MAX_REPEAT, MAX_REPEAT_EVERY_MS } from '../../../../shared/run';
import type { RunConfigInput } from './run-draft';

export interface RepeatDraft {
  /** Runs in all, as typed; 1: a single run. */
  count: string;
  /** Minutes from one run's start to the next's, as typed. */
  everyMinutes: string;
  /** Where the runs are measured (a machine, a place); empty: none. */
  label: string;
}

export type RepeatError =
  | { field: 'count'; max: number }
  | { field: 'every'; max: number }
  | { field: 'label'; max: number };

export const MAX_EVERY_MINUTES = MAX_REPEAT_EVERY_MS / 60_000;

export const NO_REPEAT: RepeatDraft = { count: '1', everyMinutes: '30', label: '' };

export interface ParsedRepeat {
  count: number;
  every_ms: number;
  label: string | null;
  errors: RepeatError[];
}

export function parseRepeat(draft: RepeatDraft): ParsedRepeat {
  const errors: RepeatError[] = [];
  const count = Number(draft.count.trim());
  const countOk = draft.count.trim() !== '' && Number.isSafeInteger(count) && count >= 1;
  if (!countOk || count > MAX_REPEAT) errors.push({ field: 'count', max: MAX_REPEAT });
  const minutes = Number(draft.everyMinutes.trim());
  const every_ms = Math.round(minutes * 60_000);
  // The interval matters only when there is more than one run.
  if (
    countOk &&
    count > 1 &&
    (draft.everyMinutes.trim() === '' ||
      !Number.isFinite(minutes) ||
      every_ms < 1 ||
      minutes > MAX_EVERY_MINUTES)
  ) {
    errors.push({ field: 'every', max: MAX_EVERY_MINUTES });
  }
  const label = draft.label.trim();
  if (label.length > MAX_LABEL_CHARS) errors.push({ field: 'label', max: MAX_LABEL_CHARS });
  return {
    count: countOk ? count : 1,
    every_ms: count > 1 ? every_ms : 0,
    label: label || null,
    errors,
  };
}

/** What to start: runsRepeat when the runs repeat or carry a label, else a plain runsStart. */
export function repeatRequest(
  config: RunConfigInput,
  repeat: ParsedRepeat,
): InputOf<IpcContract['runsRepeat']> | null {
  if (repeat.count === 1 && repeat.label === null) return null;
  return { config, count: repeat.count, every_ms: repeat.every_ms, label: repeat.label };
}
