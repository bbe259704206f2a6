// The built-in simulator on its own thread (sim-thread.ts), as the app, the
// browser mode and the CLI run the demo: it serves while this thread is
// blocked, closes when asked, and a thread that cannot start says so.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startSimulatorThread } from '../../src/main/sim';
import type { SimTrace } from '../../src/main/sim';

const blockFor = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('the simulator thread', () => {
  it('keeps writing on schedule while the thread that started it is blocked', async () => {
    const sim = await startSimulatorThread();
    try {
      const response = await fetch(`${sim.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'sim-steady:tokens=20,gap=20,ttft=50',
          stream: true,
          messages: [{ role: 'user', content: 'Count.' }],
        }),
      });
      const id = response.headers.get('x-sim-request-id') ?? '';
      // The whole answer is written while this thread does nothing else.
      blockFor(700);
      expect(await response.text()).toContain('[DONE]');
      const trace = (await (await fetch(`${sim.url}/__sim/trace/${id}`)).json()) as SimTrace;
      const content = trace.writes.filter((w) => w.kind === 'content');
      expect(content).toHaveLength(20);
      const late = content.map((w) => w.at_mono_ms - w.scheduled_mono_ms);
      expect(Math.min(...late)).toBeGreaterThanOrEqual(0);
      // Blocked here, a simulator on this thread would have written all 20 at the end, ~600 ms late.
      expect(Math.max(...late)).toBeLessThan(50);
    } finally {
      await sim.close();
    }
  });

  it('closes: its port is free afterwards', async () => {
    const sim = await startSimulatorThread();
    await sim.close();
    await expect(fetch(`${sim.url}/v1/models`)).rejects.toThrow();
  });

  it('that cannot start says so', async () => {
    const missing = pathToFileURL('/nonexistent/sim-worker.mjs');
    await expect(startSimulatorThread(missing)).rejects.toThrow(/sim-worker\.mjs/);
  });
});
