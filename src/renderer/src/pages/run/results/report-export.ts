// "Save report": main writes the run's report (one HTML file, in the page's
// language and theme, at the setting's pace) and the app asks where to save
// it; a browser downloads it. A hook, so the export panel puts the button in
// its row of buttons and what happened in its line of news.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportResult } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { useApp } from '../../../app/app-context';

export interface ReportExport {
  save(): void;
  busy: boolean;
  /** What the last save did; null before one. */
  result: ExportResult | null;
  error: unknown;
}

export function useReportExport(runId: string): ReportExport {
  const { i18n } = useTranslation();
  const { theme } = useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);
  const [error, setError] = useState<unknown>(null);

  const save = (): void => {
    setBusy(true);
    setResult(null);
    setError(null);
    const language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
    lasttoken()
      .exportReport({ run_id: runId, format: 'html', language, theme })
      .then(setResult, (failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };

  return { save, busy, result, error };
}
