// The app's "repeat every": N runs of one configuration while the app stays
// open, tagged with one series id, as `lasttoken run --repeat N --every D`
// does on the command line (src/main/cli/run-series.ts):
// - the interval is measured from one repetition's start to the next's; a
//   repetition that takes longer is followed at once (the view says so with
//   `late`);
// - a repetition that fails, or cannot even start, does not end the series;
// - cancel ends it: the wait is dropped and the run in progress is cancelled
//   (kept as `cancelled` with its finished trials, as any run is).
// Every change is pushed as a `series_progress` event with the whole view, so
// the live screen says "repetition k of N, next at 14:30" and follows each
// new run. The clock and the timers are injected: tests step through hours.

import { randomUUID } from 'node:crypto';
import type { AppEvent, SeriesView } from '../../shared/api';
import type { RunConfig, RunOutcome, RunTags } from '../../shared/run';

/** A run started for the series: its id, and its end (never rejects). */
export interface LaunchedRun {
  run_id: string;
  done: Promise<RepetitionEnd>;
}

/**
 * How a repetition ended. `failed` as `lasttoken run` counts it (exit code
 * 1): not completed, a profile that could not be measured, or every counted
 * trial failed.
 */
export interface RepetitionEnd {
  outcome: RunOutcome;
  failed: boolean;
}

export interface SeriesTimers {
  /** Wall clock, ms since the epoch. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: SeriesTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SeriesDeps {
  launch(config: RunConfig, tags: RunTags): Promise<LaunchedRun>;
  cancelRun(run_id: string): void;
  publish(event: AppEvent): void;
  timers?: SeriesTimers;
  newId?: () => string;
}

export interface SeriesRequest {
  config: RunConfig;
  /** Runs in all, at least 2. */
  count: number;
  /** From one repetition's start to the next's; 0: each right after the previous. */
  every_ms: number;
  label: string | null;
}

interface ActiveSeries {
  request: SeriesRequest;
  view: SeriesView;
  timer: unknown;
  stopped: boolean;
}

export class RunSeries {
  private readonly active = new Map<string, ActiveSeries>();
  private readonly timers: SeriesTimers;

  constructor(private readonly deps: SeriesDeps) {
    this.timers = deps.timers ?? realTimers;
  }

  /**
   * Starts the first repetition and answers with it; throws as starting one
   * run does (a bad configuration), before anything else is scheduled.
   */
  async start(request: SeriesRequest): Promise<{ series_id: string; run_id: string }> {
    const series_id = (this.deps.newId ?? randomUUID)();
    const first = await this.deps.launch(request.config, { series_id, label: request.label });
    const series: ActiveSeries = {
      request,
      view: {
        series_id,
        label: request.label,
        count: request.count,
        every_ms: request.every_ms,
        repetition: 1,
        run_id: first.run_id,
        run_ids: [first.run_id],
        failed: 0,
        state: 'running',
        next_at: null,
        late: false,
      },
      timer: null,
      stopped: false,
    };
    this.active.set(series_id, series);
    this.follow(series, first, this.timers.now());
    return { series_id, run_id: first.run_id };
  }

  /** Ends a series: no further repetition, the one in progress cancelled. False when none is going. */
  cancel(series_id: string): boolean {
    const series = this.active.get(series_id);
    if (!series) return false;
    series.stopped = true;
    if (series.view.state === 'waiting') {
      this.timers.clearTimeout(series.timer);
      this.end(series, 'cancelled');
    } else if (series.view.run_id !== null) {
      // The run's end ends the series (follow).
      this.deps.cancelRun(series.view.run_id);
    }
    return true;
  }

  /** The series a run belongs to, when it is one of a series still going. */
  seriesOf(run_id: string): string | null {
    for (const [id, series] of this.active) if (series.view.run_id === run_id) return id;
    return null;
  }

  /** Every series still going (copies). */
  list(): SeriesView[] {
    return [...this.active.values()].map((series) => ({ ...series.view }));
  }

  /** Drops every wait: on quit, the runs themselves are stopped by the run service. */
  close(): void {
    for (const series of this.active.values()) {
      series.stopped = true;
      this.timers.clearTimeout(series.timer);
    }
    this.active.clear();
  }

  private follow(series: ActiveSeries, run: LaunchedRun, startedAt: number): void {
    this.publish(series);
    void run.done.then((end) => this.repetitionEnded(series, startedAt, end));
  }

  private repetitionEnded(series: ActiveSeries, startedAt: number, end: RepetitionEnd | null) {
    const { view, request } = series;
    if (!this.active.has(view.series_id)) return;
    if (end === null || end.failed) view.failed++;
    view.run_id = null;
    if (series.stopped || end?.outcome.status === 'cancelled') {
      return this.end(series, 'cancelled');
    }
    if (view.repetition >= request.count) return this.end(series, 'finished');
    const nextAt = startedAt + request.every_ms;
    const wait = nextAt - this.timers.now();
    view.state = 'waiting';
    view.late = request.every_ms > 0 && wait <= 0;
    view.next_at = new Date(Math.max(nextAt, this.timers.now())).toISOString();
    this.publish(series);
    series.timer = this.timers.setTimeout(() => void this.next(series), Math.max(0, wait));
  }

  private async next(series: ActiveSeries): Promise<void> {
    const { view, request } = series;
    if (series.stopped) return;
    view.repetition++;
    view.state = 'running';
    view.next_at = null;
    view.late = false;
    const startedAt = this.timers.now();
    let run: LaunchedRun;
    try {
      run = await this.deps.launch(request.config, {
        series_id: view.series_id,
        label: request.label,
      });
    } catch {
      // This repetition could not start (a profile removed since, a full disk):
      // the series goes on, as it does past a repetition that failed.
      this.repetitionEnded(series, startedAt, null);
      return;
    }
    view.run_id = run.run_id;
    view.run_ids.push(run.run_id);
    // Cancelled while it was starting: it stops at once.
    if (series.stopped) this.deps.cancelRun(run.run_id);
    this.follow(series, run, startedAt);
  }

  private end(series: ActiveSeries, state: 'finished' | 'cancelled'): void {
    series.view.state = state;
    series.view.next_at = null;
    series.view.run_id = null;
    this.active.delete(series.view.series_id);
    this.publish(series);
  }

  private publish(series: ActiveSeries): void {
    const view = { ...series.view, run_ids: [...series.view.run_ids] };
    this.deps.publish({
      type: 'series_progress',
      run_id: view.run_ids.at(-1) as string,
      series: view,
    });
  }
}
