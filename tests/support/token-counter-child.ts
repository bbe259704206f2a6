// A process that counts tokens on the shared token worker and then has nothing
// left to do: token-counter.test.ts checks that it exits by itself, which it
// cannot while the worker holds it. argv[2] is the built worker file.

import { pathToFileURL } from 'node:url';
import { configureTokenWorker, sharedTokenCounter } from '../../src/main/probe/tokens';

configureTokenWorker(pathToFileURL(process.argv[2] as string));
const counter = sharedTokenCounter();
counter.warm();
process.stdout.write(`${await counter.count('hello world')}\n`);
