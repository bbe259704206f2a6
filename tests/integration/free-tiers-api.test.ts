// Free tiers through the app's API (the contract's dispatch, as both
// transports reach it) against the real services, a real SQLite file and a
// small OpenRouter-shaped provider on 127.0.0.1: the model picker's list with
// free models marked, pacing in a profile and in the plan, and a run whose
// rate-limited profile is seen waiting (events and runsLive) and then gives up.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { MemoryKeyStore } from '../../src/main/secrets';
import type { AppEvent, LiveRun, ModelList, RunPlanView } from '../../src/shared/api';
import type { Profile, RunOutcome } from '../../src/shared/run';
import { startFreeTierServer, type FreeTierServer } from '../support/free-tier-server';

let dir: string;
let services: AppServices;
let server: FreeTierServer;
const events: AppEvent[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-free-tiers-api-'));
  server = await startFreeTierServer();
  services = openAppServices({
    databasePath: join(dir, 'history.db'),
    keys: new MemoryKeyStore(),
    identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
  });
  services.events.subscribe((event) => void events.push(event));
});

afterAll(async () => {
  await services.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function value<T>(method: string, input: unknown): Promise<T> {
  const result = await services.dispatch(method as never, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}

function profile(
  name: string,
  model: string,
  defaults: Profile['defaults'] = {},
): Promise<Profile> {
  return value<Profile>('profilesCreate', { name, base_url: server.baseUrl, model, defaults });
}

describe('the model picker', () => {
  it('lists an unsaved URL and a saved profile with free models marked, "not said" apart from paid', async () => {
    const unsaved = await value<ModelList>('modelsList', {
      base_url: server.baseUrl,
      dialect: 'openai-chat',
    });
    expect(unsaved.url).toBe(`${server.baseUrl}/models`);
    expect(unsaved.models.filter((m) => m.free === true).map((m) => m.id)).toEqual([
      'deepseek/deepseek-chat-v3-0324',
      'meta-llama/llama-3.3-70b-instruct:free',
    ]);
    expect(unsaved.models.filter((m) => m.free === null).map((m) => m.id)).toEqual([
      'openrouter/auto',
      'vendor/no-price',
    ]);
    const saved = await profile('OpenRouter', 'openrouter/auto');
    const listed = await value<ModelList>('modelsList', { profile_id: saved.id });
    expect(listed).toEqual(unsaved);
  });
});

describe('pacing', () => {
  it('is kept with the profile, checked, and planned for', async () => {
    const paced = await profile('Paced free tier', 'ok', { max_rpm: 20 });
    expect(paced.defaults).toEqual({ max_rpm: 20 });
    const refused = await services.dispatch('profilesCreate', {
      name: 'Too fast',
      base_url: server.baseUrl,
      model: 'ok',
      defaults: { max_rpm: 0 },
    });
    expect(refused.ok).toBe(false);

    const plan = await value<RunPlanView>('runsPlan', {
      prompt: 'Hi',
      max_tokens: 16,
      modes: ['stream', 'plain'],
      trials: 3,
      profile_ids: [paced.id, 'demo'],
    });
    // Six calls 3 s apart: at least 15 s, whatever the demo does.
    expect(plan.plan).toMatchObject({
      per_profile: [
        { profile_id: paced.id, calls: 6, min_ms: 15_000 },
        { profile_id: 'demo', calls: 6, min_ms: 0 },
      ],
      min_duration_ms: 15_000,
    });
  });
});

describe('a run against a rate limit', () => {
  it('shows the wait (events and runsLive), then the profile giving up; the other profile finishes', async () => {
    const limited = await profile('Always limited', 'limited:n=100,after=1');
    const steady = await profile('Steady free', 'ok:api');
    const { run_id } = await value<{ run_id: string }>('runsStart', {
      prompt: 'Hi',
      max_tokens: 16,
      modes: ['stream'],
      trials: 4,
      profile_ids: [limited.id, steady.id],
      give_up_after: 2,
    });
    // While it waits, a page opened now sees the wait with the moment it ends.
    await expect
      .poll(() => events.some((e) => e.type === 'profile_waiting' && e.run_id === run_id))
      .toBe(true);
    const live = (await value<LiveRun[]>('runsLive', {})).find((r) => r.record.id === run_id);
    expect(live?.waits).toEqual([
      {
        profile_id: limited.id,
        reason: 'rate_limit',
        wait_ms: expect.any(Number),
        retry_after_s: 1,
        capped: false,
        until: expect.any(Number),
      },
    ]);
    expect(live?.record.config).toMatchObject({ max_retry_wait_ms: 60_000, give_up_after: 2 });

    await expect
      .poll(() => events.some((e) => e.type === 'run_finished' && e.run_id === run_id), {
        timeout: 10_000,
      })
      .toBe(true);
    const finished = events.find((e) => e.type === 'run_finished' && e.run_id === run_id) as {
      outcome: RunOutcome;
    };
    expect(finished.outcome).toMatchObject({
      status: 'completed',
      saved_trials: 6,
      failures: [{ profile_id: limited.id, reason: 'gave_up' }],
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'profile_failed', run_id, reason: 'gave_up' }),
    );
    const detail = services.store.history.getRun(run_id);
    expect(detail?.summaries[steady.id]?.[0]).toMatchObject({ trials: 4, ok: 4 });
    expect(detail?.summaries[limited.id]?.[0]).toMatchObject({
      trials: 2,
      ok: 0,
      failures: { http_error: 2 },
    });
  });
});
