// POST /api/exportCsv and /api/exportReport in browser mode: the file is the
// response, a download the browser saves where it saves downloads (the app's
// save dialog has no equivalent in a page). A CSV is streamed as it is made,
// at the client's pace; a report is made whole first (its charts are drawn
// before a byte of it is written), so that a failure is still an answer.

import type { ServerResponse } from 'node:http';
import type { AppServices } from '../app-services';
import { sendApiResult } from './responses';

export async function sendCsvDownload(
  res: ServerResponse,
  downloadCsv: AppServices['downloadCsv'],
  input: unknown,
): Promise<void> {
  const result = await downloadCsv(input);
  if (!result.ok) {
    sendApiResult(res, result);
    return;
  }
  const { file_name, stream } = result.value;
  stream.once('error', (error) => {
    // Before the first byte the client can still get an answer; after it, a
    // cut connection is the only honest end (a short file must not look whole).
    if (res.headersSent) {
      res.destroy(error);
      return;
    }
    res.removeHeader('Content-Disposition');
    sendApiResult(res, {
      ok: false,
      error: { code: 'internal', message: `LastToken failed making the CSV: ${error.message}` },
    });
  });
  // A client that hangs up stops the export.
  res.once('close', () => stream.destroy());
  // Set, not written: until the first byte goes out an error can still replace them.
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', contentDisposition(file_name));
  // pipe() waits for 'drain' whenever the client falls behind.
  stream.pipe(res);
}

export async function sendReportDownload(
  res: ServerResponse,
  downloadReport: AppServices['downloadReport'],
  input: unknown,
): Promise<void> {
  const result = await downloadReport(input);
  if (!result.ok) {
    sendApiResult(res, result);
    return;
  }
  const { file_name, text, type } = result.value;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', contentDisposition(file_name));
  res.end(text);
}

/**
 * `attachment`, with the name twice: `filename` in ASCII for old clients and
 * `filename*` (RFC 6266/8187) in UTF-8 when the name has anything else.
 */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
