// Progress of a run on stderr, from the run's events. Profiles run side by
// side, so unlike a probe's single live line each finished trial gets its own
// line, named by profile; on a terminal a status line below them shows the
// trials in flight with their live chunk counts, and the profiles waiting for
// their next call. A rate limit's wait gets a line of its own anywhere: a run
// that goes quiet for a minute should say why.

import { formatSeconds } from '../../shared/duration';
import type { ProfileWait, RunEvent } from '../../shared/run';
import type { Mode } from '../../shared/trial';
import type { TextOutput } from './io';
import { oneLine } from './format';
import { trialLine } from './progress';
import { displayWidth, truncate } from './table';

const CR = '\r';
const ERASE = '\x1b[K';

interface Running {
  label: string;
  chunks: number | null;
}

export interface RunProgressSetup {
  /** API calls the plan announced. */
  total: number;
  /** Profile names by id. */
  names: ReadonlyMap<string, string>;
  trials: number;
  warmup: boolean;
}

/** `rate limited: waiting 20 s`, with what the provider asked when the wait is capped. */
export function waitText(wait: Omit<ProfileWait, 'profile_id'>): string {
  const seconds = formatSeconds(Math.ceil(wait.wait_ms / 100) * 100);
  if (wait.reason === 'pacing') return `paced: next call in ${seconds}`;
  const asked = wait.capped
    ? ` (Retry-After ${wait.retry_after_s} s, capped by --max-retry-wait)`
    : '';
  return `rate limited: waiting ${seconds}${asked}`;
}

/** `stream #2`, or `plain warm-up`. */
function trialLabel(mode: Mode, trialIndex: number, warmup: boolean): string {
  return warmup ? `${mode} warm-up` : `${mode} #${trialIndex}`;
}

export function createRunProgress(out: TextOutput, setup: RunProgressSetup) {
  const live = out.isTTY === true;
  const width = String(setup.total).length;
  const nameWidth = Math.min(24, Math.max(...[...setup.names.values()].map(displayWidth)));
  const labelWidth = setup.warmup ? 'stream warm-up'.length : `stream #${setup.trials}`.length;
  const running = new Map<string, Running>();
  const waiting = new Map<string, string>();
  let finished = 0;
  let statusShown = false;

  const name = (id: string): string => {
    const text = truncate(oneLine(setup.names.get(id) ?? id), nameWidth);
    return text + ' '.repeat(Math.max(0, nameWidth - displayWidth(text)));
  };

  /** Writes whole lines above the status line, then draws it again. */
  const lines = (text: string): void => {
    out.write(`${statusShown ? `${CR}${ERASE}` : ''}${text}`);
    statusShown = false;
    drawStatus();
  };

  const drawStatus = (): void => {
    if (!live || running.size + waiting.size === 0) return;
    const inFlight = [
      ...[...running.entries()].map(
        ([id, r]) =>
          `${oneLine(setup.names.get(id) ?? id)} ${r.label} ${r.chunks === null ? '…' : `${r.chunks} chunks`}`,
      ),
      ...[...waiting.entries()].map(
        ([id, text]) => `${oneLine(setup.names.get(id) ?? id)} ${text}`,
      ),
    ];
    const status = `[${String(finished).padStart(width)}/${setup.total}] running: ${inFlight.join(' · ')}`;
    out.write(`${CR}${truncate(status, Math.max(20, (out.columns ?? 100) - 1))}${ERASE}`);
    statusShown = true;
  };

  return {
    handle(event: RunEvent): void {
      switch (event.type) {
        case 'trial_started':
          waiting.delete(event.profile_id);
          running.set(event.profile_id, {
            label: trialLabel(event.mode, event.trial_index, event.warmup),
            chunks: null,
          });
          drawStatus();
          return;
        case 'trial_progress': {
          const current = running.get(event.profile_id);
          if (current) current.chunks = event.chunks;
          drawStatus();
          return;
        }
        case 'trial_finished': {
          running.delete(event.profile_id);
          // A trial cut short by the user is not a measurement: it is neither saved nor shown.
          if (!event.saved) return drawStatus();
          finished++;
          const label = trialLabel(event.mode, event.trial_index, event.warmup);
          lines(
            `[${String(finished).padStart(width)}/${setup.total}] ${name(event.profile_id)}  ` +
              `${label.padEnd(labelWidth)}  ${trialLine(event.trial)}\n`,
          );
          return;
        }
        case 'profile_waiting': {
          const text = waitText(event);
          waiting.set(event.profile_id, text);
          if (event.reason === 'rate_limit') lines(`${name(event.profile_id)}  ${text}\n`);
          else drawStatus();
          return;
        }
        case 'profile_failed':
          running.delete(event.profile_id);
          waiting.delete(event.profile_id);
          lines(`lasttoken: ${oneLine(event.message)}\n`);
          return;
        case 'run_error':
          lines(`lasttoken: ${oneLine(event.message)}\n`);
          return;
        case 'run_finished':
          running.clear();
          waiting.clear();
          if (statusShown) out.write(`${CR}${ERASE}`);
          statusShown = false;
          return;
        case 'run_started':
          return;
      }
    },
    /** Removes the status line (the run was cancelled before it finished). */
    clear(): void {
      running.clear();
      waiting.clear();
      if (statusShown) out.write(`${CR}${ERASE}`);
      statusShown = false;
    },
  };
}
