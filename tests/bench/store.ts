// `npm run bench`, the history store: saving a long run trial by trial (each
// save its own transaction, as during a real run), and opening the runs list
// of a large history. Real files in a temp folder.

import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { median } from '../../src/shared/stats';
import { openStore, type Store } from '../../src/main/store/store';
import { TRIAL_COLUMNS } from '../../src/main/store/trial-row';
import type { StoredTrial } from '../../src/shared/run';
import { underTarget } from './percentiles';
import { runRecord, snapshot, streamTrial, tempDatabase } from '../support/store-fixtures';

export const SAVE_RUN_TARGET_MS = 300;
export const RUNS_LIST_TARGET_MS = 200;

export interface SaveRunFigures {
  trials: number;
  chunks: number;
  /** createRun + every saveTrial + finishRun, median of the measured runs. */
  totalMs: number;
  /** The longest single saveTrial: how long the main thread is held at once. */
  longestSaveMs: number;
  /** finishRun, which checkpoints the run's write-ahead log: the longest hold, after the run. */
  finishMs: number;
  /** Database file + its write-ahead log after the runs. */
  fileMb: number;
}

export interface RunsListFigures {
  runs: number;
  trials: number;
  /** Building the history in one transaction (not part of the target). */
  setupMs: number;
  /** openStore on the existing file: checks, migrations (none), interrupted runs. */
  openMs: number;
  /** listRuns(): the first page, newest first. */
  firstPageMs: number;
  /** listRuns({ model }): the first page of one model's runs. */
  filteredPageMs: number;
}

const profiles = [snapshot('p-a', { model: 'model-a' }), snapshot('p-b', { model: 'model-b' })];

function fileMb(path: string): number {
  const size = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  return (size(path) + size(`${path}-wal`)) / 1e6;
}

function trialsOf(runId: string, count: number, chunks: number): StoredTrial[] {
  return Array.from({ length: count }, (_, i) => ({
    run_id: runId,
    profile_id: (profiles[i % 2] as (typeof profiles)[number]).id,
    trial_index: Math.floor(i / 2) + 1,
    warmup: false,
    trial: streamTrial(chunks, i),
  }));
}

/** One run of `trials` × `chunksPerTrial`; measured `repeats` times after a warm-up run. */
export function measureSaveRun(trials = 40, chunksPerTrial = 3000, repeats = 3): SaveRunFigures {
  const temp = tempDatabase();
  const store = openStore(temp.path);
  try {
    const totals: number[] = [];
    let longestSaveMs = 0;
    let finishMs = 0;
    for (let r = 0; r <= repeats; r++) {
      const runId = `run-${r}`;
      const stored = trialsOf(runId, trials, chunksPerTrial); // built before the clock starts
      const start = performance.now();
      store.runs.createRun(runRecord(runId, profiles));
      for (const trial of stored) {
        const before = performance.now();
        store.runs.saveTrial(trial);
        if (r > 0) longestSaveMs = Math.max(longestSaveMs, performance.now() - before);
      }
      const finishStart = performance.now();
      store.runs.finishRun(runId, 'completed', new Date().toISOString());
      const end = performance.now();
      if (r === 0) continue; // run 0 warms up the JIT and the file
      finishMs = Math.max(finishMs, end - finishStart);
      totals.push(end - start);
    }
    return {
      trials,
      chunks: trials * chunksPerTrial,
      totalMs: median(totals) as number,
      longestSaveMs,
      finishMs,
      fileMb: fileMb(temp.path),
    };
  } finally {
    store.close();
    temp.remove();
  }
}

/**
 * A history of `runs` runs of 2 profiles × 2 modes × `trialsPerMode` trials.
 * The trials of one template run are copied by SQL into every other run:
 * building 100k trial objects in JavaScript would take longer than the
 * benchmark itself, and the runs list reads only their identity and status.
 */
function buildHistory(store: Store, runs: number, trialsPerMode: number): number {
  const template = 'run-template';
  const copyTrials = store.db.prepare<[string, string]>(
    `INSERT INTO trials (${TRIAL_COLUMNS.join(', ')})
     SELECT ${TRIAL_COLUMNS.map((c) => (c === 'run_id' ? '?' : c)).join(', ')} FROM trials WHERE run_id = ?`,
  );
  let trials = 0;
  store.db.transaction(() => {
    store.runs.createRun(runRecord(template, profiles));
    for (const profile of profiles) {
      for (const mode of ['stream', 'plain'] as const) {
        for (let k = 1; k <= trialsPerMode; k++) {
          const trial = streamTrial(mode === 'stream' ? 10 : 0, k, { mode });
          store.runs.saveTrial({
            run_id: template,
            profile_id: profile.id,
            trial_index: k,
            warmup: false,
            trial,
          });
        }
      }
    }
    for (let r = 0; r < runs; r++) {
      const runId = `run-${String(r).padStart(6, '0')}`;
      const started = new Date(Date.UTC(2025, 0, 1) + r * 3_600_000).toISOString();
      store.runs.createRun(runRecord(runId, profiles, { started_at: started }));
      trials += copyTrials.run(runId, template).changes;
      store.runs.finishRun(runId, 'completed', started);
    }
    store.db.prepare('DELETE FROM runs WHERE id = ?').run(template);
  })();
  return trials;
}

export function measureRunsList(runs = 10_000, trialsPerMode = 3): RunsListFigures {
  const temp = tempDatabase();
  try {
    const setupStart = performance.now();
    const builder = openStore(temp.path);
    const trials = buildHistory(builder, runs, trialsPerMode);
    builder.close(); // a checkpoint: the reopened file is as a user's would be
    const setupMs = performance.now() - setupStart;

    const openStart = performance.now();
    const store = openStore(temp.path);
    const openMs = performance.now() - openStart;
    try {
      const pageStart = performance.now();
      const page = store.history.listRuns();
      const firstPageMs = performance.now() - pageStart;
      if (page.length === 0) throw new Error('the runs list is empty');
      const filteredStart = performance.now();
      store.history.listRuns({ model: 'model-b' });
      const filteredPageMs = performance.now() - filteredStart;
      return { runs, trials, setupMs, openMs, firstPageMs, filteredPageMs };
    } finally {
      store.close();
    }
  } finally {
    temp.remove();
  }
}

export function formatStoreFigures(save: SaveRunFigures, list: RunsListFigures): string[] {
  return [
    `history store: save a run of ${save.chunks.toLocaleString('en')} chunks (${save.trials} trials, one transaction each)`,
    `  ${save.totalMs.toFixed(0)} ms in all, longest save ${save.longestSaveMs.toFixed(1)} ms, ` +
      `finish with checkpoint ${save.finishMs.toFixed(1)} ms, ` +
      `file ${save.fileMb.toFixed(1)} MB  ${underTarget(save.totalMs, SAVE_RUN_TARGET_MS)}`,
    `history store: runs list of ${list.runs.toLocaleString('en')} runs (${list.trials.toLocaleString('en')} trials; built in ${(list.setupMs / 1000).toFixed(1)} s)`,
    `  open ${list.openMs.toFixed(1)} ms, first page ${list.firstPageMs.toFixed(1)} ms  ${underTarget(list.firstPageMs, RUNS_LIST_TARGET_MS)}, ` +
      `one model's first page ${list.filteredPageMs.toFixed(1)} ms`,
  ];
}
