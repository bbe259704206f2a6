// Measures a job on the thread it is called on: one loop per profile, all at
// once (runs/profile-loop.ts). The measuring thread hosts one with the real
// engine; tests use one directly with stand-in sessions, gates or a clock,
// which cannot cross a thread.

import type { Clock } from '../clock';
import { createProbeSession } from '../probe';
import { processCallGates, type CallGates } from '../runs/call-gate';
import { messageOf } from '../runs/message-of';
import { measureProfile, type ProfileLoopContext, type SessionFactory } from '../runs/profile-loop';
import type { Measurer } from './measurer';

export interface InThreadMeasurerDeps {
  /** Default: createProbeSession. */
  createSession?: SessionFactory;
  /** Monotonic clock for the probe sessions (default: the engine's). */
  clock?: Clock;
  /** When each profile's calls may start (pacing, Retry-After). Default: this thread's gates. */
  gates?: CallGates;
}

export function inThreadMeasurer(deps: InThreadMeasurerDeps = {}): Measurer {
  return {
    async measure(job, run) {
      const ctx: ProfileLoopContext = {
        runId: job.runId,
        config: job.config,
        prompts: job.prompts,
        schedule: job.schedule,
        reports: run.reports,
        signal: run.signal,
        endpoint: (profile) => run.endpoint(profile),
        createSession: deps.createSession ?? createProbeSession,
        clock: deps.clock,
        gates: deps.gates ?? processCallGates,
        liveTokens: job.liveTokens,
        abortAfterTokens: job.abortAfterTokens,
      };
      // measureProfile reports its own failures; the catch is a last resort so that measure never rejects.
      await Promise.all(
        job.profiles.map((profile) =>
          measureProfile(profile, ctx).catch((error: unknown) =>
            run.reports.profileFailed(
              profile.id,
              'internal',
              `profile “${profile.name}”: ${messageOf(error)}`,
            ),
          ),
        ),
      );
      return { broken: null };
    },
  };
}
