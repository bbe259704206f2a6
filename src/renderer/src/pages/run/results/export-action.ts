// One export of the run's row of buttons as the panel follows it: started by a
// click, busy until it ends, then what it gave or why it failed. The run file
// and the report are each one of these; only what they ask main differs.

import { useState } from 'react';

export interface ExportAction<T> {
  save(): void;
  busy: boolean;
  /** What the last save gave; null before one, and while one runs. */
  result: T | null;
  error: unknown;
}

export function useExportAction<T>(act: () => Promise<T>): ExportAction<T> {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);

  const save = (): void => {
    setBusy(true);
    setResult(null);
    setError(null);
    act()
      .then(setResult, (failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };

  return { save, busy, result, error };
}
