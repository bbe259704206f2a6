// `npm run bench`: does following a run live cost its measurements? A run of
// 32 profiles (independent schedules, stream mode) goes through the app's own
// services (RunService: live token counts, progress batched to 10 a second
// per run), twice: once with nobody listening, once with a browser client
// subscribed to its events over the web server (browser mode's event stream,
// read by the renderer's HTTP client). Each run's trials are compared with
// the simulator's true write times.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { MemoryKeyStore } from '../../src/main/secrets';
import { startWebServer } from '../../src/main/web';
import { createHttpBridge } from '../../src/renderer/src/api/http-bridge';
import type { AppEvent } from '../../src/shared/api';
import {
  compare,
  emptySamples,
  independentSchedule,
  observeClient,
  type AccuracySamples,
} from './accuracy';

const STREAMS = 32;
const TRIALS = 3;

interface LiveRunFigures {
  samples: AccuracySamples;
  /** Events the subscriber received, by type. */
  received: Record<string, number>;
}

async function measureRun(
  services: AppServices,
  simUrl: string,
  profileIds: string[],
): Promise<AccuracySamples> {
  const finished = new Promise<void>((resolve) => {
    const stop = services.events.subscribe((event) => {
      if (event.type === 'run_finished') {
        stop();
        resolve();
      }
    });
  });
  const samples = emptySamples();
  const stopObserving = observeClient(samples);
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
  stopObserving();
  for (const stored of services.store.history.getRun(run_id)?.trials ?? []) {
    await compare(simUrl, stored.trial, samples);
  }
  return samples;
}

export async function measureLiveEvents(simUrl: string): Promise<{
  alone: LiveRunFigures;
  subscribed: LiveRunFigures;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-bench-live-'));
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
          name: `live ${stream + 1}`,
          base_url: `${simUrl}/v1`,
          model: independentSchedule(stream),
        }).id,
    );
    // Warm the path (services, worker, SQLite) with one short run.
    await measureRun(services, simUrl, profileIds.slice(0, 4));

    const alone = await measureRun(services, simUrl, profileIds);

    const client = createHttpBridge({
      baseUrl: server.origin,
      token: new URL(server.url).searchParams.get('token') ?? '',
      saveDownload: () => {},
    });
    const received: Record<string, number> = {};
    const unsubscribe = client.subscribe((event: AppEvent) => {
      received[event.type] = (received[event.type] ?? 0) + 1;
    });
    // The event stream connects in the background: give it time before the run starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subscribed = await measureRun(services, simUrl, profileIds);
    unsubscribe();
    return {
      alone: { samples: alone, received: {} },
      subscribed: { samples: subscribed, received },
    };
  } finally {
    await server.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
