// Runs measured on other machines, from their run files (`lasttoken export
// RUN --kind json`): picked here, checked all together in main, added all or
// none. What happened is said next to the button: how many runs came in,
// which were here already, or why nothing was imported.

import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunImportView } from '../../../../shared/api';
import { lasttoken } from '../../api/client';
import { ErrorMessage } from '../../components/ErrorMessage';

export function ImportRuns({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RunImportView | null>(null);
  const [error, setError] = useState<unknown>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>): void => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setBusy(true);
    setResult(null);
    setError(null);
    Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })))
      .then((texts) => lasttoken().runsImport({ files: texts }))
      .then(
        (imported) => {
          setResult(imported);
          if (imported.added.length > 0) onImported();
        },
        (failure: unknown) => setError(failure),
      )
      .finally(() => {
        setBusy(false);
        // The same file may be picked again (to see it is already here).
        input.value = '';
      });
  };

  return (
    <div className="history-import">
      <label htmlFor={inputId} className="button">
        {busy ? t('history.import.busy') : t('history.import.button')}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept=".json,application/json"
        disabled={busy}
        onChange={pick}
      />
      <div role="status" className="small">
        {result &&
          (result.added.length === 0
            ? t('history.import.nothing', { count: result.skipped.length })
            : t('history.import.done', {
                count: result.added.length,
                skipped: result.skipped.length,
              }))}
      </div>
      {error !== null && <ErrorMessage error={error} />}
    </div>
  );
}
