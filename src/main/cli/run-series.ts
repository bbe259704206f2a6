// `lasttoken run --repeat N --every D`: N runs of one configuration, tagged
// with one series id, each saved and reported as soon as it ends.
//
// - --every is measured from one repetition's start to the next's, so the
//   runs keep to the clock whatever each one takes; a repetition that takes
//   longer than the interval is followed at once, and the progress says so.
// - A repetition that fails (every trial failed, a profile could not be
//   measured, even an error of its own) does not end the series: a provider
//   that is down at 3 a.m. is what a long measurement is there to see.
// - Ctrl-C (SIGINT, SIGTERM) ends the series: a run in progress is cancelled
//   as a single run is (kept, `cancelled`, with its finished trials), a wait
//   ends at once, and the runs that finished stay saved.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatDuration, formatSeconds } from '../../shared/duration';
import type { RunTags } from '../../shared/run';
import { plural } from './format';
import { complain, signalExitCode, type CliIo } from './io';
import { localTime } from './run-report';

export interface SeriesSetup {
  count: number;
  /** From one repetition's start to the next's; 0: each right after the previous. */
  everyMs: number;
  label: string | null;
  /** API calls of one repetition. */
  calls: number;
}

/** One repetition: a whole run, reported; resolves with the run's exit code. */
export type RunOnce = (tags: RunTags) => Promise<number>;

export interface SeriesDeps {
  now?: () => number;
  newId?: () => string;
}

/** The history table shows this much of a series id, and `history --series` takes it. */
export const SHORT_SERIES = 8;

export async function runSeries(
  runOnce: RunOnce,
  setup: SeriesSetup,
  io: CliIo,
  deps: SeriesDeps = {},
): Promise<number> {
  const now = deps.now ?? Date.now;
  const series_id = (deps.newId ?? randomUUID)();
  const short = series_id.slice(0, SHORT_SERIES);
  const { count, everyMs } = setup;
  const interrupted = (): boolean => io.interrupt?.aborted === true;
  io.stderr.write(
    `series ${series_id}: ${plural(count, 'run')}, ` +
      (everyMs > 0
        ? `one every ${formatDuration(everyMs)} (start to start)`
        : 'one after another') +
      `; ${plural(count * setup.calls, 'API call')} in all\n`,
  );

  let failed = 0;
  let finished = 0;
  for (let k = 1; k <= count && !interrupted(); k++) {
    const startedAt = now();
    const nextAt = startedAt + everyMs;
    io.stderr.write(
      `repetition ${k}/${count}` +
        (k < count && everyMs > 0 ? `, next at ${clockTime(nextAt, startedAt)}` : '') +
        '\n',
    );
    let code: number;
    try {
      code = await runOnce({ series_id, label: setup.label });
    } catch (error) {
      // Its own failure, not the series': the next repetition may well work.
      complain(
        io,
        `repetition ${k}/${count} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      code = 1;
    }
    if (interrupted()) break;
    finished++;
    if (code !== 0) failed++;
    if (k === count) break;
    const wait = nextAt - now();
    if (everyMs > 0 && wait <= 0) {
      io.stderr.write(
        `repetition ${k}/${count} took ${formatSeconds(now() - startedAt)}, longer than --every ` +
          `${formatDuration(everyMs)}: repetition ${k + 1} starts now\n`,
      );
    }
    if (wait > 0) {
      await sleep(wait, undefined, { signal: io.interrupt }).catch(() => {
        // Aborted by Ctrl-C: the loop's condition ends the series.
      });
    }
  }

  if (interrupted()) {
    complain(
      io,
      `interrupted: series ${series_id} ended after ${plural(finished, 'finished repetition')} of ${count}; ` +
        `the runs are saved (lasttoken history --series ${short})`,
    );
    return signalExitCode(io.interrupt?.reason);
  }
  io.stderr.write(
    `series ${series_id}: ${plural(count, 'run')} saved` +
      (failed > 0 ? `, ${failed} with failures (see above)` : '') +
      `; lasttoken history --series ${short} lists them\n`,
  );
  return failed > 0 ? 1 : 0;
}

/** 14:30:00, with the date when it is another day. */
function clockTime(at: number, from: number): string {
  const text = localTime(new Date(at).toISOString());
  return text.slice(0, 10) === localTime(new Date(from).toISOString()).slice(0, 10)
    ? text.slice(11)
    : text;
}
