// A process killed in the middle of a run: its committed trials stay, and the
// next open marks the run `interrupted`, but only once its owner is really gone
// (the CLI and the app may share the file while both are alive). The recorder
// is the real store code in a child process: tests/support/store-crash-child.ts,
// bundled by vite into one .mjs that node runs (Node 20 cannot run TypeScript).

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { foreignWalReason } from '../../src/main/store/foreign-wal';
import { HEARTBEAT_INTERVAL_MS } from '../../src/main/store/heartbeats';
import { STALE_AFTER_MS, THIS_PROCESS, processState } from '../../src/main/store/run-owner';
import { openStore, type Store } from '../../src/main/store/store';
import { bundleNodeScript, type NodeScript } from '../support/bundle-node-script';
import {
  runRecord,
  snapshot,
  storedTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';

let script: NodeScript;
beforeAll(async () => {
  script = await bundleNodeScript('tests/support/store-crash-child.ts');
}, 60_000);
afterAll(() => script.remove());

let temp: TempDatabase;
const children: ChildProcess[] = [];
beforeEach(() => {
  temp = tempDatabase();
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  temp.remove();
});

interface Recorder {
  child: ChildProcess;
  /** Resolves once the child has printed `saved k`: trial k is committed. */
  saved(k: number): Promise<void>;
  kill(): Promise<void>;
}

/** Starts a child recording run `runId` (count 0: saving without end). */
function startRecorder(runId: string, count: number): Recorder {
  const child = spawn(process.execPath, [script.file, temp.path, runId, 'p-1', String(count)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = once(child, 'exit');
  return {
    child,
    saved: (k) =>
      new Promise((resolve, reject) => {
        const onLine = (line: string) => {
          if (line !== `saved ${k}`) return;
          lines.off('line', onLine);
          resolve();
        };
        lines.on('line', onLine);
        void exited.then(() => reject(new Error(`recorder exited before saving trial ${k}`)));
      }),
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function runStatus(
  store: Store,
  id: string,
): { status: string; ended_at: string | null } | undefined {
  const run = store.history.getRun(id)?.run;
  return run && { status: run.status, ended_at: run.ended_at };
}

describe('a run whose process is killed', () => {
  it('keeps every committed trial and is interrupted at the next open', async () => {
    const recorder = startRecorder('run-k', 5);
    await recorder.saved(5);
    await recorder.kill();

    // Its trials are in the log it left: the log is the file's own, replayed (foreign-wal.ts).
    expect(statSync(`${temp.path}-wal`).size).toBeGreaterThan(32);
    expect(foreignWalReason(temp.path)).toBeNull();
    const store = openStore(temp.path);
    const detail = store.history.getRun('run-k');
    expect(detail?.run.status).toBe('interrupted');
    expect(detail?.run.ended_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(detail?.trials).toEqual([1, 2, 3, 4, 5].map((k) => storedTrial('run-k', 'p-1', k)));
    store.close();
  });

  it('killed while it writes: the file is intact and holds every trial it reported', async () => {
    const recorder = startRecorder('run-w', 0);
    await recorder.saved(30);
    await recorder.kill();

    const store = openStore(temp.path);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const trials = store.history.getRun('run-w')?.trials ?? [];
    expect(trials.length).toBeGreaterThanOrEqual(30);
    expect(trials).toEqual(trials.map((_, i) => storedTrial('run-w', 'p-1', i + 1)));
    expect(runStatus(store, 'run-w')?.status).toBe('interrupted');
    store.close();
  });

  it('is left running while its process lives, even when another one opens the file', async () => {
    const recorder = startRecorder('run-live', 3);
    await recorder.saved(3);

    const store = openStore(temp.path);
    expect(runStatus(store, 'run-live')).toEqual({ status: 'running', ended_at: null });
    store.close();

    await recorder.kill();
    const after = openStore(temp.path);
    expect(runStatus(after, 'run-live')?.status).toBe('interrupted');
    after.close();
  });

  // Where nothing reaps a killed process (a container whose pid 1 is not an
  // init), it stays a zombie: its pid still exists for kill(pid, 0).
  it.skipIf(process.platform !== 'linux')(
    'is interrupted when its process is a zombie that nothing reaps',
    async () => {
      // The recorder runs in the background of a shell that then becomes
      // `sleep`, which never waits for children. A background job's stdin is
      // /dev/null (the recorder would exit at once): the shell passes it ours on fd 3.
      const child = spawn(
        'sh',
        [
          '-c',
          'exec 3<&0; "$0" "$@" <&3 3<&- & exec sleep 60 3<&-',
          process.execPath,
          script.file,
          temp.path,
          'run-zombie',
          'p-1',
          '1',
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      children.push(child);
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      for await (const line of lines) if (line === 'saved 1') break;

      const db = new Database(temp.path, { readonly: true });
      const pid = db
        .prepare<[string], number>('SELECT owner_pid FROM runs WHERE id = ?')
        .pluck()
        .get('run-zombie') as number;
      db.close();
      process.kill(pid, 'SIGKILL');
      const state = () => processState(readFileSync(`/proc/${pid}/stat`, 'latin1'));
      await vi.waitFor(() => expect(state()).toBe('Z'), { timeout: 10_000 });

      const store = openStore(temp.path);
      expect(runStatus(store, 'run-zombie')?.status).toBe('interrupted');
      store.close();
    },
  );

  it('is interrupted when its heartbeat is stale, though its pid is taken', async () => {
    const recorder = startRecorder('run-stale', 1);
    await recorder.saved(1);
    const db = new Database(temp.path);
    db.prepare('UPDATE runs SET heartbeat_at = ? WHERE id = ?').run(
      Date.now() - STALE_AFTER_MS - 1000,
      'run-stale',
    );
    db.close();

    const store = openStore(temp.path);
    expect(runStatus(store, 'run-stale')?.status).toBe('interrupted');
    store.close();
  });

  it('is interrupted when an earlier process had the same pid as this one', () => {
    const earlier = openStore(temp.path);
    earlier.runs.createRun(runRecord('run-reused', [snapshot('p-1')]));
    // Its last heartbeat before this process started: it was another process with our pid.
    earlier.db
      .prepare('UPDATE runs SET heartbeat_at = ? WHERE id = ?')
      .run(THIS_PROCESS.started_at - 1000, 'run-reused');
    earlier.close();

    const store = openStore(temp.path);
    expect(runStatus(store, 'run-reused')?.status).toBe('interrupted');
    store.close();
  });

  it('is left running when this process opens the file again', () => {
    const first = openStore(temp.path);
    first.runs.createRun(runRecord('run-mine', [snapshot('p-1')]));
    const second = openStore(temp.path);
    expect(runStatus(second, 'run-mine')?.status).toBe('running');
    second.close();
    first.close();
  });
});

describe('a live run', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore(temp.path);
  });
  afterEach(() => {
    vi.useRealTimers();
    store.close();
  });

  const heartbeat = (id: string) =>
    store.db
      .prepare<[string], number>('SELECT heartbeat_at FROM runs WHERE id = ?')
      .pluck()
      .get(id);

  it('refreshes its heartbeat while running, and not once finished', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    store.runs.createRun(runRecord('run-1', [snapshot('p-1')]));
    expect(heartbeat('run-1')).toBe(1_000_000);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(heartbeat('run-1')).toBe(1_000_000 + HEARTBEAT_INTERVAL_MS);

    store.runs.finishRun('run-1', 'completed', new Date().toISOString());
    vi.advanceTimersByTime(3 * HEARTBEAT_INTERVAL_MS);
    expect(heartbeat('run-1')).toBe(1_000_000 + HEARTBEAT_INTERVAL_MS);
  });

  it('holds back automatic checkpoints while live (they stall a save), and checkpoints once finished', () => {
    const autocheckpoint = () => store.db.pragma('wal_autocheckpoint', { simple: true });
    expect(autocheckpoint()).toBe(1000);
    store.runs.createRun(runRecord('run-1', [snapshot('p-1')]));
    store.runs.createRun(runRecord('run-2', [snapshot('p-1')]));
    expect(autocheckpoint()).toBe(0);
    store.runs.finishRun('run-1', 'completed', null);
    expect(autocheckpoint()).toBe(0); // run-2 is still being measured
    const databaseBytes = () => statSync(temp.path).size;
    const before = databaseBytes();
    store.runs.saveTrial(storedTrial('run-2', 'p-1', 1, 3000)); // a timeline of about 90 kB
    expect(databaseBytes()).toBe(before); // still in the log only
    store.runs.finishRun('run-2', 'completed', null);
    expect(autocheckpoint()).toBe(1000);
    expect(databaseBytes()).toBeGreaterThan(before + 60_000); // checkpointed into the database
  });

  it('taken for dead by another opener, runs again at its next save', () => {
    store.runs.createRun(runRecord('run-1', [snapshot('p-1')]));
    store.db
      .prepare("UPDATE runs SET status = 'interrupted', ended_at = 'x' WHERE id = 'run-1'")
      .run();
    store.runs.saveTrial(storedTrial('run-1', 'p-1', 1));
    expect(runStatus(store, 'run-1')).toEqual({ status: 'running', ended_at: null });

    store.runs.finishRun('run-1', 'cancelled', '2026-03-01T10:01:00.000Z');
    store.runs.saveTrial(storedTrial('run-1', 'p-1', 2)); // a late save does not revive a finished run
    expect(runStatus(store, 'run-1')).toEqual({
      status: 'cancelled',
      ended_at: '2026-03-01T10:01:00.000Z',
    });
  });
});
