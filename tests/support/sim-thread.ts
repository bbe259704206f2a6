// The simulator on its own thread (the product's, as the built-in demo runs
// it), for tests that block the main thread on purpose: a simulator there
// would stop writing too, and its traces would agree with any measurement.
// Its traces are read over its HTTP route.
import { startSimulatorThread, type SimTrace } from '../../src/main/sim';

export interface TracedSimThread {
  url: string;
  trace(request_id: string): Promise<SimTrace>;
  close(): Promise<void>;
}

export async function startSimThread(): Promise<TracedSimThread> {
  const thread = await startSimulatorThread();
  return {
    url: thread.url,
    async trace(request_id) {
      const response = await fetch(`${thread.url}/__sim/trace/${encodeURIComponent(request_id)}`);
      if (!response.ok) throw new Error(`no trace for ${request_id}: HTTP ${response.status}`);
      return (await response.json()) as SimTrace;
    },
    close: () => thread.close(),
  };
}
