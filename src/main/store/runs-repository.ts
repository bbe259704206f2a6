// Recording runs: create one, save each trial the moment it ends (and why a
// profile stopped, the moment it does), finish it.
// Every call is its own transaction, committed when it returns: a process
// killed in the middle of a run loses no trial that had been saved.
//
// While a run is live in this process, SQLite's automatic checkpoints are off.
// A checkpoint copies the write-ahead log into the database and fsyncs it,
// inside whichever commit crosses the log's size limit: measured at 40 saves
// of 3000-chunk trials, it held the main thread up to 23 ms (p95 8 ms), long
// enough to delay the timestamps of every stream being measured. Without
// it a save takes about 1 ms (max 7 ms); the log grows by the run's size
// (about 30 bytes a chunk) and is checkpointed once this process's last live
// run has finished.

import type { Database, Statement } from 'better-sqlite3';
import type { ProfileFailure, RunRecord, RunStatus, StoredTrial } from '../../shared/run';
import { PROFILE_COLUMNS, toProfileColumns, type ProfileColumns } from './profile-row';
import { Heartbeats } from './heartbeats';
import { insertSql } from './row-values';
import type { RunRow } from './run-row';
import { TRIAL_COLUMNS, toTrialRow, type TrialRow } from './trial-row';

/** A finished run from elsewhere (a run file) with every trial of it. */
export interface ImportedRun {
  record: RunRecord;
  trials: readonly StoredTrial[];
}

interface RunProfileRow extends ProfileColumns {
  run_id: string;
  profile_id: string;
  position: number;
}

const RUN_COLUMNS = [
  'id',
  'config',
  'status',
  'started_at',
  'ended_at',
  'planned_calls',
  'series_id',
  'label',
  'imported_at',
  'profile_failures',
  'environment',
  'owner_pid',
  'heartbeat_at',
] as const satisfies readonly (keyof RunRow)[];

/** Pages of log that trigger a checkpoint: SQLite's default. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

export class RunsRepository {
  private readonly insertRun: Statement<[RunRow]>;
  private readonly insertRunProfile: Statement<[RunProfileRow]>;
  private readonly insertTrial: Statement<[TrialRow]>;
  private readonly updateStatus: Statement<[RunStatus, string | null, string]>;
  private readonly appendFailure: Statement<[string, string]>;
  private readonly touch: Statement<[number, string]>;
  private readonly deleteFinished: Statement<[string]>;
  private readonly heartbeats: Heartbeats;
  private readonly createTransaction: (record: RunRecord) => void;
  private readonly saveTransaction: (stored: StoredTrial) => void;
  private readonly importTransaction: (runs: readonly ImportedRun[]) => string[];
  private readonly runExists: Statement<[string], { found: 1 }>;

  constructor(private readonly db: Database) {
    this.insertRun = db.prepare(insertSql('runs', RUN_COLUMNS));
    this.insertRunProfile = db.prepare(
      insertSql('run_profiles', ['run_id', 'profile_id', 'position', ...PROFILE_COLUMNS]),
    );
    this.insertTrial = db.prepare(insertSql('trials', TRIAL_COLUMNS));
    this.updateStatus = db.prepare('UPDATE runs SET status = ?, ended_at = ? WHERE id = ?');
    this.appendFailure = db.prepare(
      `UPDATE runs SET profile_failures = json_insert(profile_failures, '$[#]', json(?))
       WHERE id = ? AND profile_failures IS NOT NULL`,
    );
    // A live run that an opener wrongly took for dead (see run-owner.ts) is running again.
    this.touch = db.prepare(
      `UPDATE runs SET heartbeat_at = ?, status = 'running', ended_at = NULL
       WHERE id = ? AND status IN ('running', 'interrupted')`,
    );
    // Trials and profile snapshots go with it (ON DELETE CASCADE).
    this.deleteFinished = db.prepare("DELETE FROM runs WHERE id = ? AND status != 'running'");
    this.runExists = db.prepare('SELECT 1 AS found FROM runs WHERE id = ?');
    this.heartbeats = new Heartbeats((runId) => {
      if (db.open) this.beat(runId);
      else this.heartbeats.stop(); // closed without close(): nothing left to keep alive
    });

    this.createTransaction = db.transaction((record: RunRecord) => this.insertRecord(record));
    this.importTransaction = db.transaction((runs: readonly ImportedRun[]) => {
      const added: string[] = [];
      for (const { record, trials } of runs) {
        if (this.runExists.get(record.id)) continue;
        this.insertRecord(record);
        for (const stored of trials) this.insertTrial.run(toTrialRow(stored));
        added.push(record.id);
      }
      return added;
    });
    this.saveTransaction = db.transaction((stored: StoredTrial) => {
      this.insertTrial.run(toTrialRow(stored));
      if (this.heartbeats.has(stored.run_id)) this.beat(stored.run_id);
    });
  }

  /** Records a run and its profile snapshots; a `running` one gets this process as its owner. */
  createRun(record: RunRecord): void {
    this.createTransaction(record);
    if (record.status !== 'running') return;
    if (this.heartbeats.size === 0) this.db.pragma('wal_autocheckpoint = 0');
    this.heartbeats.add(record.id);
  }

  /**
   * Adds finished runs with their trials (from run files), all or none in one
   * transaction. A run whose id this history has already is left as it is.
   * Answers the ids added.
   */
  importRuns(runs: readonly ImportedRun[]): string[] {
    if (runs.some(({ record }) => record.status === 'running')) {
      throw new Error('a run still being recorded cannot be imported');
    }
    return this.importTransaction(runs);
  }

  /** Commits one trial. Throws if the run does not exist or the trial was saved already. */
  saveTrial(stored: StoredTrial): void {
    this.saveTransaction(stored);
  }

  /** Adds why one of the run's profiles stopped to the run's list. Throws if the run does not exist. */
  saveProfileFailure(runId: string, failure: ProfileFailure): void {
    const { profile_id, reason, message, text } = failure;
    const json = JSON.stringify({ profile_id, reason, message, ...(text && { text }) });
    if (this.appendFailure.run(json, runId).changes === 0) {
      throw new Error(`no run ${runId} to record a profile's failure in`);
    }
  }

  finishRun(id: string, status: RunStatus, ended_at: string | null): void {
    const wasLive = this.heartbeats.delete(id);
    if (this.updateStatus.run(status, ended_at, id).changes === 0) {
      throw new Error(`no run ${id} to finish`);
    }
    if (wasLive && this.heartbeats.size === 0) {
      this.db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
      this.db.pragma('wal_checkpoint(PASSIVE)');
    }
  }

  /**
   * Deletes a run with its trials. A run still `running` is kept (false): it
   * is being recorded, by this process or by another one sharing the file.
   */
  deleteRun(id: string): boolean {
    return this.deleteFinished.run(id).changes > 0;
  }

  /** Stops the heartbeats; the database itself is closed by its owner. */
  close(): void {
    this.heartbeats.stop();
  }

  private insertRecord(record: RunRecord): void {
    this.insertRun.run({
      id: record.id,
      config: JSON.stringify(record.config),
      status: record.status,
      started_at: record.started_at,
      ended_at: record.ended_at,
      planned_calls: record.planned_calls,
      series_id: record.series_id,
      label: record.label,
      imported_at: record.imported_at,
      profile_failures:
        record.profile_failures === null ? null : JSON.stringify(record.profile_failures),
      environment: record.environment === null ? null : JSON.stringify(record.environment),
      owner_pid: process.pid,
      heartbeat_at: Date.now(),
    });
    record.profiles.forEach((profile, position) => {
      this.insertRunProfile.run({
        run_id: record.id,
        profile_id: profile.id,
        position,
        ...toProfileColumns(profile),
      });
    });
  }

  private beat(runId: string): void {
    this.touch.run(Date.now(), runId);
  }
}
