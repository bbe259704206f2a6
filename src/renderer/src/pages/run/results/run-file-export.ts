// The run as a run file: main writes it (the same file as `lasttoken export
// RUN --kind json`), the page saves it as a download, and another machine's
// history imports it. The result is the file's name.

import { lasttoken } from '../../../api/client';
import { saveDownload } from '../../../api/save-download';
import { useExportAction, type ExportAction } from './export-action';

export function useRunFileExport(runId: string): ExportAction<string> {
  return useExportAction(async () => {
    const { file_name, text } = await lasttoken().historyRunFile({ run_id: runId });
    saveDownload(new Blob([text], { type: 'application/json' }), file_name);
    return file_name;
  });
}
