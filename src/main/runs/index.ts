// Run orchestration: plan, schedule, progress, cancel. Plain Node, no Electron.
export {
  planRun,
  runConfigProblems,
  trialSchedule,
  RunConfigError,
  type PlannedTrial,
} from './plan';
export {
  startRun,
  type KeySource,
  type RunDeps,
  type RunHandle,
  type RunSink,
} from './run-orchestrator';
export type { SessionFactory } from './profile-loop';
export { createTurnQueue, offSocketQueue, type TurnQueue } from './turn-queue';
export { createEmitter, type Emitter, type Listener } from './emitter';
