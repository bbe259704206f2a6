// Runs in every test file's process before its tests: the engine measures on
// the measuring thread and counts tokens on the token worker that
// worker-threads-global-setup.ts built for this run.

import { useTestWorkers } from './test-workers';

useTestWorkers();
