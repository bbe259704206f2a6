export {
  CSV_COLUMNS,
  CSV_KINDS,
  csvNumber,
  exportCsv,
  exportCsvStream,
  summariesByProfile,
  type CsvData,
  type CsvKind,
  type CsvOptions,
  type CsvStreamData,
  type SummaryExportData,
  type TrialsExportData,
  type TrialsStreamData,
} from './csv';
export { CsvWriteError, writeCsvFile, type CsvFileResult } from './file';
export { csvDataOf } from './run-csv';
export {
  SUMMARY_STATS,
  TRIAL_METRIC_FIELDS,
  formatFailures,
  type Cell,
  type SummariesByProfile,
} from './columns';
export { writeFileAtomically } from './file';
export {
  parseRunFile,
  readRunFile,
  runFileStream,
  RunFileError,
  RunStillRunningError,
  RUN_FILE_FORMAT,
  RUN_FILE_VERSION,
  without,
  type RunFileContent,
} from './run-file';
export {
  importRunFiles,
  importRunTexts,
  type RunImportOptions,
  type RunImportResult,
} from './run-import';
