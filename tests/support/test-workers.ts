// Points this process's engine (and the built-in simulator) at the worker threads the test run's global
// setup built (worker-threads-global-setup.ts). The setup file does it for
// every test file; a test that imports an entry point (src/main/index.ts,
// which names the workers beside its own bundle) does it again afterwards.

import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { configureMeasuringThread } from '../../src/main/measuring';
import { configureTokenWorker } from '../../src/main/probe/tokens';
import { configureReportThread } from '../../src/main/report/report-thread';
import { configureSimulatorThread } from '../../src/main/sim';

export function useTestWorkers(): void {
  configureTokenWorker(pathToFileURL(inject('tokenWorkerFile')));
  configureMeasuringThread(pathToFileURL(inject('measuringWorkerFile')));
  configureSimulatorThread(pathToFileURL(inject('simWorkerFile')));
  configureReportThread(pathToFileURL(inject('reportWorkerFile')));
}
