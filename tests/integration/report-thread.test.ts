// The report thread: a report's HTML is drawn off the main thread, from plain
// data handed over, and a report that cannot be drawn says why instead of
// leaving the caller waiting.

import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { ReportContent } from '../../src/main/report/make-report';
import { drawReport } from '../../src/main/report/report-thread';

const EMPTY: ReportContent = {
  runs: [],
  trend: [],
  pair: null,
  series_id: null,
  language: 'zh-CN',
  theme: 'dark',
  version: '9.9.9',
  made_at: '2026-12-06T04:00:00.000Z',
};

describe('the report thread', () => {
  it('draws the HTML of the content it is handed, in its language and theme', async () => {
    const html = await drawReport(EMPTY);
    expect(html).toMatch(/^<!doctype html>\s*<html lang="zh-CN" data-theme="dark">/);
    expect(html).toContain('LastToken 9.9.9');
    expect(html).not.toContain('<script');
  });

  it('says why when the content cannot be drawn, and the next report is drawn again', async () => {
    const broken = { ...EMPTY, runs: [{ view: null }] } as unknown as ReportContent;
    await expect(drawReport(broken)).rejects.toThrow(/^the report could not be drawn: TypeError/);
    await expect(drawReport(EMPTY)).resolves.toContain('<html');
  });

  it('refuses a worker file that is not there, in one message', async () => {
    const missing = new URL('missing-report-worker.mjs', pathToFileURL(inject('reportWorkerFile')));
    await expect(drawReport(EMPTY, missing)).rejects.toThrow(
      /Cannot find module|ERR_MODULE_NOT_FOUND/,
    );
  });
});
