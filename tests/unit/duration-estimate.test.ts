import { describe, expect, it } from 'vitest';
import {
  assumedTrialMs,
  estimateDuration,
  trialMsAt,
  type RecentTrial,
  type RecentTrialTimes,
} from '../../src/main/runs/duration-estimate';
import { trialSchedule } from '../../src/main/runs/plan';
import type { RunConfig, RunPlan } from '../../src/shared/run';
import type { Mode } from '../../src/shared/trial';

/** The plan of `config` for profiles paced to these least times: its calls as planRun counts them. */
const plan = (
  config: Pick<RunConfig, 'modes' | 'trials' | 'warmup' | 'input_tokens'>,
  minMs: Record<string, number>,
): RunPlan => {
  const calls = trialSchedule(config).length;
  return {
    calls: calls * Object.keys(minMs).length,
    warmup_calls: 0,
    per_profile: Object.entries(minMs).map(([profile_id, min_ms]) => ({
      profile_id,
      calls,
      min_ms,
    })),
    min_duration_ms: Math.max(...Object.values(minMs)),
  };
};

/** Recent trials that stopped on their own at 100 tokens, first token at 0: their length is their total at any max_tokens ≥ 100. */
const times = (table: Record<string, Partial<Record<Mode, number[]>>>): RecentTrialTimes => ({
  recentTrials: (id, mode) =>
    (table[id]?.[mode] ?? []).map((total_ms) => ({
      total_ms,
      ttft_ms: null,
      tokens: 100,
      at_limit: false,
    })),
});

const config = {
  modes: ['stream', 'plain'] as Mode[],
  trials: 3,
  max_tokens: 200,
  warmup: false,
};

describe('estimateDuration', () => {
  it('takes each trial as long as the profile’s recent median, and the run as long as its slowest profile', () => {
    const estimate = estimateDuration(
      config,
      plan(config, { fast: 0, slow: 0 }),
      times({
        fast: { stream: [900, 1000, 1100], plain: [800] },
        slow: { stream: [3000, 2000, 4000], plain: [2500, 2500] },
      }),
    );
    expect(estimate.per_profile).toEqual([
      { profile_id: 'fast', ms: 3 * 1000 + 3 * 800, basis: 'history', n: 4 },
      { profile_id: 'slow', ms: 3 * 3000 + 3 * 2500, basis: 'history', n: 5 },
    ]);
    expect(estimate.ms).toBe(16_500);
  });

  it('assumes a typical pace for a mode without history, and says so', () => {
    const estimate = estimateDuration(
      config,
      plan(config, { new: 0 }),
      times({ new: { stream: [500] } }),
    );
    expect(assumedTrialMs(200)).toBe(1000 + 5000);
    expect(estimate.per_profile[0]).toEqual({
      profile_id: 'new',
      ms: 3 * 500 + 3 * 6000,
      basis: 'assumed',
      n: 1,
    });
    expect(estimateDuration(config, plan(config, { new: 0 }), null).ms).toBe(6 * 6000);
  });

  it('counts warm-ups and every input length, and never less than the pacing imposes', () => {
    const sweep = {
      ...config,
      modes: ['stream'] as Mode[],
      warmup: true,
      input_tokens: [1000, 8000],
    };
    const paced = estimateDuration(
      sweep,
      plan(sweep, { a: 60_000 }),
      times({ a: { stream: [1000] } }),
    );
    // 3 trials × 2 lengths + 1 warm-up = 7 s, but pacing stretches it to a minute.
    expect(paced.ms).toBe(60_000);
    expect(
      estimateDuration(sweep, plan(sweep, { a: 0 }), times({ a: { stream: [1000] } })).ms,
    ).toBe(7000);
  });

  it('takes each recent trial to this run’s max_tokens: longer only where the limit stopped it', () => {
    const stopped: RecentTrial = { total_ms: 2200, ttft_ms: 200, tokens: 100, at_limit: true };
    const finished: RecentTrial = { ...stopped, at_limit: false };
    // 20 ms a token after the first: 400 tokens take 8 s more, if the answer is that long.
    expect(trialMsAt(stopped, 400)).toBe(200 + 8000);
    expect(trialMsAt(finished, 400)).toBe(2200);
    // A lower limit cuts either short.
    expect(trialMsAt(stopped, 50)).toBe(200 + 1000);
    expect(trialMsAt(finished, 50)).toBe(200 + 1000);
    // Plain mode has no first token apart: the whole time scales.
    expect(trialMsAt({ ...stopped, ttft_ms: null }, 200)).toBe(4400);
    expect(trialMsAt({ ...stopped, tokens: 0 }, 400)).toBe(2200);

    const recent: RecentTrialTimes = { recentTrials: () => [stopped] };
    const streamOnly = { ...config, modes: ['stream'] as Mode[], max_tokens: 400 };
    expect(estimateDuration(streamOnly, plan(streamOnly, { a: 0 }), recent).ms).toBe(3 * 8200);
  });
});
