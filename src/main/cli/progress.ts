// Progress on stderr while a probe runs. On a terminal one line is rewritten
// in place with a live chunk counter; anywhere else (a pipe, a CI log) each
// finished trial gets one line and nothing else is written.

import { headlineFirstTokenMetric, metricLabel } from '../../shared/summary';
import type { Mode, Trial } from '../../shared/trial';
import type { TrialProgress } from '../probe';
import { formatMs, oneLine } from './format';
import type { TextOutput } from './io';

export interface Progress {
  /** A trial starts; `index` counts all trials of the run from 1. */
  start(index: number, mode: Mode): void;
  /** Live figures of the running trial (TrialOptions.onProgress). */
  update(progress: TrialProgress): void;
  finish(trial: Trial): void;
  /** The running trial was cancelled: drop its live line. */
  cancel(): void;
  /** Between trials, a wait: on its own line when `announce` (a rate limit), else only live. */
  waiting(text: string, announce: boolean): void;
}

// Return to column 0 / erase to the end of the line.
const CR = '\r';
const ERASE = '\x1b[K';

export function createProgress(out: TextOutput, total: number): Progress {
  const live = out.isTTY === true;
  let prefix = '';
  const width = String(total).length;
  return {
    start(index, mode) {
      prefix = `[${String(index).padStart(width)}/${total}] ${mode.padEnd(6)}`;
      if (live) out.write(`${CR}${prefix}  …${ERASE}`);
    },
    update(progress) {
      if (live) out.write(`${CR}${prefix}  ${progress.chunks} chunks${ERASE}`);
    },
    finish(trial) {
      out.write(`${live ? CR : ''}${prefix}  ${trialLine(trial)}${live ? ERASE : ''}\n`);
    },
    cancel() {
      if (live) out.write(`${CR}${ERASE}`);
    },
    waiting(text, announce) {
      if (announce) out.write(`${live ? CR : ''}${text}${live ? ERASE : ''}\n`);
      else if (live) out.write(`${CR}${text}${ERASE}`);
    },
  };
}

/** One finished trial in a line: `ok  TTFT 152 ms  total 980 ms  41 tok`, or the status and what went wrong. */
export function trialLine(trial: Trial): string {
  const headline = headlineFirstTokenMetric(trial.mode);
  const parts: string[] = [trial.status];
  const first = trial[headline];
  if (first !== null) parts.push(`${metricLabel(headline, trial.mode)} ${formatMs(first)}`);
  if (trial.total_ms !== null) parts.push(`total ${formatMs(trial.total_ms)}`);
  if (trial.tokens > 0) parts.push(`${trial.tokens} tok`);
  if (trial.error !== null) parts.push(trial.error);
  // The error quotes the provider: one line, nothing a terminal would obey.
  return oneLine(parts.join('  '));
}
