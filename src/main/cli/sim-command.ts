// `lasttoken sim`: serves the simulated provider until interrupted, with
// copy-paste probe commands for both dialects, so the tool can be tried
// without an account or a network.

import { SCENARIOS, startSimulator } from '../sim';
import { UsageError } from './args';
import type { CliIo } from './io';

export async function runSim(port: number, io: CliIo): Promise<number> {
  const sim = await startSimulator({ port }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UsageError(
        `port ${port} is in use: pick another with --port N (0 picks a free one)`,
      );
    if (code === 'EACCES')
      throw new UsageError(
        `no permission to listen on port ${port}: pick one above 1023 with --port N`,
      );
    throw error;
  });
  io.stdout.write(banner(sim.url));
  await interrupted(io.interrupt);
  await sim.close();
  io.stderr.write('simulator stopped\n');
  return 0;
}

function banner(url: string): string {
  const nameWidth = Math.max(...SCENARIOS.map((s) => s.name.length));
  return [
    `LastToken simulator listening on ${url}`,
    '',
    'Try (the model name picks the scenario; parameters may follow, e.g. sim-steady:tokens=200,gap=5):',
    `  lasttoken probe --base-url ${url}/v1 --model sim-steady`,
    `  lasttoken probe --base-url ${url} --model sim-pings --dialect anthropic-messages --mode stream`,
    `  lasttoken probe --base-url ${url}/v1 --model sim-steady:tokens=200 --abort-after 20 --mode stream`,
    '',
    'Scenarios:',
    ...SCENARIOS.map((s) => `  ${s.name.padEnd(nameWidth)}  ${s.description}`),
    '',
    'Ctrl-C stops it.',
    '',
  ].join('\n');
}

/** Resolves when the signal aborts; never, when there is none (the process is then ended from outside). */
function interrupted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    else signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}
