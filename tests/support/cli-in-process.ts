// The CLI run in this process (src/main/cli/main.ts) with recording streams:
// what it printed, and its exit code. Keys go to the KeyStore given (the
// in-memory double by default), never to the machine's keychain.

import { Readable } from 'node:stream';
import { main } from '../../src/main/cli/main';
import { MemoryKeyStore, type KeyStore } from '../../src/main/secrets';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cliInProcess(
  argv: readonly string[],
  options: {
    keys?: KeyStore;
    interrupt?: AbortSignal;
    env?: Record<string, string>;
    /** What standard input carries (a key for set-key); default: nothing. */
    stdin?: string;
  } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    argv,
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: options.env ?? {},
      interrupt: options.interrupt,
      stdin: options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin)]),
    },
    { keys: options.keys ?? new MemoryKeyStore() },
  );
  return { code, stdout, stderr };
}
