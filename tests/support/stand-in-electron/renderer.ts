// The renderer half of the stand-in: the built preload (out/preload/index.cjs)
// evaluated in a window's page before the page's own scripts, the way
// Electron runs a sandboxed preload (a function of require, process, Buffer...
// in which only require('electron') works), with a stand-in 'electron' whose
// contextBridge.exposeInMainWorld defines the global as Electron's does
// (copied, deep-frozen, read-only, non-configurable) and whose ipcRenderer
// reaches main through a Playwright binding (invoke) and hears what main's
// webContents.send pushes (a hidden function the test process calls).
//
// Unlike Electron, all of this runs in the page's main world, not in an
// isolated one: contextIsolation is imitated by copying, not enforced.

/** Names of the page's hidden hooks, random per launch so that the app cannot depend on them. */
export interface RendererHooks {
  /** The Playwright binding ipcRenderer.invoke calls; removed from the page's global at start. */
  invoke: string;
  /** The function the test process calls to deliver webContents.send(channel, ...args). */
  deliver: string;
  /** What the stand-in prefixes its console messages with (a preload that failed). */
  marker: string;
}

/**
 * Runs in the page (Playwright serialises it), so it uses nothing from
 * outside: each name it needs is its own.
 */
function pageRuntime(hooks: RendererHooks, preload: (...args: unknown[]) => void): void {
  type Any = Record<string | symbol, unknown>;
  const page = globalThis as unknown as Any & {
    top: unknown;
    window: unknown;
    console: { error(...args: unknown[]): void };
  };
  // nodeIntegrationInSubFrames is off: Electron runs the preload in main frames only.
  if (page.window !== page.top) return;

  const invokeBinding = page[hooks.invoke] as
    | ((channel: string, args: unknown[]) => Promise<{ result?: unknown; error?: string }>)
    | undefined;
  delete page[hooks.invoke];

  const strict = <T extends object>(name: string, target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        if (typeof property === 'symbol' || property in object || property === 'then') {
          return Reflect.get(object, property, receiver) as unknown;
        }
        throw new Error(
          `stand-in electron (renderer): ${name}.${String(property)} is not implemented by ` +
            'tests/support/stand-in-electron.',
        );
      },
    });

  /** What crosses the context bridge: copies, with functions and promises proxied. */
  const cross = (value: unknown, depth = 0): unknown => {
    if (depth > 1000) throw new Error('stand-in contextBridge: object too deep to copy');
    if (typeof value === 'function') {
      const fn = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => cross(fn(...args.map((arg) => cross(arg, depth + 1))));
    }
    if (value instanceof Promise) {
      return value.then(
        (settled) => cross(settled),
        (error: unknown) => {
          throw cross(error);
        },
      );
    }
    if (value instanceof Error) {
      const copy = new Error(value.message);
      copy.name = value.name;
      return copy;
    }
    if (Array.isArray(value)) return value.map((item) => cross(item, depth + 1));
    if (value !== null && typeof value === 'object') {
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, cross(item, depth + 1)]),
      );
    }
    return value;
  };

  const deepFreeze = (value: unknown): unknown => {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      Object.freeze(value);
      for (const key of Object.getOwnPropertyNames(value)) {
        deepFreeze((value as Any)[key]);
      }
    }
    return value;
  };

  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const ipcRenderer = strict('ipcRenderer', {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      if (invokeBinding === undefined) throw new Error('stand-in ipcRenderer: no invoke binding');
      // Electron's IPC carries structured clones: what cannot be cloned throws here.
      const reply = await invokeBinding(channel, structuredClone(args));
      if (reply.error !== undefined) {
        throw new Error(`Error invoking remote method '${channel}': ${reply.error}`);
      }
      return reply.result;
    },
    on(channel: string, listener: (...args: unknown[]) => void) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: (...args: unknown[]) => void) {
      const kept = (listeners.get(channel) ?? []).filter((l) => l !== listener);
      listeners.set(channel, kept);
      return ipcRenderer;
    },
  });

  Object.defineProperty(page, hooks.deliver, {
    enumerable: false,
    value: (channel: string, args: unknown[]) => {
      const event = { sender: ipcRenderer, ports: [] };
      for (const listener of [...(listeners.get(channel) ?? [])]) {
        try {
          listener(event, ...args);
        } catch (error) {
          // As in Electron: the listener's error is the page's, reported without stopping the others.
          setTimeout(() => {
            throw error;
          });
        }
      }
      return (listeners.get(channel) ?? []).length;
    },
  });

  const contextBridge = strict('contextBridge', {
    exposeInMainWorld(key: string, api: unknown) {
      if (key in page) {
        throw new Error('Cannot bind an API on top of an existing property on the window object');
      }
      // shell/renderer/api/electron_api_context_bridge.cc: DeepFreeze, SetReadOnlyNonConfigurable.
      Object.defineProperty(page, key, {
        value: deepFreeze(cross(api)),
        writable: false,
        configurable: false,
        enumerable: true,
      });
    },
  });

  const electron = strict('electron', { contextBridge, ipcRenderer });
  const refuse = (name: string) =>
    new Proxy(
      {},
      {
        get(_object, property) {
          if (typeof property === 'symbol' || property === 'then') return undefined;
          throw new Error(`stand-in preload: ${name}.${property} is not provided`);
        },
      },
    );
  const require = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`stand-in preload: module not found: ${id} (only 'electron' is provided)`);
  };
  const unavailable = (name: string) => () => {
    throw new Error(`stand-in preload: ${name} is not provided`);
  };
  const module = { exports: {} };
  try {
    preload(
      require,
      refuse('process'),
      refuse('Buffer'),
      globalThis,
      unavailable('setImmediate'),
      unavailable('clearImmediate'),
      module.exports,
      module,
    );
  } catch (error) {
    // Electron: "Unable to load preload script", and the page loads on without it.
    page.console.error(
      `${hooks.marker} Unable to load preload script: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}

/** The init script for a window's pages: the runtime above around the built preload's source. */
export function preloadInitScript(preloadSource: string, hooks: RendererHooks): string {
  return [
    `(${pageRuntime.toString()})(${JSON.stringify(hooks)}, function (require, process, Buffer, global, setImmediate, clearImmediate, exports, module) {`,
    preloadSource,
    '});',
    '//# sourceURL=stand-in-electron-preload.js',
  ].join('\n');
}
