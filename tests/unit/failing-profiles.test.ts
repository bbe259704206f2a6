// Which profiles of a run hide a failure behind a completed run: no ok trial,
// or fewer ok than failed, with the failure most of them ended in.

import { describe, expect, it } from 'vitest';
import {
  failingProfiles,
  hidesFailures,
  isFailing,
  type FailureTrial,
} from '../../src/shared/failing-profiles';
import type { TrialStatus } from '../../src/shared/trial';

const trial = (
  profile_id: string,
  status: TrialStatus,
  error: string | null = null,
  warmup = false,
): FailureTrial => ({ profile_id, warmup, trial: { status, error } });

describe('isFailing', () => {
  it('holds for no ok trial, or fewer ok than failed; never for a profile with no trial', () => {
    expect(isFailing(3, 0)).toBe(true);
    expect(isFailing(5, 2)).toBe(true);
    expect(isFailing(4, 2)).toBe(false);
    expect(isFailing(3, 3)).toBe(false);
    expect(isFailing(0, 0)).toBe(false);
  });
});

describe('failingProfiles', () => {
  it('names each failing profile in the run’s order, with its most frequent failure and its first message', () => {
    const trials = [
      trial('ok', 'ok'),
      trial('dead', 'network_error', 'connect ECONNREFUSED 127.0.0.1:9'),
      trial('flaky', 'http_error', 'HTTP 500: upstream'),
      trial('ok', 'network_error', 'reset'),
      trial('dead', 'network_error', 'connect ECONNREFUSED again'),
      trial('flaky', 'ok'),
      trial('dead', 'connect_timeout', null),
      trial('flaky', 'idle_timeout', 'no bytes for 30 s'),
      trial('ok', 'ok'),
    ];
    expect(failingProfiles(['ok', 'flaky', 'dead', 'never'], trials)).toEqual([
      {
        profile_id: 'flaky',
        trials: 3,
        ok: 1,
        // A tie: the failure that came first.
        status: 'http_error',
        count: 1,
        message: 'HTTP 500: upstream',
      },
      {
        profile_id: 'dead',
        trials: 3,
        ok: 0,
        status: 'network_error',
        count: 2,
        message: 'connect ECONNREFUSED 127.0.0.1:9',
      },
    ]);
  });

  it('leaves warm-ups out: a failed warm-up before ok trials is no failing profile', () => {
    const trials = [trial('p', 'network_error', 'cold', true), trial('p', 'ok'), trial('p', 'ok')];
    expect(failingProfiles(['p'], trials)).toEqual([]);
  });

  it('keeps the first message that says something', () => {
    const trials = [trial('p', 'http_error', null), trial('p', 'http_error', 'HTTP 429')];
    expect(failingProfiles(['p'], trials)[0]?.message).toBe('HTTP 429');
  });
});

describe('a run that hides failures', () => {
  it('does when a profile failed or stopped early, and not otherwise', () => {
    expect(hidesFailures(1, 0)).toBe(true);
    expect(hidesFailures(0, 1)).toBe(true);
    expect(hidesFailures(0, 0)).toBe(false);
  });
});
