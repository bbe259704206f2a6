// Runs in every test file's process before its tests: the engine measures on
// the measuring thread and counts tokens on the token worker that
// worker-threads-global-setup.ts built for this run.

import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { configureMeasuringThread } from '../../src/main/measuring';
import { configureTokenWorker } from '../../src/main/probe/tokens';

configureTokenWorker(pathToFileURL(inject('tokenWorkerFile')));
configureMeasuringThread(pathToFileURL(inject('measuringWorkerFile')));
