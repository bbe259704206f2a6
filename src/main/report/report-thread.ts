// A report's HTML is drawn on a thread of its own: ECharts lays out and writes
// each chart in one synchronous call (a run's token arrivals take a quarter of
// a second), which on the main thread would hold up every API call and every
// live event meanwhile. Main gathers what the report shows (in slices) and
// hands it over as plain data; the thread builds the charts from the shared
// chart specs, draws them and writes the file's text. The thread is started
// with the first report and kept for the next (loading ECharts and warming
// it up is most of a first report's time), one report at a time; idle, it
// keeps no process alive, and one that fails is replaced at the next report.

import { Worker } from 'node:worker_threads';
import type { ReportContent } from './make-report';

export type ToReportThread = ReportContent;
/** The HTML, or why it could not be drawn: a message for people, the stack for the log. */
export type FromReportThread = { html: string } | { error: string; stack: string | null };

// The worker's code lands beside each entry point's bundle, so each entry point says where it is.
let configuredWorkerUrl: URL | undefined;

/** Where the built report worker is; each entry point that writes reports calls this first. */
export function configureReportThread(url: URL): void {
  configuredWorkerUrl = url;
}

let thread: { url: string; worker: Worker } | undefined;
/** The report being drawn: the next waits for it. */
let drawing: Promise<unknown> = Promise.resolve();

/** The report's HTML, drawn on the report thread. */
export function drawReport(
  content: ReportContent,
  workerUrl = configuredWorkerUrl,
): Promise<string> {
  if (!workerUrl) {
    return Promise.reject(
      new Error(
        "the report thread's location is not configured: the entry point must call configureReportThread(url) first",
      ),
    );
  }
  const html = drawing.then(() => drawOn(threadAt(workerUrl), content));
  drawing = html.catch(() => undefined);
  return html;
}

function threadAt(url: URL): Worker {
  if (thread?.url === url.href) return thread.worker;
  void thread?.worker.terminate();
  const worker = new Worker(url);
  worker.unref();
  thread = { url: url.href, worker };
  return worker;
}

/** A thread that failed is not asked again: the next report starts another. */
function abandon(worker: Worker): void {
  if (thread?.worker !== worker) return;
  thread = undefined;
  void worker.terminate();
}

function drawOn(worker: Worker, content: ReportContent): Promise<string> {
  return new Promise((resolve, reject) => {
    const settle = (): void => {
      worker.off('message', answered);
      worker.off('error', failed);
      worker.off('exit', exited);
      worker.unref();
    };
    const answered = (answer: FromReportThread): void => {
      settle();
      if ('html' in answer) resolve(answer.html);
      else {
        const error = new Error(`the report could not be drawn: ${answer.error}`);
        // What main logs of a failed call is its stack: the thread's, where it failed.
        if (answer.stack !== null)
          error.stack = `${error.message}\nin the report thread: ${answer.stack}`;
        reject(error);
      }
    };
    const failed = (error: Error): void => {
      settle();
      abandon(worker);
      reject(new Error(`the report thread failed: ${error.message}`, { cause: error }));
    };
    const exited = (code: number): void => {
      settle();
      abandon(worker);
      reject(new Error(`the report thread stopped before it answered (exit code ${code})`));
    };
    worker.on('message', answered);
    worker.on('error', failed);
    worker.on('exit', exited);
    // Waited for while it draws: a command that asked for the report must not end first.
    worker.ref();
    worker.postMessage(content satisfies ToReportThread);
  });
}
