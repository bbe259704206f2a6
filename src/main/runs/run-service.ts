// Runs as the app starts and follows them: a plan before anything is sent, a
// run started in main (its id returned at once), the live state of every run
// in progress (a page opened mid-run starts from it), its events pushed to
// whoever listens, cancel, delete, and on quit every run still going marked
// `interrupted`, as the history marks a run whose process died.
//
// Progress is pushed at most 10 times a second per run, as one event with
// every running trial; every event is published from the run's queue, so no
// fan-out (IPC, a browser's event stream) sits between a socket and its
// timestamp.

import { estimateDuration, type RecentTrialTimes } from './duration-estimate';
import { promptTexts } from '../prompts';
import { learningInto } from './profile-learning';
import {
  trialKey,
  type AppEvent,
  type ArrivalPoint,
  type FinishedTrial,
  type LiveRun,
  type LiveTrial,
  type LiveWait,
  type RunPlanView,
  type SeriesView,
  type TrialPosition,
} from '../../shared/api';
import type { ProfileLookup, RunConfig, RunEvent, RunTags } from '../../shared/run';
import { arrivalPoints, trialBrief } from '../charts/run-charts';
import { usesBuiltinSimulator, withBuiltinEndpoint } from '../profiles';
import type { BuiltinSimulator } from '../sim';
import type { Store } from '../store';
import type { Emitter } from './emitter';
import { planRun, runConfigProblems } from './plan';
import { startRun, type KeySource, type RunDeps, type RunHandle } from './run-orchestrator';
import { offSocketQueue, type TurnQueue } from './turn-queue';
import { RunSeries, type LaunchedRun, type SeriesRequest, type SeriesTimers } from './run-series';
import { englishOf, type MessageText, type Worded } from '../../shared/messages';

const NO_TAGS: RunTags = { series_id: null, label: null };

/** Progress events of one run are at least this far apart. */
export const PROGRESS_INTERVAL_MS = 100;
/** A running trial's live arrival line keeps at most this many points (halved when it fills). */
const MAX_LIVE_POINTS = 4000;

export interface RunServiceDeps {
  store: Pick<Store, 'profiles' | 'runs'>;
  keys: KeySource;
  events: Pick<Emitter<AppEvent>, 'emit'>;
  simulator: BuiltinSimulator;
  /** Default: the process-wide queue shared by all runs. */
  queue?: TurnQueue;
  /** Engine options a run passes on (tests: a measurer on this thread with stand-in sessions). */
  runDeps?: Partial<Omit<RunDeps, 'profiles' | 'keys' | 'sink' | 'queue'>>;
  /** The wall clock and timers that space the repetitions of a series (default: the real ones). */
  timers?: SeriesTimers;
  /** The profiles' recent trial times, for a plan's estimate (absent: every trial assumed). */
  trialTimes?: RecentTrialTimes;
}

interface ActiveRun {
  handle: RunHandle;
  live: LiveRun;
  /** Running trials with progress not pushed yet, and the arrival points the next push carries. */
  dirty: Map<LiveTrial, ArrivalPoint[]>;
  progressTimer: NodeJS.Timeout | null;
  lastProgressAt: number;
}

/** Appends points, halving the line (every other point, the last kept) when it passes the bound. */
function appendPoints(line: ArrivalPoint[], points: readonly ArrivalPoint[]): ArrivalPoint[] {
  let result = [...line, ...points];
  while (result.length > MAX_LIVE_POINTS) {
    const last = result[result.length - 1] as ArrivalPoint;
    result = result.filter((_, i) => i % 2 === 0);
    if (result[result.length - 1] !== last) result.push(last);
  }
  return result;
}

export class RunService {
  private readonly active = new Map<string, ActiveRun>();
  private readonly queue: TurnQueue;
  private readonly series: RunSeries;

  constructor(private readonly deps: RunServiceDeps) {
    this.queue = deps.queue ?? offSocketQueue;
    this.series = new RunSeries({
      launch: (config, tags) => this.launch(config, tags),
      cancelRun: (run_id) => this.active.get(run_id)?.handle.cancel(),
      publish: (event) => this.publish(event),
      timers: deps.timers,
    });
  }

  /** How many API calls the run would make, or why it cannot start; nothing is sent. */
  plan(config: RunConfig): RunPlanView {
    const problems = runConfigProblems(config, this.deps.store.profiles);
    if (problems.length > 0) {
      return { plan: null, problems, real_provider_calls: 0, estimate: null };
    }
    const plan = planRun(config, this.deps.store.profiles);
    const real = plan.per_profile
      .filter((p) => !this.deps.store.profiles.get(p.profile_id)?.builtin)
      .reduce((sum, p) => sum + p.calls, 0);
    const estimate = estimateDuration(config, plan, this.deps.trialTimes ?? null);
    return { plan, problems: [], real_provider_calls: real, estimate };
  }

  /** Starts the run in this process and answers its id; throws RunConfigError before any call. */
  async start(config: RunConfig, tags: RunTags = NO_TAGS): Promise<{ run_id: string }> {
    const { run_id } = await this.launch(config, tags);
    return { run_id };
  }

  /**
   * Runs the configuration `count` times, `every_ms` from one start to the
   * next, as one series tagged with `label` (see run-series.ts); a count of 1
   * is a single run with its label. Answers the first run; throws as start does.
   */
  async repeat(request: SeriesRequest): Promise<{ series_id: string | null; run_id: string }> {
    if (request.count === 1) {
      const { run_id } = await this.start(request.config, {
        series_id: null,
        label: request.label,
      });
      return { series_id: null, run_id };
    }
    return this.series.start(request);
  }

  /** Ends a series: no further repetition, the run in progress cancelled; false when none is going. */
  cancelSeries(series_id: string): boolean {
    return this.series.cancel(series_id);
  }

  /** Every series still going here. */
  liveSeries(): SeriesView[] {
    return this.series.list();
  }

  private async launch(config: RunConfig, tags: RunTags): Promise<LaunchedRun> {
    const prompts = await promptTexts(config);
    const chosen = config.profile_ids.map((id) => this.deps.store.profiles.get(id));
    const needsSimulator = chosen.some((p) => p && usesBuiltinSimulator(p));
    const profiles: ProfileLookup = needsSimulator
      ? withBuiltinEndpoint(this.deps.store.profiles, await this.deps.simulator.url())
      : this.deps.store.profiles;
    const builtin = new Set(chosen.flatMap((p) => (p?.builtin ? [p.id] : [])));
    const handle = startRun(
      {
        ...this.deps.runDeps,
        profiles,
        // The demo needs no key, so it runs even where no keychain exists.
        keys: {
          readKeyForRequest: (id) =>
            builtin.has(id) ? Promise.resolve(undefined) : this.deps.keys.readKeyForRequest(id),
        },
        sink: this.deps.store.runs,
        queue: this.queue,
        liveTokens: true,
        learned: learningInto(this.deps.store.profiles),
      },
      config,
      tags,
      prompts,
    );
    const run: ActiveRun = {
      handle,
      live: {
        record: handle.record,
        plan: handle.plan,
        running: [],
        finished: [],
        failures: [],
        waits: [],
        errors: [],
      },
      dirty: new Map(),
      progressTimer: null,
      lastProgressAt: -Infinity,
    };
    this.active.set(handle.runId, run);
    handle.subscribe((event) => this.follow(run, event));
    // Counted for a series, which says how many of its runs failed as the CLI counts them.
    let counted = 0;
    let ok = 0;
    handle.subscribe((event) => {
      if (event.type !== 'trial_finished' || !event.saved || event.warmup) return;
      counted++;
      if (event.status === 'ok') ok++;
    });
    const done = handle.done.then((outcome) => ({
      outcome,
      failed:
        outcome.status !== 'completed' || outcome.failures.length > 0 || (counted > 0 && ok === 0),
    }));
    return { run_id: handle.runId, done };
  }

  /**
   * Stops a run of this process (completed trials stay saved); false when none
   * is running with that id. A repetition's cancel ends its series, as Ctrl-C
   * ends `run --repeat`.
   */
  cancel(run_id: string): boolean {
    const run = this.active.get(run_id);
    if (!run) return false;
    const series = this.series.seriesOf(run_id);
    if (series !== null) return this.series.cancel(series);
    run.handle.cancel();
    return true;
  }

  /** Deletes a finished run with its trials; a run still going must be cancelled first. */
  delete(run_id: string): boolean {
    if (this.active.has(run_id)) {
      throw new RunInProgressError({ key: 'runs.still_going', values: { run_id } });
    }
    return this.deps.store.runs.deleteRun(run_id);
  }

  /** Every run in progress here, as far as it got (copies). */
  live(): LiveRun[] {
    return [...this.active.values()].map((run) => structuredClone(run.live));
  }

  /** Stops every run still going and marks it `interrupted`; then the simulator. */
  async close(): Promise<void> {
    this.series.close();
    const going = [...this.active.values()];
    for (const run of going) run.handle.cancel();
    const outcomes = await Promise.all(going.map((run) => run.handle.done));
    for (const outcome of outcomes) {
      this.deps.store.runs.finishRun(outcome.run_id, 'interrupted', outcome.ended_at);
    }
    await this.deps.simulator.close();
  }

  private publish(event: AppEvent): void {
    this.deps.events.emit(event);
  }

  /** The orchestrator's events (delivered from the run's queue) as live state and AppEvents. */
  private follow(run: ActiveRun, event: RunEvent): void {
    const { live } = run;
    switch (event.type) {
      case 'run_started':
        this.publish({
          type: 'run_started',
          run_id: event.run_id,
          plan: event.plan,
          record: live.record,
        });
        return;
      case 'trial_started': {
        const position: TrialPosition = {
          profile_id: event.profile_id,
          mode: event.mode,
          trial_index: event.trial_index,
          warmup: event.warmup,
        };
        live.running.push({ ...position, chunks: 0, chars: 0, tokens: 0, points: [] });
        live.waits = live.waits.filter((w) => w.profile_id !== event.profile_id);
        this.publish({ type: 'trial_started', run_id: event.run_id, ...position });
        return;
      }
      case 'trial_progress': {
        const trial = live.running.find((t) => trialKey(t) === trialKey(event));
        if (!trial) return;
        trial.chunks = event.chunks;
        trial.chars = event.chars;
        trial.tokens = event.tokens ?? trial.tokens;
        trial.points = appendPoints(trial.points, event.points);
        run.dirty.set(trial, [...(run.dirty.get(trial) ?? []), ...event.points]);
        this.scheduleProgress(run);
        return;
      }
      case 'trial_finished': {
        const index = live.running.findIndex((t) => trialKey(t) === trialKey(event));
        if (index !== -1) {
          run.dirty.delete(live.running[index] as LiveTrial);
          live.running.splice(index, 1);
        }
        const finished: FinishedTrial = {
          profile_id: event.profile_id,
          mode: event.mode,
          trial_index: event.trial_index,
          warmup: event.warmup,
          brief: trialBrief(event.trial),
          saved: event.saved,
          points: arrivalPoints(event.trial),
        };
        live.finished.push(finished);
        this.publish({ type: 'trial_finished', run_id: event.run_id, ...finished });
        return;
      }
      case 'profile_failed': {
        const failure = {
          profile_id: event.profile_id,
          reason: event.reason,
          message: event.message,
        };
        live.failures.push(failure);
        live.waits = live.waits.filter((w) => w.profile_id !== event.profile_id);
        this.publish({ type: 'profile_failed', run_id: event.run_id, ...failure });
        return;
      }
      case 'profile_waiting': {
        const waiting: LiveWait = {
          profile_id: event.profile_id,
          reason: event.reason,
          wait_ms: event.wait_ms,
          retry_after_s: event.retry_after_s,
          capped: event.capped,
          // A moment on the wall clock: a page opened mid-wait counts down to the same one.
          until: Date.now() + event.wait_ms,
        };
        live.waits = [...live.waits.filter((w) => w.profile_id !== event.profile_id), waiting];
        this.publish({ type: 'profile_waiting', run_id: event.run_id, ...waiting });
        return;
      }
      case 'run_error':
        live.errors.push(event.message);
        this.publish({ type: 'run_error', run_id: event.run_id, message: event.message });
        return;
      case 'run_finished':
        if (run.progressTimer) clearTimeout(run.progressTimer);
        this.active.delete(event.run_id);
        this.publish({
          type: 'run_finished',
          run_id: event.run_id,
          status: event.status,
          outcome: event.outcome,
        });
        return;
    }
  }

  /** One progress event per run per PROGRESS_INTERVAL_MS, published from the run's queue. */
  private scheduleProgress(run: ActiveRun): void {
    if (run.progressTimer) return;
    const wait = Math.max(0, run.lastProgressAt + PROGRESS_INTERVAL_MS - performance.now());
    run.progressTimer = setTimeout(() => {
      this.queue.push(() => {
        run.progressTimer = null;
        if (run.dirty.size === 0 || !this.active.has(run.handle.runId)) return;
        run.lastProgressAt = performance.now();
        // Each trial's figures, with the points that arrived since its previous push.
        const trials = [...run.dirty].map(([trial, points]) => ({
          ...structuredClone(trial),
          points,
        }));
        run.dirty.clear();
        this.publish({ type: 'run_progress', run_id: run.handle.runId, trials });
      });
    }, wait);
  }
}

/** The run is still going here; the message says what to do. */
export class RunInProgressError extends Error implements Worded {
  override readonly name = 'RunInProgressError';
  constructor(readonly text: MessageText) {
    super(englishOf(text));
  }
}
