// Where a run was measured (RunRecord.environment), against real SQLite files:
// recorded when a run starts through the app's services; null for the runs
// of a history from before schema version 18; carried by run files, so that
// an imported run keeps the machine it was measured on, while a version 3
// file without it still imports; and printed by `lasttoken show`.

import { readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, hostname, platform, release, userInfo } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
import { openAppServices } from '../../src/main/app-services';
import { runFileStream } from '../../src/main/export';
import { MemoryKeyStore } from '../../src/main/secrets';
import { openStore, type Store } from '../../src/main/store';
import type { AppEvent, RunView } from '../../src/shared/api';
import type { RunDetail, RunEnvironment, RunRecord } from '../../src/shared/run';
import { cliInProcess } from '../support/cli-in-process';
import { olderHistory } from '../support/older-history';
import {
  importableTrial,
  runRecord,
  snapshot,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';

/** Another machine than this one, so that keeping it is not mistaken for taking this one's. */
const ELSEWHERE: RunEnvironment = {
  lasttoken_version: '0.9.3',
  os: { platform: 'darwin', release: '24.1.0', arch: 'arm64' },
  cpus: { count: 10, model: 'Apple M1 Pro' },
  runtime: 'Electron 45.5.0',
};

let temp: TempDatabase;
beforeEach(() => {
  temp = tempDatabase();
});
afterEach(() => temp.remove());

/**
 * What `use` makes of a history of its own (removed after) holding one
 * finished run of two profiles, three rounds each, measured on `environment`.
 */
async function withRunMeasured<T>(
  id: string,
  environment: RunEnvironment | null,
  use: (history: Store) => T | Promise<T>,
): Promise<T> {
  const source = tempDatabase();
  const store = openStore(source.path);
  try {
    const base = runRecord(id, [snapshot('a'), snapshot('b')], { environment });
    store.runs.createRun({ ...base, config: { ...base.config, modes: ['stream'] } });
    for (const k of [1, 2, 3]) {
      for (const profile of ['a', 'b']) store.runs.saveTrial(importableTrial(id, profile, k, 10));
    }
    store.runs.finishRun(id, 'completed', '2026-03-01T10:05:00.000Z');
    return await use(store);
  } finally {
    store.close();
    source.remove();
  }
}

/** That run's run file. */
function runFileOf(id: string, environment: RunEnvironment | null): Promise<string> {
  return withRunMeasured(id, environment, (store) =>
    text(runFileStream(store.history.getRun(id) as RunDetail)),
  );
}

async function cli(argv: string[]): Promise<string> {
  const run = await cliInProcess([...argv, '--db', temp.path]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe("a run's environment", () => {
  it('is recorded when a run starts through the services: this LastToken and machine, no host or user name', async () => {
    const services = openAppServices({
      databasePath: temp.path,
      keys: new MemoryKeyStore(),
      identity: { name: 'LastToken', version, electron: null, transport: 'http' },
      systemLocale: 'en-US',
    });
    try {
      const finished = new Promise<string>((resolve) => {
        services.events.subscribe((event: AppEvent) => {
          if (event.type === 'run_finished') resolve(event.run_id);
        });
      });
      const started = await services.dispatch('runsStart', {
        prompt: 'Count.',
        max_tokens: 12,
        modes: ['stream'],
        trials: 1,
        profile_ids: ['demo'],
      });
      if (!started.ok) throw new Error(started.error.message);
      const { run_id } = started.value as { run_id: string };
      expect(await finished).toBe(run_id);

      const viewed = await services.dispatch('historyRun', { run_id });
      if (!viewed.ok) throw new Error(viewed.error.message);
      const { environment } = (viewed.value as RunView).run;
      const processors = cpus();
      expect(environment).toEqual({
        lasttoken_version: version,
        os: { platform: platform(), release: release(), arch: arch() },
        cpus: { count: processors.length, model: processors[0]?.model.trim() ?? '' },
        runtime: `Node ${process.versions.node}`,
      });
      const stored = services.store.db
        .prepare<[string], { environment: string }>('SELECT environment FROM runs WHERE id = ?')
        .get(run_id);
      expect(JSON.parse(stored?.environment ?? 'null')).toEqual(environment);
      // A report is shared: nothing that names the machine or its user.
      for (const name of [hostname(), userInfo().username].filter((n) => n.length >= 4)) {
        expect(stored?.environment).not.toContain(name);
      }
    } finally {
      await services.close();
    }
  });

  it('reads as not recorded (null) for the runs of a history from before schema version 18', async () => {
    await withRunMeasured('before-v18', ELSEWHERE, (measured) =>
      olderHistory(temp.path, 17, measured.db.name),
    );
    const before = new Database(temp.path);
    expect(before.pragma('user_version', { simple: true })).toBe(17);
    expect(
      before.prepare<[], string>("SELECT name FROM pragma_table_info('runs')").pluck().all(),
    ).not.toContain('environment');
    before.close();

    const store = openStore(temp.path);
    try {
      expect(store.history.runRecord('before-v18')?.environment).toBeNull();
      expect(store.history.getRun('before-v18')?.run.environment).toBeNull();
      expect(store.history.getRun('before-v18')?.trials).toHaveLength(6);
      // A run recorded after the migration keeps its own.
      store.runs.createRun(runRecord('after-v18', [snapshot('a')], { environment: ELSEWHERE }));
      expect(store.history.runRecord('after-v18')?.environment).toEqual(ELSEWHERE);
    } finally {
      store.close();
    }
  });

  it('goes with the run in its file: the imported run keeps the machine it was measured on, and show prints it', async () => {
    const file = join(temp.dir, 'measured-elsewhere.json');
    const content = await runFileOf('measured-elsewhere', ELSEWHERE);
    const written = JSON.parse(content) as { version: number; run: { environment: unknown } };
    expect(written.version).toBe(4);
    expect(written.run.environment).toEqual(ELSEWHERE);
    writeFileSync(file, content);

    await cli(['import', file]);
    const shown = JSON.parse(await cli(['show', 'measured-elsewhere', '--json'])) as {
      run: RunRecord;
    };
    expect(shown.run.environment).toEqual(ELSEWHERE);
    expect(await cli(['show', 'measured-elsewhere'])).toContain(
      '  measured by  LastToken 0.9.3, Darwin 24.1.0 (arm64), 10 CPUs (Apple M1 Pro), Electron 45.5.0\n',
    );
    // Exported again from here, it says the same.
    const again = JSON.parse(
      await cli(['export', 'measured-elsewhere', '--kind', 'json', '--out', '-']),
    ) as typeof written;
    expect(again.run.environment).toEqual(ELSEWHERE);
  });

  it('is not recorded for a run from a version 3 file, which has none: it still imports', async () => {
    const file = JSON.parse(await runFileOf('version-3', ELSEWHERE)) as {
      version: number;
      run: { environment?: unknown };
    };
    file.version = 3;
    delete file.run.environment;
    const path = join(temp.dir, 'version-3.json');
    writeFileSync(path, JSON.stringify(file));
    expect(readFileSync(path, 'utf8')).not.toContain('environment');

    await cli(['import', path]);
    const shown = JSON.parse(await cli(['show', 'version-3', '--json'])) as { run: RunRecord };
    expect(shown.run.environment).toBeNull();
    expect(await cli(['show', 'version-3'])).toContain(
      '  measured by  not recorded (a run from before LastToken kept it)\n',
    );
  });
});
