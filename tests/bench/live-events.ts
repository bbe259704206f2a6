// `npm run bench`: does following a run live cost its measurements? A run of
// 32 profiles (independent schedules, stream mode) goes through the app's own
// services (bench-app.ts), twice: once with nobody listening, once with a
// browser client subscribed to its events over the web server (browser mode's
// event stream, read by the renderer's HTTP client).

import { createHttpBridge } from '../../src/renderer/src/api/http-bridge';
import type { AppEvent } from '../../src/shared/api';
import type { AccuracySamples } from './accuracy';
import { measureAppRun, withBenchApp } from './bench-app';

interface LiveRunFigures {
  samples: AccuracySamples;
  /** Events the subscriber received, by type. */
  received: Record<string, number>;
}

export function measureLiveEvents(simUrl: string): Promise<{
  alone: LiveRunFigures;
  subscribed: LiveRunFigures;
}> {
  return withBenchApp(simUrl, async (app) => {
    const alone = await measureAppRun(app, simUrl);
    const client = createHttpBridge({
      baseUrl: app.server.origin,
      token: app.token,
      saveDownload: () => {},
    });
    const received: Record<string, number> = {};
    const unsubscribe = client.subscribe((event: AppEvent) => {
      received[event.type] = (received[event.type] ?? 0) + 1;
    });
    // The event stream connects in the background: give it time before the run starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subscribed = await measureAppRun(app, simUrl);
    unsubscribe();
    return {
      alone: { samples: alone, received: {} },
      subscribed: { samples: subscribed, received },
    };
  });
}
