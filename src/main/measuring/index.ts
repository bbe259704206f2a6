// Where runs are measured: the measuring thread, and the measurer it hosts.
export type { MeasureJob, MeasureReports, MeasureRun, Measurer, TrialPlace } from './measurer';
export { watchThreadVitals, type ThreadVitals } from './thread-vitals';
export { inThreadMeasurer, type InThreadMeasurerDeps } from './in-thread-measurer';
export {
  configureMeasuringThread,
  createMeasuringThread,
  sharedMeasuringThread,
  type MeasuringThread,
  type MeasuringThreadOptions,
} from './measuring-thread';
