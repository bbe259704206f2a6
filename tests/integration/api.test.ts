// Every contract method, through the transports the renderer uses, against
// the real services: a real SQLite file, the real keychain (scripts/
// with-keyring.mjs), the simulator over 127.0.0.1. Each transport gets the
// same walk through the app: settings, profiles and keys, a connection test,
// the model list, a plan, a run followed live, the history, charts, an export,
// cancel and delete. Every answer and every event is kept, and the key's
// string is searched for in all of them.

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { runFileStream } from '../../src/main/export';
import { registerIpcHandlers, type IpcMainLike } from '../../src/main/ipc/register';
import { KeytarKeyStore } from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { startWebServer } from '../../src/main/web';
import { createHttpBridge } from '../../src/renderer/src/api/http-bridge';
import type { ApiResult, AppEvent } from '../../src/shared/api';
import { runComparisons } from '../../src/shared/comparisons';
import { readerMetrics } from '../../src/shared/reader';
import type { RunDetail } from '../../src/shared/run';
import {
  ipcContract,
  type IpcMethodName,
  type LastTokenBridge,
} from '../../src/shared/ipc-contract';

const KEY = 'sk-api-R7v2Qm9Xc4Lp8Nz1Ty6Wd3Kb5Hg0Js';
const PROXY_PASSWORD = 'proxy-pw-Vq81Lx0Rt5Zb';
const STEADY = 'sim-steady:tokens=30,gap=3,ttft=15';
const APP_PAGE = 'file:///app/out/renderer/index.html';

interface Opened {
  services: AppServices;
  bridge: LastTokenBridge;
  /** Where an export lands: the save dialog's path, or the browser's download. */
  exportPath: string;
  close(): Promise<void>;
}

interface Transport {
  name: 'ipc' | 'http';
  open(dir: string): Promise<Opened>;
}

/** The app's window over Electron's IPC: registerIpcHandlers on a fake ipcMain, the app's page calling. */
const ipc: Transport = {
  name: 'ipc',
  async open(dir) {
    const exportPath = join(dir, 'export.csv');
    const services = openAppServices({
      databasePath: join(dir, 'history.db'),
      keys: new KeytarKeyStore(),
      identity: { name: 'LastToken', version: 'test', electron: '45.5.0', transport: 'ipc' },
      chooseSavePath: () => Promise.resolve(exportPath),
      systemLocale: 'en-US',
    });
    const listeners = new Map<string, Parameters<IpcMainLike['handle']>[1]>();
    registerIpcHandlers(
      { handle: (channel, listener) => listeners.set(channel, listener) },
      services.dispatch,
      (frame) => frame?.url === APP_PAGE && frame.parent === null,
    );
    const methods = Object.fromEntries(
      Object.entries(ipcContract).map(([name, { channel }]) => [
        name,
        (input: unknown = {}) =>
          Promise.resolve(
            listeners.get(channel)?.({ senderFrame: { url: APP_PAGE, parent: null } }, input),
          ),
      ]),
    );
    // Main forwards every event to the window (src/main/index.ts); here to the test.
    const bridge = {
      ...methods,
      subscribe: (listener: (e: AppEvent) => void) => services.events.subscribe(listener),
    };
    return {
      services,
      bridge: bridge as LastTokenBridge,
      exportPath,
      close: () => services.close(),
    };
  },
};

/** Browser mode: the web server in front of the services, the renderer's HTTP bridge calling it. */
const http: Transport = {
  name: 'http',
  async open(dir) {
    const exportPath = join(dir, 'download.csv');
    const services = openAppServices({
      databasePath: join(dir, 'history.db'),
      keys: new KeytarKeyStore(),
      identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
      systemLocale: 'en-US',
    });
    // No page to serve: the API does not need one.
    const server = await startWebServer({ services, rendererDir: dir });
    const bridge = createHttpBridge({
      baseUrl: server.origin,
      token: new URL(server.url).searchParams.get('token') ?? '',
      // What a page's <a download> would save.
      saveDownload: (file) =>
        void file.arrayBuffer().then((bytes) => writeFileSync(exportPath, Buffer.from(bytes))),
    });
    return {
      services,
      bridge,
      exportPath,
      close: async () => {
        await server.close();
        await services.close();
      },
    };
  },
};

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

describe.each([ipc, http])('the API over $name', (transport) => {
  let dir: string;
  let opened: Opened;
  let bridge: LastTokenBridge;
  let exportPath: string;
  /** Every answer, for the search for the key. */
  const answers: unknown[] = [];
  const called = new Set<IpcMethodName>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `lasttoken-api-${transport.name}-`));
    opened = await transport.open(dir);
    ({ bridge, exportPath } = opened);
  });
  afterAll(async () => {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function call<K extends IpcMethodName>(
    name: K,
    input?: Parameters<LastTokenBridge[K]>[0],
  ): Promise<
    ApiResult<Awaited<ReturnType<LastTokenBridge[K]>> extends ApiResult<infer T> ? T : never>
  > {
    called.add(name);
    const result = await (bridge[name] as (i?: unknown) => Promise<ApiResult<never>>)(input);
    answers.push(result);
    return result;
  }

  async function value<K extends IpcMethodName>(
    name: K,
    input?: Parameters<LastTokenBridge[K]>[0],
  ) {
    const result = await call(name, input);
    if (!result.ok)
      throw new Error(`${name} failed: ${result.error.code}: ${result.error.message}`);
    return result.value;
  }

  /** Events until `done` says stop (or a run_finished of that run), in order. */
  function collectEvents(runDone: (event: AppEvent) => boolean) {
    const events: { at: number; event: AppEvent }[] = [];
    let stop = (): void => {};
    const finished = new Promise<void>((resolve) => {
      stop = bridge.subscribe((event) => {
        events.push({ at: performance.now(), event });
        if (runDone(event)) resolve();
      });
    });
    return { events, finished: finished.then(() => stop()), stop: () => stop() };
  }

  let profileId = '';
  let runId = '';

  it('answers appInfo and settings', async () => {
    expect(await value('appInfo')).toMatchObject({ name: 'LastToken', transport: transport.name });
    const settings = await value('settingsGet');
    expect(settings).toMatchObject({
      language: 'en',
      theme: 'system',
      database_path: join(dir, 'history.db'),
    });
    expect(settings.run_defaults.trials).toBe(5);
    const changed = await value('settingsUpdate', {
      language: 'zh-CN',
      run_defaults: { trials: 3 },
    });
    expect(changed.language).toBe('zh-CN');
    expect(changed.run_defaults).toMatchObject({ trials: 3, max_tokens: 300 });
    const refused = await call('settingsUpdate', { run_defaults: { trials: 0 } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('manages profiles and keys, never answering a key', async () => {
    const listed = await value('profilesList');
    expect(listed.map((p) => p.id)).toContain('demo');
    const bad = await call('profilesCreate', { name: 'x', base_url: 'ftp://x', model: 'm' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid', field: 'base_url' } });
    const created = await value('profilesCreate', {
      name: 'Simulated steady',
      base_url: `${sim.url}/v1`,
      model: STEADY,
    });
    profileId = created.id;
    expect(await value('profilesGet', { id: profileId })).toEqual(created);
    const updated = await value('profilesUpdate', {
      id: profileId,
      patch: { notes: 'for the API test' },
    });
    expect(updated.notes).toBe('for the API test');
    const copy = await value('profilesDuplicate', { id: profileId });
    expect(copy.name).toBe('Simulated steady (copy)');
    expect(await call('profilesGet', { id: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });

    expect(await value('keysStatus', { profile_ids: [profileId, 'demo'] })).toEqual({
      [profileId]: { state: 'none' },
      demo: { state: 'none' },
    });
    expect(await value('keysSet', { profile_id: profileId, key: KEY })).toEqual({
      state: 'stored',
    });
    expect(await value('keysSet', { profile_id: copy.id, key: KEY })).toEqual({ state: 'stored' });
    expect(await value('keysStatus', { profile_ids: [profileId] })).toEqual({
      [profileId]: { state: 'stored' },
    });
    const badKey = await call('keysSet', { profile_id: profileId, key: 'two\nlines' });
    expect(badKey).toMatchObject({ ok: false, error: { code: 'invalid', field: 'key' } });
    expect(await value('keysDelete', { profile_id: copy.id })).toEqual({ state: 'none' });
    const removed = await value('profilesRemove', { id: copy.id });
    expect(removed).toMatchObject({ key_removed: true, warning: null });
  });

  it('lists presets, and keeps a request shape and proxy credentials without answering them', async () => {
    const presets = await value('presetsList');
    expect(presets.map((p) => p.id)).toEqual(expect.arrayContaining(['openai', 'ollama', 'zhipu']));
    const created = await value('profilesCreate', {
      name: 'Azure-shaped',
      base_url: 'https://example.openai.azure.com/openai/deployments/d1',
      model: 'gpt-4o',
      key_header: 'api-key',
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_OPENAI_API_KEY',
      proxy_mode: 'url',
      proxy_url: 'http://proxy.example:3128',
      proxy_credentials: { username: 'alice', password: PROXY_PASSWORD },
    });
    expect(created).toMatchObject({
      key_header: 'api-key',
      key_prefix: null,
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_OPENAI_API_KEY',
      has_key: false,
      proxy_mode: 'url',
      proxy_url: 'http://proxy.example:3128',
      proxy_auth: true,
    });
    const direct = await value('profilesUpdate', {
      id: created.id,
      patch: { proxy_mode: 'direct' },
    });
    expect(direct).toMatchObject({ proxy_mode: 'direct', proxy_url: null, proxy_auth: false });
    const keyInQuery = await call('profilesUpdate', {
      id: created.id,
      patch: { query: { api_key: 'x' } },
    });
    expect(keyInQuery).toMatchObject({ ok: false, error: { code: 'invalid', field: 'query' } });
    const credentialsInUrl = await value('profilesUpdate', {
      id: created.id,
      patch: { proxy_mode: 'url', proxy_url: `socks5h://bob:${PROXY_PASSWORD}@127.0.0.1:1080` },
    });
    expect(credentialsInUrl).toMatchObject({
      proxy_url: 'socks5h://127.0.0.1:1080',
      proxy_auth: true,
    });
    await value('profilesRemove', { id: created.id });
  });

  it('tests a connection and lists models', async () => {
    const test = await value('profilesTest', { id: profileId });
    expect(test).toMatchObject({ status: 'ok', http_status: 200, message: null });
    expect(test.ttft_ms).toBeGreaterThan(0);
    expect(test.answer?.length).toBeGreaterThan(0);
    const demo = await value('profilesTest', { id: 'demo' });
    expect(demo.status).toBe('ok');

    // The form as typed, nothing saved: a key typed there goes into this one request only.
    const draft = { name: '', base_url: `${sim.url}/v1`, model: STEADY };
    const unsavedTest = await value('profilesTestDraft', { profile: draft, key: KEY });
    expect(unsavedTest).toMatchObject({ status: 'ok', http_status: 200 });
    expect(await value('profilesTestDraft', { id: profileId, profile: draft })).toMatchObject({
      status: 'ok',
    });
    expect(await value('profilesValidate', { profile: { ...draft, name: 'Fine' } })).toEqual({
      valid: true,
    });
    const problems = await call('profilesValidate', {
      profile: { name: '', base_url: 'ftp://x', model: '' },
    });
    expect(problems).toMatchObject({ ok: false, error: { code: 'invalid' } });
    const fields = problems.ok ? [] : (problems.error.issues ?? []).map((issue) => issue.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'base_url', 'model']));

    const models = await value('modelsList', { profile_id: profileId });
    expect(models.url).toBe(`${sim.url}/v1/models`);
    expect(models.models.map((m) => m.id)).toContain('sim-steady');
    const unsaved = await value('modelsList', {
      base_url: `${sim.url}/v1/chat/completions`,
      dialect: 'openai-chat',
    });
    expect(unsaved.models.length).toBe(models.models.length);
  });

  it('keeps each profile’s last connection test, for New run to warn of', async () => {
    const before = Date.now();
    const dead = await value('profilesCreate', {
      name: 'Nothing listens',
      base_url: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    const failed = await value('profilesTest', { id: dead.id });
    expect(failed.status).toBe('network_error');
    const checks = await value('profilesChecks', {});
    const kept = checks.find((c) => c.profile_id === dead.id);
    expect(kept).toEqual({
      profile_id: dead.id,
      checked_at: expect.any(String),
      status: 'network_error',
      http_status: null,
      message: failed.message,
    });
    expect(Date.parse(kept?.checked_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // The profile that answered keeps an ok; a new test replaces the last.
    expect(checks.find((c) => c.profile_id === profileId)?.status).toBe('ok');
    await value('profilesUpdate', {
      id: dead.id,
      patch: { base_url: `${sim.url}/v1`, model: STEADY },
    });
    await value('profilesTest', { id: dead.id });
    const again = await value('profilesChecks', {});
    expect(again.filter((c) => c.profile_id === dead.id).map((c) => c.status)).toEqual(['ok']);
    // Removed, the profile takes its test with it.
    await value('profilesRemove', { id: dead.id });
    expect((await value('profilesChecks', {})).some((c) => c.profile_id === dead.id)).toBe(false);
  });

  it('plans, runs with live events, and keeps the run', async () => {
    const config = {
      prompt: 'Count slowly.',
      max_tokens: 64,
      modes: ['stream', 'plain'] as ('stream' | 'plain')[],
      trials: 2,
      profile_ids: [profileId, 'demo'],
    };
    const plan = await value('runsPlan', config);
    expect(plan).toMatchObject({ problems: [], real_provider_calls: 4, plan: { calls: 8 } });
    const impossible = await value('runsPlan', { ...config, profile_ids: ['nobody'], modes: [] });
    expect(impossible.plan).toBeNull();
    expect(impossible.problems.length).toBe(2);

    const watch = collectEvents((e) => e.type === 'run_finished');
    const started = performance.now();
    ({ run_id: runId } = await value('runsStart', config));
    const live = await value('runsLive');
    expect(live.map((r) => r.record.id)).toEqual([runId]);
    await watch.finished;
    const duration = performance.now() - started;
    const events = watch.events
      .map((e) => e.event)
      .filter((e) => 'run_id' in e && e.run_id === runId);
    expect(events[0]?.type).toBe('run_started');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'completed' });
    const finished = events.filter((e) => e.type === 'trial_finished');
    expect(finished).toHaveLength(8);
    expect(finished.every((e) => e.type === 'trial_finished' && e.brief.status === 'ok')).toBe(
      true,
    );
    // Each trial started before it finished.
    for (const end of finished) {
      const startAt = events.findIndex(
        (e) =>
          e.type === 'trial_started' &&
          e.profile_id === end.profile_id &&
          e.mode === end.mode &&
          e.trial_index === end.trial_index,
      );
      expect(startAt).toBeGreaterThanOrEqual(0);
      expect(startAt).toBeLessThan(events.indexOf(end));
    }
    // Progress: batched to at most 10 a second for the run, with live token counts.
    const progress = watch.events.filter((e) => e.event.type === 'run_progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(duration / 100) + 1);
    const streamed = progress.flatMap((e) =>
      e.event.type === 'run_progress' ? e.event.trials : [],
    );
    expect(streamed.some((t) => t.tokens > 0 && t.points.length > 0)).toBe(true);
    expect(await value('runsLive')).toEqual([]);
  });

  it('reads the history, trends, comparisons, chart data and text', async () => {
    const page = await value('historyList', { limit: 10 });
    expect(page.total).toBe(1);
    expect(page.runs[0]).toMatchObject({ id: runId, status: 'completed', trials: 8, ok: 8 });
    expect((await value('historyList', { status: 'cancelled' })).total).toBe(0);

    const view = await value('historyRun', { run_id: runId });
    expect(view.trial_counts).toEqual({ all: 8, counted: 8, ok: 8 });
    expect(view.summaries[profileId]?.map((s) => s.mode)).toEqual(['stream', 'plain']);
    // The trials themselves come a page at a time.
    const { trials, total } = await value('historyTrials', { run_id: runId });
    expect(total).toBe(8);
    expect(trials).toHaveLength(8);
    expect(trials[0]?.trial).not.toHaveProperty('timeline');
    expect(trials[0]?.trial.text_chars).toBeGreaterThan(0);

    // What a reader feels: measured at the setting's pace (8), as the timelines give it,
    // and the comparisons computed in main from those very figures.
    const stored = opened.services.store.history.getRun(runId);
    const measured = (row: (typeof trials)[number]) =>
      stored?.trials.find(
        (t) =>
          t.profile_id === row.profile_id &&
          t.trial.mode === row.trial.mode &&
          t.trial_index === row.trial_index,
      )?.trial;
    expect(view.reader_pace_tps).toBe(8);
    for (const row of trials) {
      const trial = measured(row);
      expect(trial).toBeDefined();
      if (trial)
        expect(row.trial).toMatchObject({ reader_pace_tps: 8, ...readerMetrics(trial, 8) });
      expect(row.trial.reader_done_ms).toBeGreaterThan(row.trial.total_ms ?? Infinity);
    }
    expect(view.comparisons).toEqual(stored && runComparisons(stored, 8));
    expect(view.comparisons.map((c) => [c.mode, c.metric])).toContainEqual([
      'stream',
      'reader_done_ms',
    ]);
    expect(view.comparisons.filter((c) => c.mode === 'stream_vs_plain')).toHaveLength(6);

    // Another pace in the settings: the same run seen by a slower reader, without a new run.
    await value('settingsUpdate', { reader_pace_tps: 2 });
    const slower = await value('historyRun', { run_id: runId });
    expect(slower.reader_pace_tps).toBe(2);
    // Recomputed from the timelines in main, which still stay there.
    const slowerTrials = (await value('historyTrials', { run_id: runId })).trials;
    expect(slowerTrials[0]?.trial).not.toHaveProperty('timeline');
    expect(slowerTrials[0]?.trial).not.toHaveProperty('gaps_ms');
    for (const row of slowerTrials) {
      const trial = measured(row);
      if (trial)
        expect(row.trial).toMatchObject({ reader_pace_tps: 2, ...readerMetrics(trial, 2) });
    }
    expect(slower.summaries[profileId]?.[0]?.metrics.reader_done_ms?.median).toBeGreaterThan(
      view.summaries[profileId]?.[0]?.metrics.reader_done_ms?.median ?? Infinity,
    );
    expect(slower.comparisons).toEqual(stored && runComparisons(stored, 2));
    expect((await value('historyCompare', { a: runId, b: runId })).a.reader_pace_tps).toBe(2);
    await value('settingsUpdate', { reader_pace_tps: 8 });
    expect(await call('settingsUpdate', { reader_pace_tps: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });

    const text = await value('historyTrialText', {
      run_id: runId,
      profile_id: profileId,
      mode: 'stream',
      trial_index: 1,
    });
    expect(text.text.length).toBe(trials[0]?.trial.text_chars);

    const trend = await value('historyTrend', { profile_id: profileId });
    expect(trend.map((s) => [s.model, s.mode])).toEqual([
      [STEADY, 'stream'],
      [STEADY, 'plain'],
    ]);
    expect(trend[0]?.points[0]).toMatchObject({ run_id: runId, trials: 2, ok: 2, first: { n: 2 } });

    const compared = await value('historyCompare', { a: runId, b: runId });
    expect(compared.a.run.id).toBe(runId);
    expect(compared.b.trial_counts.all).toBe(8);

    const charts = await value('chartsRun', { run_id: runId });
    expect(charts.arrivals).toHaveLength(8);
    const stream = charts.arrivals.find((a) => a.profile_id === profileId && a.mode === 'stream');
    expect(stream?.points.length).toBe(30);
    expect(stream?.points.at(-1)?.[1]).toBe(30);
    expect(charts.histograms.map((h) => h.profile_id)).toEqual([profileId, 'demo']);
    expect(charts.arrival_every).toBe(1);
    expect(charts.phase_medians).toHaveLength(4);
    expect(
      charts.boxes.find(
        (b) => b.profile_id === profileId && b.mode === 'stream' && b.metric === 'ttft_ms',
      )?.values,
    ).toHaveLength(2);
  });

  it('exports a CSV named after the run and its kind', async () => {
    const exported = await value('exportCsv', { run_id: runId, kind: 'trials', bom: false });
    expect(exported.file_name).toMatch(
      /^lasttoken-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}-trials\.csv$/,
    );
    // The app writes where its save dialog said; a browser decides itself.
    expect(exported).toMatchObject({
      saved: true,
      path: transport.name === 'ipc' ? exportPath : null,
    });
    await expect.poll(() => existsSync(exportPath)).toBe(true);
    const rows = readFileSync(exportPath, 'utf8').split('\r\n');
    expect(rows[0]).toMatch(/^run_id,profile_id,/);
    expect(rows.filter((row) => row.startsWith(runId))).toHaveLength(8);
    expect(exported.bytes).toBe(statSync(exportPath).size);
  });

  it('exports a report of the run, in the language and theme asked, as the CSV is saved', async () => {
    const exported = await value('exportReport', {
      run_id: runId,
      format: 'html',
      language: 'zh-CN',
      theme: 'dark',
    });
    expect(exported.file_name).toMatch(
      /^lasttoken-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}-report\.html$/,
    );
    expect(exported).toMatchObject({
      saved: true,
      path: transport.name === 'ipc' ? exportPath : null,
    });
    await expect
      .poll(() => existsSync(exportPath) && statSync(exportPath).size)
      .toBe(exported.bytes);
    const html = readFileSync(exportPath, 'utf8');
    expect(html).toMatch(/^<!doctype html>\s*<html lang="zh-CN" data-theme="dark">/);
    expect(html).toContain(runId);
    expect(html).toContain('<svg');
    expect(html).not.toContain(KEY);
    const markdown = await value('exportReport', {
      run_id: runId,
      format: 'md',
      language: 'en',
      theme: 'light',
    });
    expect(markdown.file_name).toMatch(/-report\.md$/);
    await expect.poll(() => readFileSync(exportPath, 'utf8').startsWith('*Made ')).toBe(true);
  });

  it('cancels a run, and deletes it once it is over', async () => {
    const watch = collectEvents((e) => e.type === 'run_finished');
    const { run_id } = await value('runsStart', {
      prompt: 'Count slowly.',
      max_tokens: 64,
      modes: ['stream'],
      trials: 50,
      profile_ids: [profileId],
    });
    expect(await call('runsDelete', { run_id })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
    expect(await value('runsCancel', { run_id })).toEqual({ cancelled: true });
    await watch.finished;
    expect(watch.events.at(-1)?.event).toMatchObject({ type: 'run_finished', status: 'cancelled' });
    expect(await value('runsCancel', { run_id })).toEqual({ cancelled: false });
    expect(await value('runsDelete', { run_id })).toEqual({ deleted: true });
    expect(await value('runsDelete', { run_id })).toEqual({ deleted: false });
  });

  it('repeats a run as a labelled series, lists its runs, and stops a series', async () => {
    const config = {
      prompt: 'Count.',
      max_tokens: 16,
      modes: ['stream'] as 'stream'[],
      trials: 1,
      profile_ids: [profileId],
    };
    const watch = collectEvents(
      (e) => e.type === 'series_progress' && e.series.state === 'finished',
    );
    const { series_id, run_id } = await value('runsRepeat', {
      config,
      count: 2,
      every_ms: 50,
      label: '  lab-7  ',
    });
    await watch.finished;
    const last = watch.events.at(-1)?.event;
    expect(last).toMatchObject({ series: { series_id, count: 2, failed: 0, label: 'lab-7' } });
    const page = await value('historyList', { series_id: series_id as string });
    expect(page.total).toBe(2);
    expect(page.runs.at(-1)?.id).toBe(run_id);
    expect(page.runs.every((r) => r.label === 'lab-7' && r.series_id === series_id)).toBe(true);

    const { series_id: long } = await value('runsRepeat', {
      config,
      count: 3,
      every_ms: 3_600_000,
      label: null,
    });
    await expect
      .poll(async () => (await value('runsSeries')).map((s) => s.state), { timeout: 15_000 })
      .toEqual(['waiting']);
    expect(await value('runsCancelSeries', { series_id: long as string })).toEqual({
      cancelled: true,
    });
    expect(await value('runsSeries')).toEqual([]);
    expect(await call('runsRepeat', { config, count: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('exports a run file, and imports run files: a run it has is skipped, a bad file refused whole', async () => {
    const exported = await value('historyRunFile', { run_id: runId });
    expect(exported.file_name).toMatch(/^lasttoken-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{8}-run\.json$/);
    const file = exported.text;
    // The same file as the CLI's export, but for when it was made.
    const detail = opened.services.store.history.getRun(runId);
    const made = /"exported_at":"[^"]+"/;
    expect(file.replace(made, '')).toBe(
      (await text(runFileStream(detail as RunDetail))).replace(made, ''),
    );
    expect(await call('historyRunFile', { run_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await value('runsImport', { files: [{ name: 'mine.json', text: file }] })).toEqual({
      added: [],
      skipped: [{ path: 'mine.json', run_id: runId }],
    });
    const other = JSON.parse(file) as { run: { id: string } };
    other.run.id = `${runId.slice(0, -4)}beef`;
    const refused = await call('runsImport', {
      files: [
        { name: 'other.json', text: JSON.stringify(other) },
        { name: 'cut.json', text: file.slice(0, 100) },
      ],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: expect.stringMatching(/cut\.json: the file ends early/) },
    });
    expect(opened.services.store.history.getRun(other.run.id)).toBeNull();
    expect(
      await value('runsImport', {
        files: [{ name: 'other.json', text: JSON.stringify(other) }],
        label: 'elsewhere',
      }),
    ).toEqual({
      added: [{ path: 'other.json', run_id: other.run.id, label: 'elsewhere' }],
      skipped: [],
    });
  });

  it('called every method, and no answer or event carried the key', async () => {
    expect([...called].sort()).toEqual(Object.keys(ipcContract).sort());
    // A run made with the stored key, watched from start to end.
    const watch = collectEvents((e) => e.type === 'run_finished');
    await value('runsStart', {
      prompt: 'Count.',
      max_tokens: 32,
      modes: ['stream'],
      trials: 1,
      profile_ids: [profileId],
    });
    await watch.finished;
    const everything = JSON.stringify([answers, watch.events]);
    expect(everything.length).toBeGreaterThan(10_000);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(PROXY_PASSWORD);
  });
});
