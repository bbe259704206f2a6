// The report thread (report-thread.ts): takes a report's content, answers with
// its HTML (or why it could not), and waits for the next.

import { parentPort } from 'node:worker_threads';
import { htmlReport } from './html-report';
import type { FromReportThread, ToReportThread } from './report-thread';

const port = parentPort;
if (!port) throw new Error('report-worker.ts runs as a worker thread (report-thread.ts starts it)');

port.on('message', (content: ToReportThread) => {
  let answer: FromReportThread;
  try {
    answer = { html: htmlReport(content) };
  } catch (error) {
    // "TypeError: …" for people; where it happened for the log.
    answer = { error: String(error), stack: error instanceof Error ? (error.stack ?? null) : null };
  }
  port.postMessage(answer);
});
