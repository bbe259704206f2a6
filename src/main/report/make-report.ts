// A report of stored runs, whoever asks: the app's "Save report" (one run, at
// the setting's reading pace), `lasttoken report` (runs, or a series, at the
// pace each was measured at unless --reader-pace says otherwise). Everything
// it shows is read as the results page reads it: the run's stored digest,
// its chart data in one sliced pass over the stored timelines, its failed
// trials a page at a time; never every trial at once.

import type {
  Language,
  ReportFormat,
  ReportTheme,
  RunCharts,
  RunComparison,
  RunView,
  TrialPage,
} from '../../shared/api';
import type { IpcContract, ParsedInputOf } from '../../shared/ipc-contract';
import { DEFAULT_READER_PACE_TPS } from '../../shared/reader';
import type { RunRecord } from '../../shared/run';
import { tokenParamsSent, type TokenParamsSent } from '../../shared/results/run-facts';
import { storedRunCharts } from '../charts/run-charts';
import { compareRuns } from '../compare-runs';
import { exportFileName } from '../export/run-csv';
import type { Store } from '../store';
import { drawReport } from './report-thread';
import { markdownReport } from './markdown-report';

/** Failed trials listed in a report: the first in the results page's order; the rest counted. */
export const REPORTED_FAILURES = 200;

export interface ReportOptions {
  language: Language;
  theme: ReportTheme;
  format: ReportFormat;
  /** The reading pace of the reader figures; null: each run's own, as measured. */
  pace: number | null;
  /** LastToken's version, said in the report. */
  version: string;
  /** When the report is made (a clock, for tests). */
  now: () => Date;
}

/** One run as the report shows it in full. */
export interface ReportedRun {
  view: RunView;
  charts: RunCharts;
  /** Its failed trials, the first REPORTED_FAILURES of them, with the total. */
  failed: TrialPage;
  /** The token limit's name each profile's trials sent (a 400 may have switched it from the snapshot's). */
  token_params: TokenParamsSent;
}

/** What every report is made of: its runs' stored figures, and what it is for. */
export interface ReportBasis {
  /** The runs shown in full, in the order given (a series: its newest run). */
  views: RunView[];
  /** Every run the report covers, oldest first, for the trend: two or more, else empty. */
  trend: RunView[];
  /** Two runs named together: B − A of the second against the first. */
  pair: RunComparison | null;
  /** The series reported, if one was. */
  series_id: string | null;
  language: Language;
  theme: ReportTheme;
  version: string;
  made_at: string;
}

/** What an HTML report draws besides: each full run's charts, failed trials and token limit names. */
export interface ReportContent extends Omit<ReportBasis, 'views'> {
  runs: ReportedRun[];
}

export interface ReportFile {
  file_name: string;
  text: string;
  /** Its media type, for a download. */
  type: string;
}

export type ReportSubject = { runs: RunRecord[] } | { series_id: string; runs: RunRecord[] };

export type ReportStore = Pick<Store, 'history' | 'digests' | 'trialPages'>;

/** The app's "Save report": a run as its results page shows it. */
export type AppReportRequest = ParsedInputOf<IpcContract['exportReport']>;

/** The app's report of a run: at the setting's reading pace, in the page's language and theme. */
export function appReportOptions(
  { format, language, theme }: AppReportRequest,
  app: { pace: number; version: string; now: () => Date },
): ReportOptions {
  return { format, language, theme, ...app };
}

export async function makeReport(
  store: ReportStore,
  subject: ReportSubject,
  options: ReportOptions,
): Promise<ReportFile> {
  const file_name = reportFileName(subject, options.format);
  const basis = await reportBasis(store, subject, options);
  if (options.format === 'md') {
    return { file_name, text: markdownReport(basis), type: 'text/markdown; charset=utf-8' };
  }
  const html = await drawReport(await drawnContent(store, basis, options));
  return { file_name, text: html, type: 'text/html; charset=utf-8' };
}

/**
 * `lasttoken-2026-12-01-1530-ab12cd34-report.html`: when the (first) run
 * started and its id's start; a series by its id, several runs by how many.
 */
export function reportFileName(subject: ReportSubject, format: ReportFormat): string {
  const [first] = subject.runs;
  if (!first) throw new Error('a report needs a run');
  if ('series_id' in subject) {
    return exportFileName({ ...first, id: subject.series_id }, `series-report.${format}`);
  }
  const more = subject.runs.length - 1;
  return exportFileName(first, more > 0 ? `and-${more}-more-report.${format}` : `report.${format}`);
}

/** The reading pace a run is reported at. */
function paceOf(run: RunRecord, options: ReportOptions): number {
  return options.pace ?? run.config.limits.reader_pace_tps ?? DEFAULT_READER_PACE_TPS;
}

async function reportBasis(
  store: ReportStore,
  subject: ReportSubject,
  options: ReportOptions,
): Promise<ReportBasis> {
  const oldestFirst = [...subject.runs].sort((a, b) => a.started_at.localeCompare(b.started_at));
  const views = new Map<string, RunView>();
  for (const run of oldestFirst) {
    views.set(run.id, { run, ...(await store.digests.digest(run, paceOf(run, options))) });
  }
  const view = (run: RunRecord): RunView => views.get(run.id) as RunView;
  // A series reads as its trend and its newest run; runs named are each shown whole.
  const full = 'series_id' in subject ? oldestFirst.slice(-1) : subject.runs;
  const [a, b] = subject.runs;
  const pair =
    !('series_id' in subject) && subject.runs.length === 2 && a && b
      ? await compareRuns(view(a), view(b), store.trialPages)
      : null;
  return {
    views: full.map(view),
    trend: oldestFirst.length > 1 ? oldestFirst.map(view) : [],
    pair,
    series_id: 'series_id' in subject ? subject.series_id : null,
    language: options.language,
    theme: options.theme,
    version: options.version,
    made_at: options.now().toISOString(),
  };
}

async function drawnContent(
  store: ReportStore,
  { views, ...basis }: ReportBasis,
  options: ReportOptions,
): Promise<ReportContent> {
  const runs: ReportedRun[] = [];
  for (const view of views) {
    const { run } = view;
    runs.push({
      view,
      charts: await storedRunCharts(run, store.trialPages),
      failed: store.history.trialPage(
        run.id,
        { status: 'failed', limit: REPORTED_FAILURES },
        paceOf(run, options),
      ) ?? { trials: [], total: 0 },
      token_params: await tokenParamsSent(run, async (query) => {
        const page = store.history.trialPage(run.id, query, paceOf(run, options));
        return page?.trials[0]?.trial;
      }),
    });
  }
  return { ...basis, runs };
}
