// When a profile's next API call may start: no sooner than 60/N s after its
// previous one when it is paced (defaults.max_rpm), and no sooner than the
// provider said when it answered with a Retry-After (429, 503), capped by the
// user. One gate per profile for the whole process, so two runs measuring the
// same profile at once share its limit as the provider does; profiles never
// wait for each other.
//
// Time is injected (CallTimers): the app and the CLI sleep on real timers,
// tests on a virtual clock that jumps, so minutes of pacing take no time.

import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicClock, type Clock } from '../clock';
import type { ProfileWait } from '../../shared/run';
import type { Trial } from '../../shared/trial';

export interface CallTimers extends Clock {
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realTimers: CallTimers = {
  now: monotonicClock.now,
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};

/** The spacing between a paced profile's calls: 60/N s. */
export function callSpacingMs(maxRpm: number | undefined): number {
  return maxRpm === undefined ? 0 : 60_000 / maxRpm;
}

type Waiting = Omit<ProfileWait, 'profile_id'>;

export interface CallGate {
  /**
   * Waits until the profile's next call may start and claims that moment for
   * it; `onWait` hears each wait before it starts. False when `signal` aborted
   * the wait (no call may start).
   */
  acquire(
    spacingMs: number,
    signal: AbortSignal,
    onWait: (wait: Waiting) => void,
  ): Promise<boolean>;
  /**
   * A call ended. When it failed with a Retry-After (a 429, a 503), nothing
   * starts before that time has passed, or `capMs` when that is sooner.
   */
  ended(trial: Pick<Trial, 'status' | 'retry_after_s'>, capMs: number): void;
}

export function createCallGate(timers: CallTimers): CallGate {
  let lastStart = -Infinity;
  let blockedUntil = -Infinity;
  let asked: { retry_after_s: number; capped: boolean } | null = null;

  return {
    acquire,
    ended({ status, retry_after_s: retryAfterS }, capMs) {
      // An answer that succeeded has nothing to wait for, whatever its headers say.
      if (status !== 'http_error' || retryAfterS === null) return;
      const askedMs = retryAfterS * 1000;
      const until = timers.now() + Math.min(askedMs, capMs);
      if (until <= blockedUntil) return;
      blockedUntil = until;
      asked = { retry_after_s: retryAfterS, capped: askedMs > capMs };
    },
  };

  async function acquire(
    spacingMs: number,
    signal: AbortSignal,
    onWait: (wait: Waiting) => void,
  ): Promise<boolean> {
    // Look again after each wait: another run of the profile may have taken the slot (the
    // check and the claim below run together, never interleaved), or a rate limit may have
    // come in. Timers count whole milliseconds and may wake a fraction early: the same moment
    // waited for again is not announced again.
    let announced = -Infinity;
    for (;;) {
      if (signal.aborted) return false;
      const now = timers.now();
      const at = Math.max(blockedUntil, lastStart + spacingMs);
      if (at <= now) {
        lastStart = now;
        return true;
      }
      if (at !== announced) {
        announced = at;
        const rateLimited = blockedUntil >= lastStart + spacingMs;
        onWait(
          rateLimited && asked
            ? { reason: 'rate_limit', wait_ms: at - now, ...asked }
            : { reason: 'pacing', wait_ms: at - now, retry_after_s: null, capped: false },
        );
      }
      await timers.sleep(Math.ceil(at - now), signal);
    }
  }
}

/** The gates of every profile, made when first asked for. */
export interface CallGates {
  get(profileId: string): CallGate;
}

export function createCallGates(timers: CallTimers = realTimers): CallGates {
  const gates = new Map<string, CallGate>();
  return {
    get(profileId) {
      let gate = gates.get(profileId);
      if (!gate) {
        gate = createCallGate(timers);
        gates.set(profileId, gate);
      }
      return gate;
    },
  };
}

/** The gates every run in this process shares. */
export const processCallGates: CallGates = createCallGates();
