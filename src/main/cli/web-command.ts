// `lasttoken web`: the app in a browser. Opens the history as the desktop app
// does (profiles, keys, settings, runs), serves the built renderer and the
// contract over HTTP, prints the URL as the first line of stdout, and serves
// until Ctrl-C, when it stops the server and closes the services (a running
// run is marked interrupted, the history closed).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { version } from '../../../package.json';
import { openAppServices, type AppServices } from '../app-services';
import { StoreOpenError } from '../store';
import { isLoopbackHost, openInBrowser, startWebServer, type WebServer } from '../web';
import type { WebOptions } from './args';
import { CliFailure, complain, signalExitCode, type CliDeps, type CliIo } from './io';
import { UsageError } from './options';
import { databasePath } from './store-session';

export async function runWebCommand(
  options: WebOptions,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  const rendererDir = builtRenderer(deps.rendererDir);
  const path = databasePath(options.target, io, deps);
  const services = openServices(path, deps);
  try {
    const server = await listen(services, rendererDir, options);
    io.stdout.write(`${server.url}\n`);
    if (!isLoopbackHost(options.host)) {
      complain(
        io,
        `warning: ${options.host} is not a loopback address: anyone who can reach it and has the URL's token can use your profiles' keys through it`,
      );
    }
    io.stderr.write(`Serving the history ${path} at ${server.origin}. Ctrl-C stops it.\n`);
    if (options.open) {
      openInBrowser(server.url, (problem) =>
        complain(io, `could not open a browser: ${problem}; open the URL above yourself`),
      );
    }
    const reason = await interrupted(io.interrupt);
    await server.close();
    return signalExitCode(reason);
  } finally {
    await services.close();
  }
}

function builtRenderer(dir: string | undefined): string {
  if (dir === undefined || !existsSync(join(dir, 'index.html'))) {
    throw new CliFailure(
      `the app is not built${dir === undefined ? '' : ` (${dir} has no index.html)`}: run \`npm run web\`, or \`npx electron-vite build\` first`,
    );
  }
  return dir;
}

function openServices(databasePath: string, deps: CliDeps): AppServices {
  try {
    return openAppServices({
      databasePath,
      keys: deps.keys,
      identity: { name: 'LastToken', version, electron: null, transport: 'http' },
      systemLocale: Intl.DateTimeFormat().resolvedOptions().locale,
    });
  } catch (error) {
    // Its message names the file and says what to do (a read-only history cannot serve the app).
    if (error instanceof StoreOpenError) throw new CliFailure(error.message);
    throw error;
  }
}

async function listen(
  services: AppServices,
  rendererDir: string,
  { host, port }: WebOptions,
): Promise<WebServer> {
  try {
    return await startWebServer({ services, rendererDir, host, port });
  } catch (error) {
    switch ((error as NodeJS.ErrnoException).code) {
      case 'EADDRINUSE':
        throw new UsageError(
          `port ${port} is in use: pick another with --port N (0 or none picks a free one)`,
        );
      case 'EACCES':
        throw new UsageError(
          `no permission to listen on port ${port}: pick one above 1023 with --port N`,
        );
      case 'EADDRNOTAVAIL':
        throw new UsageError(`--host ${host} is not an address of this machine`);
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        throw new UsageError(`--host ${host} is not a host name this machine can resolve`);
      default:
        throw error;
    }
  }
}

/** The abort's reason (the signal's name) once Ctrl-C or SIGTERM arrives; never without a signal. */
function interrupted(signal: AbortSignal | undefined): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve(signal.reason);
    else signal?.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}
