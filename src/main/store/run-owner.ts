// Which process is recording a run, and whether it still is.
//
// The CLI and the app share one database file, possibly at the same time, so
// "a run still marked running when a database is opened" does not mean its
// process died: the other program may be in the middle of it. Each running
// run therefore records its owner's pid and a heartbeat the owner refreshes
// while the run goes on (heartbeats.ts). An opener marks a run `interrupted`
// only when its owner is gone:
// - the owner's pid is this process's: pids are reused (in containers very
//   soon), so it is this process (or one of its threads) if the heartbeat is
//   newer than this process's start, and an earlier, dead process if older;
// - no heartbeat for STALE_AFTER_MS: gone, whatever now has its pid;
// - otherwise, gone when no process has that pid (kill(pid, 0) says ESRCH),
//   or, on Linux, when the process with that pid is a zombie: killed, but not
//   yet reaped by a parent that never will (a container without an init).
// A live owner whose heartbeat went stale anyway (a laptop asleep while
// another process opened the file) sets its run back to `running` at its
// next heartbeat, and finishing the run sets its final status regardless.

import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';

/** A heartbeat older than this is a dead owner's; a live one beats every HEARTBEAT_INTERVAL_MS (10 s). */
export const STALE_AFTER_MS = 60_000;

export interface ProcessIdentity {
  pid: number;
  /** When the process started, ms since the epoch. */
  started_at: number;
}

export const THIS_PROCESS: ProcessIdentity = {
  pid: process.pid,
  started_at: Math.floor(Date.now() - process.uptime() * 1000),
};

export interface OwnerRecord {
  pid: number;
  /** Last sign of life, ms since the epoch. */
  heartbeat_at: number;
}

export function isOwnerGone(
  owner: OwnerRecord,
  now: number,
  self: ProcessIdentity = THIS_PROCESS,
): boolean {
  if (owner.pid === self.pid) return owner.heartbeat_at < self.started_at;
  if (now - owner.heartbeat_at > STALE_AFTER_MS) return true;
  return !processExists(owner.pid);
}

function processExists(pid: number): boolean {
  // A zombie still has its pid, so kill(pid, 0) finds it: only its state tells.
  const state = process.platform === 'linux' ? linuxProcessState(pid) : null;
  if (state !== null) return state !== 'Z' && state !== 'X';
  try {
    process.kill(pid, 0); // signal 0: checks that the process exists, sends nothing
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The state letter of /proc/PID/stat (R, S, D, Z...); null when it cannot be read. */
function linuxProcessState(pid: number): string | null {
  try {
    return processState(readFileSync(`/proc/${pid}/stat`, 'latin1'));
  } catch {
    // No such process, /proc not mounted, or hidden (hidepid): kill(pid, 0) decides.
    return null;
  }
}

/**
 * The state field of a /proc/PID/stat line: `PID (COMM) STATE ...`. COMM is
 * the program's name and may itself hold spaces and parentheses, so the state
 * is found after the last `)`.
 */
export function processState(stat: string): string | null {
  const end = stat.lastIndexOf(')');
  if (end < 0) return null;
  return /^ (\S)/.exec(stat.slice(end + 1))?.[1] ?? null;
}

interface RunningRow extends OwnerRecord {
  id: string;
}

/**
 * Marks the running runs whose owner is gone as `interrupted`, ended at their
 * last heartbeat (the last moment they were known to be alive). Returns their ids.
 */
export function recoverInterruptedRuns(db: Database, now = Date.now()): string[] {
  const running = db.prepare<[], RunningRow>(
    "SELECT id, owner_pid AS pid, heartbeat_at FROM runs WHERE status = 'running'",
  );
  // Compare-and-set on the heartbeat: an owner that beat in the meantime is alive.
  const mark = db.prepare<[string, string, number]>(
    `UPDATE runs SET status = 'interrupted', ended_at = ?
     WHERE id = ? AND status = 'running' AND heartbeat_at = ?`,
  );
  return db
    .transaction((): string[] => {
      const marked: string[] = [];
      for (const run of running.all()) {
        if (!isOwnerGone(run, now)) continue;
        const endedAt = new Date(run.heartbeat_at).toISOString();
        if (mark.run(endedAt, run.id, run.heartbeat_at).changes > 0) marked.push(run.id);
      }
      return marked;
    })
    .immediate();
}
