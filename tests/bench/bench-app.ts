// The app as browser mode runs it, for the sections that measure through its
// services: the history in a temp folder (real SQLite), keys in memory, the
// web server, and 32 profiles on the simulator (independent schedules). A
// run goes through RunService (live token counts, progress batched, trials
// saved into the history) and its trials are then compared with the
// simulator's true write times.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { MemoryKeyStore } from '../../src/main/secrets';
import { startWebServer, type WebServer } from '../../src/main/web';
import { compare, emptySamples, independentSchedule, type AccuracySamples } from './accuracy';
import { watchSection } from './vitals';

const STREAMS = 32;
const TRIALS = 3;

export interface BenchApp {
  services: AppServices;
  server: WebServer;
  /** The launch's token, for API calls over HTTP. */
  token: string;
  /** The 32 simulator profiles, saved in the history. */
  profileIds: string[];
}

function finishedRun(services: AppServices): Promise<void> {
  return new Promise((resolve) => {
    const stop = services.events.subscribe((event) => {
      if (event.type === 'run_finished') {
        stop();
        resolve();
      }
    });
  });
}

/** One stream-mode run of `profileIds` (default: all 32) through the app's services, compared with the simulator. */
export async function measureAppRun(
  app: BenchApp,
  simUrl: string,
  profileIds = app.profileIds,
): Promise<AccuracySamples> {
  const { services } = app;
  const finished = finishedRun(services);
  const stopWatching = watchSection();
  const { run_id } = await services.runs.start({
    prompt: 'Count slowly.',
    max_tokens: 4096,
    modes: ['stream'],
    trials: TRIALS,
    profile_ids: profileIds,
    limits: DEFAULT_LIMITS,
    reuse_connection: false,
    warmup: false,
  });
  await finished;
  const samples = emptySamples(await stopWatching());
  for (const stored of services.store.history.getRun(run_id)?.trials ?? []) {
    await compare(simUrl, stored.trial, samples);
  }
  return samples;
}

/** Opens the app against the simulator, warms its run path with one run, and closes it after `use`. */
export async function withBenchApp<T>(
  simUrl: string,
  use: (app: BenchApp) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-bench-app-'));
  const services = openAppServices({
    databasePath: join(dir, 'history.db'),
    keys: new MemoryKeyStore(),
    identity: { name: 'LastToken', version: 'bench', electron: null, transport: 'http' },
  });
  const server = await startWebServer({ services, rendererDir: dir });
  try {
    const profileIds = Array.from(
      { length: STREAMS },
      (_, stream) =>
        services.profiles.create({
          name: `bench ${stream + 1}`,
          base_url: `${simUrl}/v1`,
          model: independentSchedule(stream),
          proxy_mode: 'direct',
        }).id,
    );
    const token = new URL(server.url).searchParams.get('token') ?? '';
    const app = { services, server, token, profileIds };
    // Warm the path (services, measuring thread, SQLite) with one run at full
    // size: after a 4-profile warm-up the first 32-profile run still had
    // about twice the gap error of the next (code compiled for the paths 32
    // streams take, heaps grown to their working size).
    await measureAppRun(app, simUrl);
    return await use(app);
  } finally {
    await server.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
