// The run's exports in one row of buttons: as CSV (its summary, its trials,
// every chunk or its comparisons, optionally with a byte-order mark so that
// Excel reads the UTF-8 right), as a report to share (one HTML file) and as
// a run file. The app asks where to save;
// a browser downloads. Either way the screen says where the file went.

import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_KINDS, type CsvKind, type ExportResult } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { ErrorMessage } from '../../../components/ErrorMessage';
import type { Formatters } from '../../../i18n/format';
import { useReportExport } from './report-export';
import { useRunFileExport } from './run-file-export';
import { useStableFormat } from './use-results-text';

const KIB = 1024;
const MIB = 1024 * 1024;

type Outcome = { kind: CsvKind; result: ExportResult } | { kind: CsvKind; error: unknown };

export function ExportPanel({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const labelId = useId();
  const [bom, setBom] = useState(false);
  const [busy, setBusy] = useState<CsvKind | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const runFile = useRunFileExport(runId);
  const report = useReportExport(runId);

  const exportCsv = (kind: CsvKind): void => {
    setBusy(kind);
    setOutcome(null);
    lasttoken()
      .exportCsv({ run_id: runId, kind, bom })
      .then(
        (result) => setOutcome({ kind, result }),
        (error: unknown) => setOutcome({ kind, error }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <div className="export-panel">
      {/* One row of buttons whatever the width: the options and the news go below it. */}
      <div className="export-row">
        <div className="export-controls" role="group" aria-labelledby={labelId}>
          <span id={labelId} className="export-label">
            {t('common.actions.exportCsv')}
          </span>
          {CSV_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              disabled={busy !== null}
              onClick={() => exportCsv(kind)}
            >
              {t(`results.export.kind.${kind}`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          disabled={report.busy}
          title={t('results.export.reportHint')}
          onClick={report.save}
        >
          {t('results.export.report')}
        </button>
        <button
          type="button"
          disabled={runFile.busy}
          title={t('results.export.runFileHint')}
          onClick={runFile.save}
        >
          {t('results.export.runFile')}
        </button>
      </div>
      <div className="export-options">
        <label className="inline-control">
          <input type="checkbox" checked={bom} onChange={(e) => setBom(e.target.checked)} />
          {t('results.export.bom')}
        </label>
        <span role="status" className="export-status small">
          {outcome && 'result' in outcome && savedText(outcome.result, t, format)}
        </span>
        <span role="status" className="export-status small">
          {report.result && savedText(report.result, t, format)}
        </span>
        <span role="status" className="export-status small">
          {runFile.result !== null && t('results.export.runFileSaved', { file: runFile.result })}
        </span>
      </div>
      {outcome && 'error' in outcome && <ErrorMessage error={outcome.error} />}
      {report.error !== null && <ErrorMessage error={report.error} />}
      {runFile.error !== null && <ErrorMessage error={runFile.error} />}
    </div>
  );
}

function sizeText(bytes: number, t: TFunction, format: Formatters): string {
  if (bytes < KIB) return t('results.export.size.bytes', { value: format.count(bytes) });
  if (bytes < MIB) return t('results.export.size.kib', { value: format.number(bytes / KIB, 1) });
  return t('results.export.size.mib', { value: format.number(bytes / MIB, 1) });
}

function savedText(result: ExportResult, t: TFunction, format: Formatters): string {
  if (!result.saved) return t('results.export.notSaved');
  const values = { file: result.file_name, size: sizeText(result.bytes, t, format) };
  return result.path === null
    ? t('results.export.downloaded', values)
    : t('results.export.savedTo', { ...values, path: result.path });
}
