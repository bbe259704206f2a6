// What a run asks of whatever measures it, and what it hears back. The run
// (run-orchestrator.ts, on the main thread) plans, saves and reports; a
// measurer owns the sockets. Two implement this: the measuring thread
// (measuring-thread.ts), which every run of the app, the browser mode and the
// CLI uses, and the in-thread measurer it hosts (in-thread-measurer.ts), which
// tests also use directly with stand-in sessions or a virtual clock.

import type { MessageText } from '../../shared/messages';
import type { EndpointSpec, TrialProgress } from '../probe';
import type {
  ProfileFailureReason,
  ProfileSnapshot,
  ProfileWait,
  RunConfig,
} from '../../shared/run';
import type { Trial } from '../../shared/trial';
import type { RunPrompt } from '../prompts';
import type { PlannedTrial } from '../runs/plan';

/** A trial of the run: which profile, and its place in the schedule. */
export type TrialPlace = { run_id: string; profile_id: string } & PlannedTrial;

/** One run's measuring: every profile at once, each through the same schedule. */
export interface MeasureJob {
  runId: string;
  config: RunConfig;
  /** What each trial's user message says, per input length (promptTexts: config.prompt, or the synthetic prompts it asks for). */
  prompts: readonly RunPrompt[];
  schedule: readonly PlannedTrial[];
  profiles: readonly ProfileSnapshot[];
  /** Count tokens while answers stream, for a live view (TrialOptions.liveTokens). */
  liveTokens: boolean;
  /** The abort experiment: stream trials hang up after this many content tokens; null: never. */
  abortAfterTokens: number | null;
}

/** What the measurer says as it goes; the run's ledger listens. Each call returns at once. */
export interface MeasureReports {
  waiting(wait: ProfileWait): void;
  trialStarted(place: TrialPlace): void;
  /** A trial's progress listener (called off the socket path). */
  progressOf(place: TrialPlace): (progress: TrialProgress) => void;
  /** A measured trial. */
  trialEnded(place: TrialPlace, trial: Trial): void;
  /** A trial cancel cut short: not a measurement. */
  trialDropped(place: TrialPlace, trial: Trial): void;
  /** `message` in English (the CLI, logs), `text` the same as a catalogue message for the renderer. */
  profileFailed(
    profile_id: string,
    reason: ProfileFailureReason,
    message: string,
    text?: MessageText,
  ): void;
}

/** The run's side of a job. */
export interface MeasureRun {
  reports: MeasureReports;
  /** Stops the job: the user's cancel, or a run that can save nothing more. */
  signal: AbortSignal;
  /** The profile's endpoint with its secrets, read just before its first call; may reject (said as key_unavailable). */
  endpoint(profile: ProfileSnapshot): Promise<EndpointSpec>;
}

export interface MeasureEnd {
  /** Why the measurer itself broke (its thread died) and cut the job short; null when it did not. */
  broken: string | null;
}

export interface Measurer {
  /** Measures every profile of the job; resolves once all are done. Never rejects. */
  measure(job: MeasureJob, run: MeasureRun): Promise<MeasureEnd>;
}
