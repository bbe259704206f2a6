// Dispatch: argv to a command, a command to an exit code. Errors a user can fix
// become one `lasttoken: ...` line; only a bug in LastToken itself shows more.

import { version } from '../../../package.json';
import { parseCommand, UsageError, type Command } from './args';
import { MAIN_HELP, PROBE_HELP, SIM_HELP } from './help';
import { complain, type CliIo } from './io';
import { runProbe } from './probe-command';
import { runSim } from './sim-command';

export type { CliIo } from './io';

const HELP = { main: MAIN_HELP, probe: PROBE_HELP, sim: SIM_HELP } as const;

/** Runs the CLI and resolves to its exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(parseCommand(argv, io.env), io);
  } catch (error) {
    if (error instanceof UsageError) {
      complain(io, error.message);
      return 2;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    complain(io, `internal error, please report it:\n${detail}`);
    return 1;
  }
}

async function run(command: Command, io: CliIo): Promise<number> {
  switch (command.kind) {
    case 'help':
      io.stdout.write(HELP[command.topic]);
      return 0;
    case 'version':
      io.stdout.write(`lasttoken ${version}\n`);
      return 0;
    case 'sim':
      return runSim(command.port, io);
    case 'probe':
      return runProbe(command.options, io);
  }
}
