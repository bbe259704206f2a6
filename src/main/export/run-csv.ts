// A stored run as one CSV export, whoever delivers it: the app's save dialog
// writes it to the chosen file (writeCsvFile), browser mode streams it as a
// download. The file name says which run and which kind.

import type { Readable } from 'node:stream';
import { runComparisons } from '../../shared/comparisons';
import { readerPaceOf } from '../../shared/reader';
import type { RunDetail, RunRecord } from '../../shared/run';
import type { IpcContract, ParsedInputOf } from '../../shared/ipc-contract';
import { NotFoundError } from '../ipc/not-found';
import type { HistoryQueries } from '../store';
import { detailAtPace } from '../store/run-at-pace';
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

/** The run with its reader metrics at `pace` (as stored when absent). */
function detailOf(history: HistoryQueries, run_id: string, pace: number | undefined): RunDetail {
  const detail = history.getRun(run_id);
  if (!detail) throw new NotFoundError(`no run ${run_id} in the history`);
  return pace === undefined ? detail : detailAtPace(detail, pace);
}

/** What an export of `kind` is made of, from a stored run. */
export function csvDataOf<K extends CsvKind>(detail: RunDetail, kind: K): CsvStreamData[K] {
  const data: { [Kind in CsvKind]: () => CsvStreamData[Kind] } = {
    summary: () => ({ run: detail.run, summaries: detail.summaries }),
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

/** The export as a stream of CSV text, for a download, reader metrics at `pace`. Throws NotFoundError. */
export function openRunCsv(history: HistoryQueries, request: CsvRequest, pace?: number): RunCsv {
  const detail = detailOf(history, request.run_id, pace);
  const options: CsvOptions = { bom: request.bom };
  return {
    file_name: csvFileName(detail.run, request.kind),
    stream: exportCsvStream(request.kind, csvDataOf(detail, request.kind), options),
  };
}

/**
 * The export written to `path` (atomically, see writeCsvFile), reader metrics
 * at `pace`. Throws NotFoundError, CsvWriteError.
 */
export function saveRunCsv(
  history: HistoryQueries,
  request: CsvRequest,
  path: string,
  pace?: number,
): Promise<CsvFileResult> {
  const detail = detailOf(history, request.run_id, pace);
  return writeCsvFile(path, request.kind, csvDataOf(detail, request.kind), { bom: request.bom });
}
