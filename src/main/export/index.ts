export {
  CSV_COLUMNS,
  CSV_KINDS,
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
export {
  SUMMARY_STATS,
  TRIAL_METRIC_FIELDS,
  formatFailures,
  type Cell,
  type SummariesByProfile,
} from './columns';
