// Runs in every test file's process before its tests: the engine counts tokens
// on the worker that token-worker-global-setup.ts built for this run.

import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { configureTokenWorker } from '../../src/main/probe/tokens';

configureTokenWorker(pathToFileURL(inject('tokenWorkerFile')));
