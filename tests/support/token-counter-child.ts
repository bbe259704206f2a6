// A process that warms the shared token worker, counts tokens on it unless
// argv[3] is "warm-only" (a probe whose trials had no text), and then has
// nothing left to do: token-counter.test.ts checks that it exits by itself,
// which it cannot while the worker holds it. argv[2] is the built worker file.

import { pathToFileURL } from 'node:url';
import { configureTokenWorker, sharedTokenCounter } from '../../src/main/probe/tokens';
import { oneChunkRequest } from './one-chunk-request';

configureTokenWorker(pathToFileURL(process.argv[2] as string));
const counter = sharedTokenCounter();
counter.warm();
if (process.argv[3] !== 'warm-only') {
  const { contentTotal } = await counter.analyze(oneChunkRequest('hello world'));
  process.stdout.write(`${contentTotal}\n`);
}
