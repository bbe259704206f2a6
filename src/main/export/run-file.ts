// A run file: one run, self-contained, to carry measurements from one machine's
// history to another's (`lasttoken export RUN --kind json`, `lasttoken import`).
// Versioned JSON:
//
//   {"format": "lasttoken-run", "version": 4, "exported_at": ISO, "exported_by": "lasttoken 1.2.3",
//    "run": {...}, "profiles": [...], "trials": [...]}
//
// `run` is the RunRecord without its profiles and without imported_at (where a
// history got the run from is not part of the run); `profiles` are the run's
// snapshots, which hold no key and no proxy credentials (the keychain keeps
// those); `trials` are every trial, warm-ups included, each with its whole
// timeline. Reading checks everything before anything is written: a
// truncated, foreign or newer file is refused with a message that says which.
//
// Versions: 2 added run.profile_failures (why profiles stopped early). A
// version 1 file has none and reads as a run stored before LastToken kept
// them (null); an older LastToken refuses a version 2 file as newer, rather
// than as damaged by a field it does not know. 3 added a failure's `text`
// (its catalogue message, for the reader's language); a failure without one,
// or with a message this build does not know, says its English words. 4
// added run.environment (the LastToken and the machine that measured it); an
// older file has none and imports with it not recorded (null), like a run
// stored before LastToken kept it.

import { Readable } from 'node:stream';
import { z } from 'zod';
import { version as appVersion } from '../../../package.json';
import { WordedError, type MessageText } from '../../shared/messages';
import type { ProfileSnapshot, RunDetail, StoredTrial } from '../../shared/run';
import { FileReadError, readRegularFile } from '../read-regular-file';
import { firstInconsistency } from './run-file-consistency';
import { fileRun, fileTrial, runProfiles, type FileRun } from './run-file-schema';

export const RUN_FILE_FORMAT = 'lasttoken-run';
/** The version this build writes, and the newest it reads (it reads every one from 1). */
export const RUN_FILE_VERSION = 4;
/** Far above a long run (4 profiles × 2 modes × 30 trials of 1,000 chunks is about 20 MB). */
const MAX_RUN_FILE_BYTES = 512 * 1024 * 1024;

/** A run as a run file carries it, checked. */
export interface RunFileContent {
  run: FileRun;
  profiles: ProfileSnapshot[];
  trials: Omit<StoredTrial, 'run_id'>[];
}

/** A file that is not a run this build can read; the message says why and names the file. */
export class RunFileError extends WordedError {
  override readonly name = 'RunFileError';
  constructor(
    readonly path: string,
    /** Plain words when another module said why (a file that cannot be read). */
    reason: string | MessageText,
  ) {
    super({ key: 'files.cannot_import', values: { path, reason } });
  }
}

/** A run still being recorded cannot be exported: its end is part of it. */
export class RunStillRunningError extends WordedError {
  override readonly name = 'RunStillRunningError';
}

const fileSchema = z.strictObject({
  format: z.literal(RUN_FILE_FORMAT),
  version: z.int().min(1).max(RUN_FILE_VERSION),
  exported_at: z.iso.datetime({ offset: true }),
  exported_by: z.string(),
  run: fileRun,
  profiles: runProfiles,
  trials: z.array(fileTrial),
});

/**
 * The run file of a stored run, as text in parts (the header, then one part
 * per trial), so that a long run is written out without one string of it all.
 */
export function runFileStream(
  detail: Pick<RunDetail, 'run'> & { trials: Iterable<StoredTrial> | AsyncIterable<StoredTrial> },
  now: Date = new Date(),
): Readable {
  const { run, trials } = detail;
  if (run.status === 'running') {
    throw new RunStillRunningError({ key: 'files.still_running', values: { run_id: run.id } });
  }
  const head = {
    format: RUN_FILE_FORMAT,
    version: RUN_FILE_VERSION,
    exported_at: now.toISOString(),
    exported_by: `lasttoken ${appVersion}`,
    run: without(run, 'profiles', 'imported_at'),
    profiles: run.profiles,
  };
  return Readable.from(
    (async function* parts(): AsyncGenerator<string> {
      yield `${JSON.stringify(head).slice(0, -1)},"trials":[`;
      let index = 0;
      for await (const stored of trials) {
        yield `${index++ === 0 ? '' : ','}\n${JSON.stringify(without(stored, 'run_id'))}`;
      }
      yield '\n]}\n';
    })(),
    { objectMode: false },
  );
}

/** A copy without some keys, the others in their order. */
export function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  const dropped = new Set<PropertyKey>(keys);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !dropped.has(key))) as Omit<
    T,
    K
  >;
}

/**
 * Reads and checks one run file; throws RunFileError when it is not one this
 * build can import. An aborted `signal` ends the read with its reason.
 */
export async function readRunFile(path: string, signal?: AbortSignal): Promise<RunFileContent> {
  let text: string;
  try {
    text = await readRegularFile(path, 'a run file', MAX_RUN_FILE_BYTES, signal);
  } catch (error) {
    if (error instanceof FileReadError) throw new RunFileError(path, error.reason);
    throw error;
  }
  return parseRunFile(path, text);
}

/** Checks a run file's text; `path` names it in messages. */
export function parseRunFile(path: string, text: string): RunFileContent {
  const foreign = (): RunFileError => new RunFileError(path, { key: 'files.not_run_file' });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // A run file is one JSON object: a file that starts like one and breaks off was cut short.
    if (/^\s*\{\s*"format"\s*:\s*"lasttoken-run"/.test(text)) {
      throw new RunFileError(path, { key: 'files.truncated' });
    }
    throw foreign();
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw foreign();
  const { format, version } = data as { format?: unknown; version?: unknown };
  if (format !== RUN_FILE_FORMAT) throw foreign();
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new RunFileError(path, {
      key: 'files.bad_version',
      values: { version: JSON.stringify(version) ?? 'undefined' },
    });
  }
  if (version > RUN_FILE_VERSION) {
    throw new RunFileError(path, {
      key: 'files.newer_version',
      values: { version, app_version: appVersion, known: RUN_FILE_VERSION },
    });
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join('.') ?? '';
    // zod's words and the file's own keys: technical, so said as they are.
    const detail = `${issue?.message ?? 'invalid'}${given(data, issue?.path)}${ofRun(data)}`;
    throw new RunFileError(
      path,
      at === ''
        ? { key: 'files.damaged', values: { detail } }
        : { key: 'files.damaged_at', values: { at, detail } },
    );
  }
  // The data as the file has it, now known to fit the schema: zod's copy would
  // reorder the keys of the config and of each profile's defaults, and a run
  // must read back byte for byte as it was exported.
  const { run, profiles, trials } = data as z.input<typeof fileSchema> & RunFileContent;
  // The defaults a stored run needs from the schema, set without reordering the rest.
  const content = {
    run: {
      ...run,
      profile_failures: parsed.data.run.profile_failures,
      environment: parsed.data.run.environment,
    },
    profiles,
    trials,
  };
  const contradiction = firstInconsistency(content);
  if (contradiction) {
    throw new RunFileError(path, {
      key: 'files.damaged_at',
      values: { at: contradiction.at, detail: `${contradiction.reason}${ofRun(data)}` },
    });
  }
  return content;
}

/** " (run ID)" when the file names its run. */
function ofRun(data: object): string {
  const id = (data as { run?: { id?: unknown } }).run?.id;
  return typeof id === 'string' ? ` (run ${JSON.stringify(id)})` : '';
}

/** ", got N" for a number at `path`; never text, which may be a credential (a proxy URL's). */
function given(data: unknown, path: readonly PropertyKey[] | undefined): string {
  let value = data;
  for (const key of path ?? []) {
    if (typeof value !== 'object' || value === null) return '';
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return typeof value === 'number' ? `, got ${value}` : '';
}
