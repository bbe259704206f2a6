// The run as a run file: main writes it (the same file as `lasttoken export
// RUN --kind json`), the page saves it as a download, and another machine's
// history imports it.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lasttoken } from '../../../api/client';
import { saveDownload } from '../../../api/save-download';
import { ErrorMessage } from '../../../components/ErrorMessage';

export function RunFileExport({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const save = (): void => {
    setBusy(true);
    setSaved(null);
    setError(null);
    lasttoken()
      .historyRunFile({ run_id: runId })
      .then(
        ({ file_name, text }) => {
          saveDownload(new Blob([text], { type: 'application/json' }), file_name);
          setSaved(file_name);
        },
        (failure: unknown) => setError(failure),
      )
      .finally(() => setBusy(false));
  };

  return (
    <div className="export-run-file">
      <button type="button" disabled={busy} title={t('results.export.runFileHint')} onClick={save}>
        {t('results.export.runFile')}
      </button>
      <span role="status" className="small">
        {saved !== null && t('results.export.runFileSaved', { file: saved })}
      </span>
      {error !== null && <ErrorMessage error={error} />}
    </div>
  );
}
