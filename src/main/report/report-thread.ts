// A report's HTML is drawn on a thread of its own: ECharts lays out and writes
// each chart in one synchronous call (a run's token arrivals take a quarter of
// a second), which on the main thread would hold up every API call and every
// live event meanwhile. Main gathers what the report shows (in slices) and
// hands it over as plain data; the thread builds the charts from the shared
// chart specs, draws them and writes the file's text. One thread per report:
// reports are rare, and a thread that ends frees what ECharts held.

import { Worker } from 'node:worker_threads';
import type { ReportContent } from './make-report';

export type ToReportThread = ReportContent;
export type FromReportThread = { html: string } | { error: string };

// The worker's code lands beside each entry point's bundle, so each entry point says where it is.
let configuredWorkerUrl: URL | undefined;

/** Where the built report worker is; each entry point that writes reports calls this first. */
export function configureReportThread(url: URL): void {
  configuredWorkerUrl = url;
}

/** The report's HTML, drawn on its own thread. */
export async function drawReport(
  content: ReportContent,
  workerUrl = configuredWorkerUrl,
): Promise<string> {
  if (!workerUrl) {
    throw new Error(
      "the report thread's location is not configured: the entry point must call configureReportThread(url) first",
    );
  }
  const worker = new Worker(workerUrl);
  try {
    const answer = await new Promise<FromReportThread>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the report thread stopped before it answered (exit code ${code})`)),
      );
      worker.postMessage(content satisfies ToReportThread);
    });
    if ('error' in answer) throw new Error(`the report could not be drawn: ${answer.error}`);
    return answer.html;
  } finally {
    await worker.terminate();
  }
}
