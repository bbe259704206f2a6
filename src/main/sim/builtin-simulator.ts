// The simulator the built-in demo profile runs against, on its own thread of
// the app's process (sim-thread.ts): started when something first needs it (a
// run, a connection test, the model list of the demo profile) and kept until
// the app closes.

import { startSimulatorThread, type SimThread } from './sim-thread';

export class BuiltinSimulator {
  private server: Promise<SimThread> | null = null;

  /** http://127.0.0.1:PORT of the running simulator, started if it is not. */
  async url(): Promise<string> {
    this.server ??= startSimulatorThread();
    try {
      return (await this.server).url;
    } catch (error) {
      // Let a later call try again.
      this.server = null;
      throw error;
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    await (await server?.catch(() => null))?.close();
  }
}
