// What the CLI needs from its process, passed in so tests can run it in-process
// with fake streams and their own interrupt.

import { constants } from 'node:os';
import type { KeyStore } from '../secrets';
import { printable } from './format';
import type { Env } from './options';

export interface TextOutput {
  write(text: string): unknown;
  /** True on a terminal: progress is then drawn in place. */
  readonly isTTY?: boolean;
  /** The terminal's width, when it is one. */
  readonly columns?: number;
}

/** Standard input: where `profile set-key` reads a key. */
export interface TextInput extends NodeJS.ReadableStream {
  /** True on a terminal: the key is then typed with echo off. */
  readonly isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
}

export interface CliIo {
  stdout: TextOutput;
  stderr: TextOutput;
  env: Env;
  /** Absent: nothing to read (as an empty pipe). */
  stdin?: TextInput;
  /**
   * Aborts on SIGINT/SIGTERM, with the signal's name as its reason: it cancels
   * the running trial and stops the simulator. Absent: never interrupted.
   */
  interrupt?: AbortSignal;
}

/** What the CLI uses besides its process; tests replace parts of it. */
export interface CliDeps {
  /** Where profiles' keys live. Default: the OS keychain (KeytarKeyStore). */
  keys?: KeyStore;
  /** For the default database path. Default: this process's. */
  platform?: NodeJS.Platform;
  homedir?: string;
  /**
   * The built renderer that `lasttoken web` serves. index.ts, the bundle's
   * entry, passes out/renderer (beside out/cli); without it `web` says how
   * to build it.
   */
  rendererDir?: string;
}

/**
 * The command failed for a reason the user can see to (a keychain that cannot
 * be reached, a file that cannot be written): one line, and this exit code.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * One line on stderr, prefixed with the program's name, as every CLI error is.
 * Messages quote providers and files: what a terminal would obey is escaped.
 */
export function complain(io: CliIo, message: string): void {
  io.stderr.write(`lasttoken: ${printable(message)}\n`);
}

/** The conventional exit status of a process ended by a signal: 128 + its number (SIGINT when unknown). */
export function signalExitCode(reason: unknown): number {
  const signals: Partial<Record<string, number>> = constants.signals;
  return (
    128 + ((typeof reason === 'string' ? signals[reason] : undefined) ?? constants.signals.SIGINT)
  );
}
