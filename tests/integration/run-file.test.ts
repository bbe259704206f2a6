// The run file's format against two real SQLite files: every field a run,
// its profiles' snapshots and its trials have (the request shape and proxy of
// a profile, a trial's proxy phase) goes out and comes back unchanged, and no
// credential can ride along.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRunFile, runFileStream, without } from '../../src/main/export';
import { importRunFiles } from '../../src/main/export/run-import';
import { openStore, type Store } from '../../src/main/store/store';
import type { RunDetail } from '../../src/shared/run';
import {
  importableTrial,
  runRecord,
  snapshot,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';

let here: TempDatabase;
let there: TempDatabase;
let source: Store;
let target: Store;

beforeEach(() => {
  here = tempDatabase();
  there = tempDatabase();
  source = openStore(here.path);
  target = openStore(there.path);
});

afterEach(() => {
  source.close();
  target.close();
  here.remove();
  there.remove();
});

/** A finished run whose profile and trials use every optional field. */
function seed(): RunDetail {
  const azure = {
    ...snapshot('azure', {
      name: 'Azure via proxy',
      headers: { 'x-team': 'lab' },
      defaults: { max_tokens: 64, max_rpm: 20 },
      key_header: 'api-key',
      key_prefix: null,
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_OPENAI_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://proxy.internal:1080',
    }),
    // What the keychain holds, as flags.
    has_key: true,
    proxy_auth: true,
  };
  const base = runRecord('run-azure', [azure], {
    status: 'completed',
    ended_at: '2026-03-01T10:02:00.000Z',
    series_id: 'series-1',
    label: 'shanghai',
  });
  // Warm-up first, as trial 0: a file is checked against its run's plan.
  const record = { ...base, config: { ...base.config, warmup: true } };
  source.runs.createRun({ ...record, status: 'running', ended_at: null });
  for (const k of [0, 1, 2]) {
    const stored = importableTrial('run-azure', 'azure', k, 25);
    source.runs.saveTrial({
      ...stored,
      warmup: k === 0,
      trial: { ...stored.trial, proxy_ms: 12.5 + k, proxy: 'socks5h://proxy.internal:1080' },
    });
  }
  source.runs.finishRun('run-azure', 'completed', record.ended_at);
  return source.history.getRun('run-azure') as RunDetail;
}

describe('run files', () => {
  it('carry every field of the run, its profile snapshots and its trials', async () => {
    const detail = seed();
    const file = await text(runFileStream(detail, new Date('2026-03-02T00:00:00.000Z')));
    const content = parseRunFile('run.json', file);
    expect(content.profiles[0]).toMatchObject({
      key_header: 'api-key',
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_OPENAI_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://proxy.internal:1080',
      proxy_auth: true,
    });
    expect(content.trials.map((t) => t.trial.proxy_ms)).toEqual([12.5, 13.5, 14.5]);

    const path = join(there.dir, 'run.json');
    writeFileSync(path, file);
    const result = await importRunFiles([path], target.runs, {
      now: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(result).toEqual({
      added: [{ path, run_id: 'run-azure', label: 'shanghai' }],
      skipped: [],
    });
    const imported = target.history.getRun('run-azure') as RunDetail;
    expect(imported.run.imported_at).toBe('2026-03-03T00:00:00.000Z');
    expect(without(imported.run, 'imported_at')).toEqual(without(detail.run, 'imported_at'));
    expect(imported.trials).toEqual(detail.trials);
    expect(imported.summaries).toEqual(detail.summaries);
    // Exported again, the file is the same but for when it was exported.
    expect(await text(runFileStream(imported, new Date('2026-03-02T00:00:00.000Z')))).toBe(file);
  });

  it('refuse a proxy URL with credentials, and a run still being recorded', async () => {
    const detail = seed();
    const file = JSON.parse(await text(runFileStream(detail))) as {
      profiles: { proxy_url: string }[];
    };
    (file.profiles[0] as { proxy_url: string }).proxy_url = 'http://user:secret@proxy:8080';
    expect(() => parseRunFile('leaky.json', JSON.stringify(file))).toThrow(
      /leaky\.json: it is damaged at profiles\.0\.proxy_url: a proxy URL in a run file never carries credentials/,
    );
    expect(() => runFileStream({ ...detail, run: { ...detail.run, status: 'running' } })).toThrow(
      /run run-azure is still running: export it once it has ended/,
    );
  });
});
