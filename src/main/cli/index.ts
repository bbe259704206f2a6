// Process glue only: hands the real argv, streams and environment to main(),
// turns SIGINT/SIGTERM into the interrupt signal, and sets the exit code.

import { main } from './main';

const interrupt = new AbortController();
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    // A second Ctrl-C means "now": do not wait for the results to be printed.
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort(name);
  });
}

// `lasttoken probe ... | head` closes the pipe early: that is the reader's
// choice, not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

void main(process.argv.slice(2), {
  // Only `profile set-key` reads stdin: the stream is not even created otherwise.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interrupt: interrupt.signal,
}).then((code) => {
  process.exitCode = code;
});
