// "Save report": main writes the run's report (one HTML file, in the page's
// language and theme, at the setting's pace) and the app asks where to save
// it; a browser downloads it.

import { useTranslation } from 'react-i18next';
import type { ExportResult } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { useApp } from '../../../app/app-context';
import { useExportAction, type ExportAction } from './export-action';

export function useReportExport(runId: string): ExportAction<ExportResult> {
  const { i18n } = useTranslation();
  const { theme } = useApp();
  const language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  return useExportAction(() =>
    lasttoken().exportReport({ run_id: runId, format: 'html', language, theme }),
  );
}
