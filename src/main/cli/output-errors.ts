// What the CLI does when its own output cannot be written. A pipe closed by
// its reader (`lasttoken history | head`) is the reader's choice: exit quietly.
// Anything else (a full disk, an I/O error) is one line on stderr and exit 1,
// not a stack trace. Once stderr itself cannot be written there is nothing
// left to say anything with: its failures are ignored and the command goes on
// (a run keeps saving its trials, and the exit code still tells).

export function handleOutputErrors(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    // Written synchronously to a file, a terminal or a pipe: said before the exit.
    process.stderr.write(`lasttoken: cannot write to standard output: ${outputProblem(error)}\n`);
    process.exit(1);
  });
  process.stderr.on('error', () => {});
}

function outputProblem(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'the disk quota is exceeded';
    case 'EFBIG':
      return 'the file has grown too large';
    case 'EIO':
      return 'an input/output error';
    default:
      return error.message;
  }
}
