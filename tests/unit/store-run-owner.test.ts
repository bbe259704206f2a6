// When a run marked `running` belongs to a process that is gone.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  STALE_AFTER_MS,
  isOwnerGone,
  processState,
  type ProcessIdentity,
} from '../../src/main/store/run-owner';

const now = 10_000_000;
const self: ProcessIdentity = { pid: process.pid, started_at: now - 60_000 };
const fresh = now - 1000;

/** A pid that was just used and is free again. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid as number;
}

describe('isOwnerGone', () => {
  it('never for this process (or a thread of it): its heartbeat is newer than its start', () => {
    expect(isOwnerGone({ pid: self.pid, heartbeat_at: self.started_at }, now, self)).toBe(false);
    expect(isOwnerGone({ pid: self.pid, heartbeat_at: fresh }, now, self)).toBe(false);
  });

  it('for an earlier process that had the same pid: its heartbeat is older than our start', () => {
    expect(isOwnerGone({ pid: self.pid, heartbeat_at: self.started_at - 1 }, now, self)).toBe(true);
  });

  it('for a live pid with a stale heartbeat (the pid belongs to someone else now)', () => {
    expect(isOwnerGone({ pid: process.ppid, heartbeat_at: fresh }, now, self)).toBe(false);
    expect(
      isOwnerGone({ pid: process.ppid, heartbeat_at: now - STALE_AFTER_MS - 1 }, now, self),
    ).toBe(true);
  });

  it('for a pid no process has', () => {
    expect(isOwnerGone({ pid: deadPid(), heartbeat_at: fresh }, now, self)).toBe(true);
  });
});

describe('processState', () => {
  it('reads the state after the command name, whatever the name holds', () => {
    expect(processState('4242 (node) Z 4241 4242 1 0 -1 4194308 0 0\n')).toBe('Z');
    expect(processState('4242 (my (odd) name) S 1 4242 1 0 -1\n')).toBe('S');
    // A name may end with ") R": only the last parenthesis closes it.
    expect(processState('4242 (a) R (b) Z 1 4242 1 0 -1\n')).toBe('Z');
    expect(processState('4242 (x y) D 1')).toBe('D');
  });

  it('is null for what is not a stat line', () => {
    expect(processState('')).toBeNull();
    expect(processState('4242 (truncated')).toBeNull();
    expect(processState('4242 (node)')).toBeNull();
  });
});
