// A stored run as one CSV export, whoever delivers it: the app's save dialog
// writes it to the chosen file (writeCsvFile), browser mode streams it as a
// download, the CLI writes it. The file name says which run and which kind.
// The app reads the run without holding its main thread: summaries and
// comparisons from the run's digest, trials a page at a time with a turn of
// the event loop between pages; the CLI, which serves nobody meanwhile,
// reads the run whole.

import { prefillByProfile } from '../../shared/run-digest';
import type { Readable } from 'node:stream';
import { runComparisons } from '../../shared/comparisons';
import { readerPaceOf } from '../../shared/reader';
import type { RunDetail, RunRecord } from '../../shared/run';
import type { IpcContract, ParsedInputOf } from '../../shared/ipc-contract';
import { NotFoundError } from '../ipc/not-found';
import type { HistoryQueries, RunDigests } from '../store';
import { pagedTrials } from './stored-trials';
import { exportCsvStream, type CsvKind, type CsvOptions, type CsvStreamData } from './csv';
import { writeCsvFile, type CsvFileResult } from './file';

export type CsvRequest = ParsedInputOf<IpcContract['exportCsv']>;

/** `lasttoken-2026-12-01-1530-ab12cd34-trials.csv`: when the run started (UTC), its id's start, the kind. */
export function csvFileName(run: Pick<RunRecord, 'id' | 'started_at'>, kind: CsvKind): string {
  return exportFileName(run, `${kind}.csv`);
}

/** `lasttoken-2026-12-01-1530-ab12cd34-<ending>`, for any export of a run. */
export function exportFileName(run: Pick<RunRecord, 'id' | 'started_at'>, ending: string): string {
  const started = run.started_at.slice(0, 16).replace('T', '-').replace(':', '');
  const id = run.id.replace(/[^0-9a-zA-Z]/g, '').slice(0, 8);
  return `lasttoken-${started}-${id}-${ending}`;
}

/** What the app's exports read: the run's record and trials, and its digest. */
export interface ExportSource {
  history: Pick<HistoryQueries, 'runRecord' | 'trialPages'>;
  digests: Pick<RunDigests, 'digest'>;
}

/** What an export of `kind` is made of, from a stored run read whole. */
export function csvDataOf<K extends CsvKind>(detail: RunDetail, kind: K): CsvStreamData[K] {
  const data: { [Kind in CsvKind]: () => CsvStreamData[Kind] } = {
    summary: () => ({
      run: detail.run,
      summaries: detail.summaries,
      prefill: prefillByProfile(detail.trials),
    }),
    trials: () => ({ run: detail.run, trials: detail.trials }),
    chunks: () => ({ run: detail.run, trials: detail.trials }),
    comparisons: () => ({
      run: detail.run,
      comparisons: runComparisons(detail),
      reader_pace_tps: readerPaceOf(detail.trials.map((t) => t.trial)),
    }),
  };
  return data[kind]();
}

export interface RunCsv {
  file_name: string;
  stream: Readable;
}

/** The run and what the app's export of it is made of, reader metrics at `pace`, read without holding the thread. */
async function exportOf(
  source: ExportSource,
  { run_id, kind }: CsvRequest,
  pace: number,
): Promise<{ run: RunRecord; data: CsvStreamData[CsvKind] }> {
  const run = source.history.runRecord(run_id);
  if (!run) throw new NotFoundError({ key: 'app.no_run', values: { run_id } });
  if (kind === 'trials' || kind === 'chunks') {
    return { run, data: { run, trials: pagedTrials(source.history.trialPages(run_id), pace) } };
  }
  const digest = await source.digests.digest(run, pace);
  const data: CsvStreamData[CsvKind] =
    kind === 'summary'
      ? { run, summaries: digest.summaries, prefill: digest.prefill }
      : { run, comparisons: digest.comparisons, reader_pace_tps: digest.reader_pace_tps };
  return { run, data };
}

/** The export as a stream of CSV text, for a download, reader metrics at `pace`. Throws NotFoundError. */
export async function openRunCsv(
  source: ExportSource,
  request: CsvRequest,
  pace: number,
): Promise<RunCsv> {
  const { run, data } = await exportOf(source, request, pace);
  const stream = exportCsvStream(request.kind, data, { bom: request.bom } satisfies CsvOptions);
  return { file_name: csvFileName(run, request.kind), stream };
}

/**
 * The export written to `path` (atomically, see writeCsvFile), reader metrics
 * at `pace`. Throws NotFoundError, CsvWriteError.
 */
export async function saveRunCsv(
  source: ExportSource,
  request: CsvRequest,
  path: string,
  pace: number,
): Promise<CsvFileResult> {
  const { data } = await exportOf(source, request, pace);
  return writeCsvFile(path, request.kind, data, { bom: request.bom });
}
