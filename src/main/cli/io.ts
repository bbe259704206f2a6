// What the CLI needs from its process, passed in so tests can run it in-process
// with fake streams and their own interrupt.

import type { Env } from './args';

export interface TextOutput {
  write(text: string): unknown;
  /** True on a terminal: progress is then drawn in place. */
  readonly isTTY?: boolean;
}

export interface CliIo {
  stdout: TextOutput;
  stderr: TextOutput;
  env: Env;
  /**
   * Aborts on SIGINT/SIGTERM, with the signal's name as its reason: it cancels
   * the running trial and stops the simulator. Absent: never interrupted.
   */
  interrupt?: AbortSignal;
}

/** One line on stderr, prefixed with the program's name, as every CLI error is. */
export function complain(io: CliIo, message: string): void {
  io.stderr.write(`lasttoken: ${message}\n`);
}
