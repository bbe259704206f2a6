// Run files on the command line: `lasttoken export RUN --kind json` writes one,
// `lasttoken import FILE...` adds the runs of such files to this history
// (src/main/export/run-file.ts has the format).

import type { RunDetail, RunRecord } from '../../shared/run';
import {
  importRunFiles,
  RunFileError,
  runFileStream,
  RunStillRunningError,
  without,
  writeFileAtomically,
} from '../export';
import { storeFileError } from '../store';
import { writeStreamOutput } from './csv-output';
import { jsonText, plural, safeLine } from './format';
import { CliFailure, signalExitCode, type CliDeps, type CliIo } from './io';
import type { StoreCommand } from './store-args';
import { withStore } from './store-session';

type ImportCommand = Extract<StoreCommand, { kind: 'import' }>;

/**
 * The run as it was measured, for `show --json`: when it came into this
 * history is this history's, so a run shows the same wherever it is imported.
 */
export function runAsMeasured(detail: RunDetail): Omit<RunRecord, 'imported_at'> {
  return without(detail.run, 'imported_at');
}

/** `export RUN --kind json --out FILE|-`. */
export async function exportRunFile(
  detail: RunDetail,
  out: string | null,
  io: CliIo,
  json: boolean,
): Promise<number> {
  const source = (): ReturnType<typeof runFileStream> => {
    try {
      return runFileStream(detail);
    } catch (error) {
      if (error instanceof RunStillRunningError) throw new CliFailure(error.message);
      throw error;
    }
  };
  if (out === null) {
    await writeStreamOutput(io.stdout, source());
    return 0;
  }
  const result = await writeFileAtomically(out, source, 'the run file');
  io.stdout.write(
    json
      ? `${jsonText({ run_id: detail.run.id, kind: 'json', ...result })}\n`
      : safeLine`wrote ${result.path} (${plural(result.bytes, 'byte')}, run file of run ${detail.run.id}; lasttoken import reads it)\n`,
  );
  return 0;
}

/** `import FILE... [--label TEXT]`: all files checked first, then every new run added at once. */
export function runImportCommand(
  command: ImportCommand,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  return withStore(command.target, io, deps, async ({ store, path }) => {
    let result;
    try {
      result = await importRunFiles(command.files, store.runs, {
        label: command.label,
        signal: io.interrupt,
      });
    } catch (error) {
      if (io.interrupt?.aborted) {
        throw new CliFailure(
          'interrupted: nothing was imported',
          signalExitCode(io.interrupt.reason),
        );
      }
      // The runs go in one transaction: a file refused or a write that fails leaves the history as it was.
      const failed = error instanceof RunFileError ? error : storeFileError(error, path);
      if (failed) throw new CliFailure(`${failed.message}; nothing was imported`);
      throw error;
    }
    if (command.target.json) {
      io.stdout.write(`${jsonText(result)}\n`);
      return 0;
    }
    for (const { path, run_id, label } of result.added) {
      io.stdout.write(
        label
          ? safeLine`imported run ${run_id} from ${path} (label: ${label})\n`
          : safeLine`imported run ${run_id} from ${path}\n`,
      );
    }
    for (const { path, run_id } of result.skipped) {
      io.stdout.write(safeLine`skipped ${path}: run ${run_id} is already in this history\n`);
    }
    io.stderr.write(
      result.added.length === 0
        ? 'nothing imported: every run was already in this history\n'
        : `${plural(result.added.length, 'run')} imported${result.skipped.length > 0 ? `, ${result.skipped.length} already here` : ''}: lasttoken history lists them\n`,
    );
    return 0;
  });
}
