// The child process that plays Electron's main process: plain Node, forked by
// window-host.ts (bundled first: Node 20 cannot run TypeScript). It puts the
// stand-in (electron.ts) where a module-resolution hook (node:module
// register(), Node >= 20.6) makes the specifier 'electron' find it, loads the
// built main entry (out/main/index.js) exactly as it is, and then emits
// 'ready', as Electron does once its main script has run.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { createStandInElectron, EXPORTS } from './electron';
import { CONFIG_VAR, GLOBAL_KEY, type StandInConfig } from './protocol';
import { processTransport, Rpc } from './rpc';

const configText = process.env[CONFIG_VAR];
if (configText === undefined)
  throw new Error(`${CONFIG_VAR} is not set: start this with window-host.ts`);
const config = JSON.parse(configText) as StandInConfig;

const rpc = new Rpc(processTransport(process), (error) => report(`stand-in RPC: ${String(error)}`));

function report(text: string): void {
  standIn.recordMainError(text);
  process.stderr.write(`${text}\n`);
}

const standIn = createStandInElectron({
  rpc,
  config,
  exit(code) {
    // Heard by the test process before the process goes, then Electron's exit.
    const send = process.send?.bind(process);
    if (send === undefined) process.exit(code);
    else send({ kind: 'notice', method: 'exiting', params: { code } }, () => process.exit(code));
  },
});

// Electron shows an uncaught exception in a dialog and carries on; the test sees them all.
process.on('uncaughtException', (error) => {
  report(`Uncaught exception in the main process: ${error.stack ?? String(error)}`);
});
process.on('unhandledRejection', (reason) => {
  report(
    `Unhandled rejection in the main process: ${reason instanceof Error ? reason.stack : String(reason)}`,
  );
});
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  standIn.recordMainError(format(...args));
  consoleError(...args);
};

/** The names the built main imports from 'electron', each of which the stand-in must provide. */
function checkElectronImports(mainFile: string): void {
  const chunks = join(mainFile, '..', 'chunks');
  const files = [
    mainFile,
    ...(existsSync(chunks) ? readdirSync(chunks, { withFileTypes: true }) : [])
      .filter((entry) => entry.isFile())
      .map((entry) => join(chunks, entry.name)),
  ];
  const missing: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*([^;]*?)\s*from\s*["']electron(\/main)?["']/g)) {
      const clause = match[1] ?? '';
      if (clause.startsWith('*')) {
        throw new Error(
          `${file} imports electron as a namespace (${clause}): the stand-in cannot make a missing ` +
            'member of a namespace throw, so it refuses to run it.',
        );
      }
      const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
      for (const part of named.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && name !== 'type' && !(EXPORTS as readonly string[]).includes(name)) {
          missing.push(`${name} (${file})`);
        }
      }
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `the built main imports from electron what the stand-in does not provide: ${missing.join(', ')}. ` +
        'Add it to tests/support/stand-in-electron/electron.ts.',
    );
  }
}

// What `import ... from 'electron'` finds: the stand-in's objects, from a global.
(globalThis as Record<symbol, unknown>)[Symbol.for(GLOBAL_KEY)] = standIn.module;
const electronModule =
  `const e = globalThis[Symbol.for(${JSON.stringify(GLOBAL_KEY)})];\n` +
  EXPORTS.map((name) => `export const ${name} = e.${name};\n`).join('') +
  'export default e;\n';
const hooks = `
let electronUrl;
export function initialize(data) { electronUrl = data.electronUrl; }
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron' || specifier === 'electron/main') {
    return { url: electronUrl, shortCircuit: true };
  }
  if (specifier.startsWith('electron/')) {
    throw new Error('stand-in electron: ' + specifier + ' is not provided (only electron and electron/main)');
  }
  return nextResolve(specifier, context);
}
`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { electronUrl: `data:text/javascript,${encodeURIComponent(electronModule)}` },
});

try {
  checkElectronImports(config.mainFile);
  let loaded = false;
  const watchdog = setTimeout(() => {
    if (!loaded) {
      report(
        `${config.mainFile} did not finish loading within 10 s: the stand-in emits 'ready' only ` +
          'after the main entry has been evaluated (a top-level await of app.whenReady() would wait forever).',
      );
    }
  }, 10_000);
  await import(pathToFileURL(config.mainFile).href);
  loaded = true;
  clearTimeout(watchdog);
  standIn.becomeReady();
  rpc.notify('started');
} catch (error) {
  rpc.notify('startup-failed', {
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
