// Why a run's profiles stopped, kept with the run (migration 008): appended as
// it happens, read back in order, and shown by `lasttoken show`. A run stored
// before LastToken kept it (a file at schema version 7) has no record, and
// only there does `show` guess from the calls made.

import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/main/store/migrate';
import { MIGRATIONS } from '../../src/main/store/migrations';
import { PROFILE_COLUMNS, toProfileColumns } from '../../src/main/store/profile-row';
import { insertSql } from '../../src/main/store/row-values';
import { openStore, type Store } from '../../src/main/store/store';
import type { ProfileFailure, RunRecord } from '../../src/shared/run';
import { cliInProcess } from '../support/cli-in-process';
import {
  runRecord,
  snapshot,
  storedTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';

let temp: TempDatabase;
beforeEach(() => {
  temp = tempDatabase();
});
afterEach(() => temp.remove());

/** Two profiles, three stream trials each planned; `a` made one call only. */
function stoppedRun(id: string, profile_failures: ProfileFailure[] | null): RunRecord {
  const base = runRecord(id, [snapshot('a', { name: 'Flaky' }), snapshot('b', { name: 'Steady' })]);
  return {
    ...base,
    config: { ...base.config, modes: ['stream'] },
    status: 'completed',
    ended_at: '2026-03-01T10:05:00.000Z',
    planned_calls: 6,
    profile_failures,
  };
}

function saveTrials(store: Store, runId: string): void {
  store.runs.saveTrial(storedTrial(runId, 'a', 1));
  for (const k of [1, 2, 3]) store.runs.saveTrial(storedTrial(runId, 'b', k));
}

const GAVE_UP: ProfileFailure = {
  profile_id: 'a',
  reason: 'gave_up',
  message:
    'profile “Flaky” stopped after 1 failed trials in a row (the last: http_error: HTTP 503); its 2 remaining calls were not made',
};

async function show(runId: string): Promise<string> {
  const run = await cliInProcess(['show', runId, '--db', temp.path]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('a run of this version', () => {
  it('keeps each failure as it is saved, in order, and reads them back with the run', () => {
    const store = openStore(temp.path);
    try {
      store.runs.createRun({ ...stoppedRun('r1', []), status: 'running', ended_at: null });
      expect(store.history.getRun('r1')?.run.profile_failures).toEqual([]);
      const second: ProfileFailure = {
        profile_id: 'b',
        reason: 'internal',
        message: 'profile “Steady” stopped: a “quoted” \\ backslash',
      };
      store.runs.saveProfileFailure('r1', GAVE_UP);
      store.runs.saveProfileFailure('r1', second);
      store.runs.finishRun('r1', 'completed', '2026-03-01T10:05:00.000Z');
      expect(store.history.getRun('r1')?.run.profile_failures).toEqual([GAVE_UP, second]);
      expect(store.history.runRecord('r1')?.profile_failures).toEqual([GAVE_UP, second]);
      expect(() => store.runs.saveProfileFailure('nope', GAVE_UP)).toThrow(
        "no run nope to record a profile's failure in",
      );
    } finally {
      store.close();
    }
  });

  it('`show` says why a profile stopped where its figures are, and guesses nothing', async () => {
    const store = openStore(temp.path);
    store.runs.createRun(stoppedRun('said', [GAVE_UP]));
    saveTrials(store, 'said');
    // Fewer calls than planned and nothing recorded: this version knows no failure happened.
    store.runs.createRun(stoppedRun('silent', []));
    saveTrials(store, 'silent');
    store.close();

    const said = await show('said');
    expect(said).toContain(`  ${GAVE_UP.message}\n`);
    expect(said).not.toContain('stopped early');
    expect(said).toMatch(/^ {2}stopped +Flaky \(gave_up\)$/m);
    expect(await show('silent')).not.toContain('stopped early');
  });
});

describe('a run stored before schema version 8', () => {
  it('has no record (null, not "none"), and `show` still says it stopped early', async () => {
    // The file as LastToken at schema version 7 left it, with a run that stopped early.
    mkdirSync(dirname(temp.path), { recursive: true });
    const old = new Database(temp.path);
    applyMigrations(old, MIGRATIONS.slice(0, 7));
    const record = stoppedRun('old', null);
    old
      .prepare(
        `INSERT INTO runs (id, config, status, started_at, ended_at, planned_calls, series_id, label,
           imported_at, owner_pid, heartbeat_at)
         VALUES (?, ?, 'completed', ?, ?, 6, NULL, NULL, NULL, 1, 0)`,
      )
      .run(record.id, JSON.stringify(record.config), record.started_at, record.ended_at);
    // The profile's columns as version 7 had them: params came with version 14, color with 16.
    const later = ['params', 'color'];
    const columnsThen = PROFILE_COLUMNS.filter((column) => !later.includes(column));
    const insertProfile = old.prepare(
      insertSql('run_profiles', ['run_id', 'profile_id', 'position', ...columnsThen]),
    );
    record.profiles.forEach((profile, position) => {
      const columns = Object.fromEntries(
        Object.entries(toProfileColumns(profile)).filter(([column]) => !later.includes(column)),
      );
      insertProfile.run({ run_id: record.id, profile_id: profile.id, position, ...columns });
    });
    old.close();

    const store = openStore(temp.path);
    saveTrials(store, 'old');
    expect(store.history.getRun('old')?.run.profile_failures).toBeNull();
    store.close();
    const shown = await show('old');
    expect(shown).toContain('  stopped early: made 1 of its 3 planned calls\n');
    // Only for the profile that made fewer calls.
    expect(shown.match(/stopped early/g)).toHaveLength(1);
    // The header names no reason: none was kept.
    expect(shown).not.toMatch(/^ {2}stopped {3,}/m);
  });
});
