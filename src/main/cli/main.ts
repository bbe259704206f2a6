// Dispatch: argv to a command, a command to an exit code. Errors a user can fix
// become one `lasttoken: ...` line; only a bug in LastToken itself shows more.

import { version } from '../../../package.json';
import { CsvWriteError } from '../export';
import { ProfileError, ProfileNotFoundError } from '../profiles';
import { RequestSecretError } from '../runs/profile-endpoint';
import { InvalidKeyError, KeychainUnavailableError } from '../secrets';
import { parseCommand, UsageError, type Command, type HelpTopic } from './args';
import { shownRef } from './options';
import {
  EXPORT_HELP,
  HISTORY_HELP,
  IMPORT_HELP,
  MAIN_HELP,
  MODELS_HELP,
  PRESETS_HELP,
  PROBE_HELP,
  PROFILE_HELP,
  REPORT_HELP,
  RUN_HELP,
  SHOW_HELP,
  SIM_HELP,
  WEB_HELP,
} from './help';
import { runHistoryCommand } from './history-command';
import { CliFailure, complain, type CliDeps, type CliIo } from './io';
import { runModelsCommand } from './models-command';
import { runPresets } from './presets-command';
import { runProbe } from './probe-command';
import { runProfileCommand } from './profile-command';
import { runReportCommand } from './report-command';
import { runRunCommand } from './run-command';
import { runImportCommand } from './run-file-command';
import { runSim } from './sim-command';

export type { CliDeps, CliIo } from './io';

const HELP: Record<HelpTopic, string> = {
  main: MAIN_HELP,
  probe: PROBE_HELP,
  models: MODELS_HELP,
  presets: PRESETS_HELP,
  sim: SIM_HELP,
  profile: PROFILE_HELP,
  run: RUN_HELP,
  history: HISTORY_HELP,
  show: SHOW_HELP,
  export: EXPORT_HELP,
  report: REPORT_HELP,
  import: IMPORT_HELP,
  web: WEB_HELP,
};

/**
 * Runs the CLI and resolves to its exit code. `deps` replaces what the CLI
 * uses besides its process (tests hand in a KeyStore double; the real CLI uses
 * the OS keychain).
 */
export async function main(
  argv: readonly string[],
  io: CliIo,
  deps: CliDeps = {},
): Promise<number> {
  try {
    return await run(parseCommand(argv, io.env), io, deps);
  } catch (error) {
    const known = knownFailure(error);
    if (known) {
      complain(io, known.message);
      return known.exitCode;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    complain(io, `internal error, please report it:\n${detail}`);
    return 1;
  }
}

/** Errors whose message is meant for the user: one line and an exit code, no stack. */
function knownFailure(error: unknown): { message: string; exitCode: number } | null {
  // A key typed where the profile's id belongs must not be printed back.
  if (error instanceof ProfileNotFoundError) {
    return {
      message: `no saved profile with id or name ${shownRef(error.ref)} (lasttoken profile list shows them)`,
      exitCode: 2,
    };
  }
  if (error instanceof RequestSecretError && error.keychainUnavailable) {
    return { message: error.message, exitCode: 1 };
  }
  // Bad arguments, an unknown or unacceptable profile, a key the keychain should not take.
  if (
    error instanceof UsageError ||
    error instanceof ProfileError ||
    error instanceof InvalidKeyError
  ) {
    return { message: error.message, exitCode: 2 };
  }
  if (error instanceof CliFailure) return { message: error.message, exitCode: error.exitCode };
  // The keychain, the database file or the export target: the message says what to do.
  if (error instanceof KeychainUnavailableError || error instanceof CsvWriteError) {
    return { message: error.message, exitCode: 1 };
  }
  return null;
}

async function run(command: Command, io: CliIo, deps: CliDeps): Promise<number> {
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
    case 'models':
      return runModelsCommand(command.options, io, deps);
    case 'presets':
      return runPresets(io, command.json);
    case 'profile-add':
    case 'profile-list':
    case 'profile-edit':
    case 'profile-remove':
    case 'profile-set-key':
    case 'profile-delete-key':
    case 'profile-export':
    case 'profile-import':
      return runProfileCommand(command, io, deps);
    case 'run':
      return runRunCommand(command, io, deps);
    case 'history':
    case 'show':
    case 'export':
      return runHistoryCommand(command, io, deps);
    case 'report':
      return runReportCommand(command, io, deps);
    case 'import':
      return runImportCommand(command, io, deps);
    case 'web': {
      // Loaded when used: the app's services are more than the other commands need.
      const { runWebCommand } = await import('./web-command');
      return runWebCommand(command.options, io, deps);
    }
  }
}
