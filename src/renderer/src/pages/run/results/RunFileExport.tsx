// The run as a run file: main writes it (the same file as `lasttoken export
// RUN --kind json`), the page saves it as a download, and another machine's
// history imports it. A hook, so the export panel puts the button in its row
// of buttons and what happened in its line of news.

import { useState } from 'react';
import { lasttoken } from '../../../api/client';
import { saveDownload } from '../../../api/save-download';

export interface RunFileExport {
  save(): void;
  busy: boolean;
  /** The file name of the last download; null before one. */
  saved: string | null;
  error: unknown;
}

export function useRunFileExport(runId: string): RunFileExport {
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

  return { save, busy, saved, error };
}
