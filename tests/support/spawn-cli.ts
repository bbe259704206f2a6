// Runs the built CLI (bin/lasttoken.mjs, which starts out/cli/lasttoken.mjs)
// in a child process, as a user runs it: for what only a real process shows
// (its stdout going to a device, another user's permissions). `npm test`
// builds out/cli first (pretest); a bare `vitest run` needs `npm run build:cli`.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliProcess {
  /** Null when a signal ended it (the timeout's SIGKILL). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SpawnCliOptions {
  /** Written to its stdin, which is then closed. */
  stdin?: string;
  /** A file descriptor to give it as stdout or stderr instead of a pipe. */
  stdoutFd?: number;
  stderrFd?: number;
  /** Run as this user and group (the test process must be root). */
  user?: { uid: number; gid: number };
  /** Killed after this long: a CLI that blocks fails the test instead of hanging it. */
  timeoutMs?: number;
  /** Closes the stdout pipe once this many bytes were read, as `| head -c N` does. */
  stdoutLimit?: number;
  /** More environment variables (the key a probe reads with --api-key-env). */
  env?: Record<string, string>;
  /** Node's own options, before the script (e.g. --require a hook). */
  nodeArgs?: string[];
  /** Its working folder (where a default output file lands); the repository by default. */
  cwd?: string;
  /** Sees what the CLI writes to stderr as it writes it, and the process (to signal it). */
  onStderr?: (text: string, child: ChildProcess) => void;
}

/**
 * Who may not write what the test process writes: root writes any file
 * whatever its mode, so when the tests run as root (CI does) the CLI runs as
 * `nobody`; otherwise as the test's own user, and a chmod does.
 */
export const OTHER_USER: { uid: number; gid: number } | undefined =
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

export function assertCliBuilt(): void {
  if (!existsSync(join(ROOT, 'out', 'cli', 'lasttoken.mjs'))) {
    throw new Error(
      'These tests run the built CLI and out/cli/lasttoken.mjs is missing: run `npm run build:cli` (npm test does).',
    );
  }
}

export function spawnCli(args: string[], options: SpawnCliOptions = {}): Promise<CliProcess> {
  const script = join(ROOT, 'bin', 'lasttoken.mjs');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
    cwd: options.cwd ?? ROOT,
    // Nothing from the test's environment (LASTTOKEN_DB, a D-Bus session) reaches it.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', ...options.env },
    stdio: ['pipe', options.stdoutFd ?? 'pipe', options.stderrFd ?? 'pipe'],
    ...options.user,
    timeout: options.timeoutMs ?? 30_000,
    killSignal: 'SIGKILL',
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  let stdoutBytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    stdoutBytes += chunk.length;
    if (options.stdoutLimit !== undefined && stdoutBytes >= options.stdoutLimit) {
      child.stdout?.destroy();
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    options.onStderr?.(chunk.toString('utf8'), child);
  });
  // The CLI may exit without reading its stdin: a closed pipe is no failure here.
  child.stdin?.on('error', () => {});
  child.stdin?.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString('utf8');
      resolve({ code, stdout: text(stdout), stderr: text(stderr) });
    });
  });
}
