// `lasttoken import` (and the app's import): run files into this history. Every
// file is read and checked before anything is written; then the runs go in
// together, in one transaction. A run already here (the same id: the same file
// imported again, or a run that came back to the machine it was measured on)
// is left as it is and reported, not added twice.
//
// Labels: a run keeps the label it was measured with (`run --label`): it says
// where the run was measured, which an importer cannot know better. The
// importer's label goes to the runs that have none.

import type { RunImportView } from '../../shared/api';
import type { RunsRepository } from '../store';
import { parseRunFile, readRunFile, type RunFileContent } from './run-file';

export interface RunImportOptions {
  /** For runs of the files that have no label. */
  label?: string | null;
  /** When the runs came in (imported_at). */
  now?: Date;
}

export interface RunFileImportOptions extends RunImportOptions {
  /** Ends the reading of the files (with its reason); nothing is imported then. */
  signal?: AbortSignal;
}

/** `added` in the order of the files; `skipped`: runs this history had already (or an earlier file of the same import). */
export type RunImportResult = RunImportView;

export async function importRunFiles(
  paths: readonly string[],
  runs: Pick<RunsRepository, 'importRuns'>,
  options: RunFileImportOptions = {},
): Promise<RunImportResult> {
  const contents: LoadedRunFile[] = [];
  // One at a time: a history's files can be large, and the first bad one ends the import.
  for (const path of paths) {
    contents.push({ path, content: await readRunFile(path, options.signal) });
  }
  options.signal?.throwIfAborted();
  return importRunContents(contents, runs, options);
}

/** The app's import: files the user picked, sent as text; `name` stands for the path. */
export function importRunTexts(
  files: readonly { name: string; text: string }[],
  runs: Pick<RunsRepository, 'importRuns'>,
  options: RunImportOptions = {},
): RunImportResult {
  const contents = files.map(({ name, text }) => ({
    path: name,
    content: parseRunFile(name, text),
  }));
  return importRunContents(contents, runs, options);
}

interface LoadedRunFile {
  path: string;
  content: RunFileContent;
}

function importRunContents(
  contents: readonly LoadedRunFile[],
  runs: Pick<RunsRepository, 'importRuns'>,
  options: RunImportOptions,
): RunImportResult {
  const imported_at = (options.now ?? new Date()).toISOString();
  const label = options.label ?? null;

  const seen = new Set<string>();
  const unique = contents.filter(({ content }) => {
    if (seen.has(content.run.id)) return false;
    seen.add(content.run.id);
    return true;
  });
  const added = new Set(
    runs.importRuns(
      unique.map(({ content: { run, profiles, trials } }) => ({
        record: { ...run, label: run.label ?? label, profiles, imported_at },
        trials: trials.map((trial) => ({ run_id: run.id, ...trial })),
      })),
    ),
  );
  const result: RunImportResult = { added: [], skipped: [] };
  for (const { path, content } of contents) {
    const run_id = content.run.id;
    if (added.delete(run_id)) {
      result.added.push({ path, run_id, label: content.run.label ?? label });
    } else {
      result.skipped.push({ path, run_id });
    }
  }
  return result;
}
