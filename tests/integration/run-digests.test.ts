// What a run's page reads, against real SQLite files through the app's own
// handlers: the digest (summaries, comparisons, findings) stored with the run
// is the one computed from its trials, is recomputed for another reading pace
// or once it no longer matches the run, is stored when a run ends or comes in
// from a run file; and the run's trials come a page at a time, filtered, in
// the run's order.

import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { runFileStream } from '../../src/main/export';
import { MemoryKeyStore } from '../../src/main/secrets';
import { DIGEST_FORMAT, openStore } from '../../src/main/store';
import { detailAtPace } from '../../src/main/store/run-at-pace';
import type { AppEvent, RunView, TrialPage } from '../../src/shared/api';
import { runComparisons } from '../../src/shared/comparisons';
import { findings } from '../../src/shared/findings';
import { readerMetrics } from '../../src/shared/reader';
import { runDigest } from '../../src/shared/run-digest';
import type { RunDetail, StoredTrial } from '../../src/shared/run';
import { MODES, type Trial } from '../../src/shared/trial';
import { plainTrial } from '../support/ui-timing';
import {
  importableTrial,
  runRecord,
  snapshot,
  streamTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';

const RUN = 'run-digested';

let temp: TempDatabase;
let services: AppServices;

function open(): AppServices {
  return openAppServices({
    databasePath: temp.path,
    keys: new MemoryKeyStore(),
    identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
    systemLocale: 'en-US',
  });
}

beforeEach(() => {
  temp = tempDatabase();
  services = open();
});

afterEach(async () => {
  await services.close();
  temp.remove();
});

async function value<T>(method: string, input: unknown): Promise<T> {
  const answer = await services.dispatch(method, input);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

const stored = (profile_id: string, trial_index: number, trial: Trial, warmup = false) => ({
  run_id: RUN,
  profile_id,
  trial_index,
  warmup,
  trial,
});

/**
 * Two profiles in both modes, six rounds and a warm-up, with what each
 * finding looks for (pings through a silence, batched chunks, a hang-up the
 * server ignored), failures of two kinds, usage reported or not; and a
 * profile the run's snapshot does not have.
 */
function trialsOfRun(): StoredTrial[] {
  const trials: StoredTrial[] = [];
  for (let k = 0; k <= 6; k++) {
    const warmup = k === 0;
    trials.push(
      stored(
        'a',
        k,
        streamTrial(20, k, {
          pings: 4,
          max_content_silence_ms: 1500 + k,
          max_silence_ms: 300 + k,
          request_id: `req-${k}`,
          abort:
            k % 2 === 1
              ? { after_tokens: 5, at_ms: 400, close_ms: 20 + k, bytes_after: 90, chunks_after: 3 }
              : null,
          usage_completion_tokens: k % 3 === 0 ? null : 30 + k,
          usage_diff: k % 3 === 0 ? null : k - 3,
        }),
        warmup,
      ),
      stored('a', k, plainTrial(k), warmup),
    );
    if (warmup) continue;
    trials.push(
      stored(
        'b',
        k,
        k === 4
          ? streamTrial(8, k, { status: 'http_error', http_status: 429, error: 'slow down' })
          : streamTrial(8, k + 10, { tokens_per_chunk_mean: 3, buffered: k === 2 }),
      ),
      stored(
        'b',
        k,
        k === 5 ? { ...plainTrial(k), status: 'idle_timeout', total_ms: null } : plainTrial(k + 3),
      ),
    );
  }
  trials.push(stored('ghost', 1, streamTrial(5, 99)));
  return trials;
}

/** The run, measured as a run is (created, its trials saved one by one, finished). */
function seed(): RunDetail {
  const { runs, history } = services.store;
  const base = runRecord(RUN, [snapshot('a', { name: 'Alpha' }), snapshot('b', { name: 'Beta' })]);
  runs.createRun({ ...base, config: { ...base.config, trials: 6, warmup: true } });
  for (const trial of trialsOfRun()) runs.saveTrial(trial);
  runs.finishRun(RUN, 'completed', '2026-03-01T10:05:00.000Z');
  return history.getRun(RUN) as RunDetail;
}

const digestRows = () =>
  services.store.db
    .prepare('SELECT reader_pace_tps, format, trials FROM run_digests WHERE run_id = ?')
    .all(RUN);

describe("a run's digest", () => {
  it('is what the figures were before digests, computed from the trials, and kept', async () => {
    const detail = seed();
    const view = await value<RunView>('historyRun', { run_id: RUN });
    const { run, ...digest } = view;
    expect(run).toEqual(detail.run);
    expect(digest).toEqual(runDigest(detail.run.profiles, detail.trials, 8));
    // The figures the page was given before, from every trial.
    expect(digest.summaries).toEqual(detail.summaries);
    expect(digest.comparisons).toEqual(runComparisons(detail, 8));
    expect(digest.findings).toEqual(
      findings(
        detail.run.profiles.map((p) => ({
          profile_id: p.id,
          summaries: detail.summaries[p.id] ?? [],
          trials: detail.trials.filter((t) => t.profile_id === p.id),
        })),
      ),
    );
    // The data has something for each finding it tests.
    expect(digest.findings.map((f) => `${f.kind}:${f.profile_id}`)).toEqual(
      expect.arrayContaining(['pings_kept_open:a', 'abort_continued:a', 'chunks_not_tokens:b']),
    );
    expect(digest.trial_counts).toEqual({ all: 27, counted: 25, ok: 23 });
    expect(digest.reported_tokens['a']?.stream).toEqual({
      usage: { median: 33, n: 4 },
      difference: 0,
    });

    // Stored with the run, and read back the same from a history opened again.
    expect(digestRows()).toEqual([{ reader_pace_tps: 8, format: DIGEST_FORMAT, trials: 27 }]);
    await services.close();
    services = open();
    expect(await value<RunView>('historyRun', { run_id: RUN })).toEqual(view);
  });

  it('is read as stored while it matches the run, computed again once it does not', async () => {
    const detail = seed();
    await value('historyRun', { run_id: RUN });
    const { db } = services.store;
    // A mark in the stored row shows which one answers.
    const mark = () =>
      db.exec(`UPDATE run_digests SET digest = json_set(digest, '$.reader_pace_tps', 99)`);
    const pace = async () => (await value<RunView>('historyRun', { run_id: RUN })).reader_pace_tps;
    mark();
    expect(await pace()).toBe(99);

    // Another build's digest.
    db.exec(`UPDATE run_digests SET format = ${DIGEST_FORMAT - 1}`);
    expect(await pace()).toBe(8);
    // A run with a trial more than its digest counted (a run that was only interrupted went on).
    mark();
    services.store.runs.saveTrial(stored('b', 7, streamTrial(8, 7)));
    const grown = await value<RunView>('historyRun', { run_id: RUN });
    expect(grown.reader_pace_tps).toBe(8);
    expect(grown.trial_counts.all).toBe(detail.trials.length + 1);
    expect(digestRows()).toEqual([{ reader_pace_tps: 8, format: DIGEST_FORMAT, trials: 28 }]);
  });

  it('is computed for another reading pace from the timelines, and kept for it too', async () => {
    const detail = seed();
    const atEight = await value<RunView>('historyRun', { run_id: RUN });
    await value('settingsUpdate', { reader_pace_tps: 2 });
    const { run, ...slower } = await value<RunView>('historyRun', { run_id: RUN });
    const atTwo = detailAtPace(detail, 2);
    expect(run).toEqual(detail.run);
    expect(slower).toEqual(runDigest(detail.run.profiles, atTwo.trials, 2));
    expect(slower.summaries).toEqual(atTwo.summaries);
    expect(slower.comparisons).toEqual(runComparisons(detail, 2));
    const done = (view: Pick<RunView, 'summaries'>) =>
      view.summaries['a']?.find((s) => s.mode === 'stream')?.metrics.reader_done_ms?.median;
    expect(done(slower)).toBeGreaterThan(done(atEight) ?? Infinity);
    expect(digestRows()).toEqual([
      { reader_pace_tps: 2, format: DIGEST_FORMAT, trials: 27 },
      { reader_pace_tps: 8, format: DIGEST_FORMAT, trials: 27 },
    ]);
  });

  it('goes with its run', async () => {
    seed();
    await value('historyRun', { run_id: RUN });
    expect(digestRows()).toHaveLength(1);
    expect(await value('runsDelete', { run_id: RUN })).toEqual({ deleted: true });
    expect(digestRows()).toEqual([]);
  });

  it('of a run still running is computed each time, never kept', async () => {
    const { runs } = services.store;
    runs.createRun(runRecord('live', [snapshot('a')]));
    runs.saveTrial({ ...stored('a', 1, streamTrial(10, 1)), run_id: 'live' });
    const view = await value<RunView>('historyRun', { run_id: 'live' });
    expect(view.trial_counts).toEqual({ all: 1, counted: 1, ok: 1 });
    runs.saveTrial({ ...stored('a', 2, streamTrial(10, 2)), run_id: 'live' });
    expect((await value<RunView>('historyRun', { run_id: 'live' })).trial_counts.all).toBe(2);
    expect(
      services.store.db
        .prepare("SELECT count(*) AS n FROM run_digests WHERE run_id = 'live'")
        .get(),
    ).toEqual({ n: 0 });
  });

  it('is stored when a run ends', async () => {
    const finished = new Promise<string>((resolve) => {
      services.events.subscribe((event: AppEvent) => {
        if (event.type === 'run_finished') resolve(event.run_id);
      });
    });
    const { run_id } = await value<{ run_id: string }>('runsStart', {
      prompt: 'Count.',
      max_tokens: 12,
      modes: ['stream'],
      trials: 1,
      profile_ids: ['demo'],
    });
    expect(await finished).toBe(run_id);
    const rows = services.store.db.prepare(
      'SELECT reader_pace_tps, trials FROM run_digests WHERE run_id = ?',
    );
    await expect.poll(() => rows.all(run_id)).toEqual([{ reader_pace_tps: 8, trials: 1 }]);
  });

  it('of a run that comes in from a run file is stored with it', async () => {
    const elsewhere = tempDatabase();
    const source = openStore(elsewhere.path);
    let file: string;
    try {
      const base = runRecord('from-afar', [snapshot('a'), snapshot('b')]);
      const record = { ...base, config: { ...base.config, modes: ['stream' as const] } };
      source.runs.createRun(record);
      for (const k of [1, 2, 3]) {
        for (const profile of ['a', 'b']) {
          source.runs.saveTrial(importableTrial('from-afar', profile, k, 10 + k));
        }
      }
      source.runs.finishRun('from-afar', 'completed', '2026-03-01T10:05:00.000Z');
      file = await text(runFileStream(source.history.getRun('from-afar') as RunDetail));
    } finally {
      source.close();
      elsewhere.remove();
    }
    await value('runsImport', { files: [{ name: 'from-afar.json', text: file }] });
    const rows = services.store.db.prepare(
      'SELECT reader_pace_tps, trials, digest FROM run_digests WHERE run_id = ?',
    );
    const [row] = rows.all('from-afar') as {
      reader_pace_tps: number;
      trials: number;
      digest: string;
    }[];
    expect(row).toMatchObject({ reader_pace_tps: 8, trials: 6 });
    const imported = services.store.history.getRun('from-afar') as RunDetail;
    expect(JSON.parse(row?.digest ?? 'null')).toEqual(
      runDigest(imported.run.profiles, imported.trials, 8),
    );
    const { run, ...digest } = await value<RunView>('historyRun', { run_id: 'from-afar' });
    expect(run.imported_at).not.toBeNull();
    expect(digest).toEqual(JSON.parse(row?.digest ?? 'null'));
  });
});

describe("a run's trials, a page at a time", () => {
  /** Every trial of the run in the order a table lists them: profile, stream before plain, trial. */
  function tableOrder(detail: RunDetail): StoredTrial[] {
    const position = (id: string) => {
      const at = detail.run.profiles.findIndex((p) => p.id === id);
      return at < 0 ? detail.run.profiles.length : at;
    };
    return [...detail.trials].sort(
      (x, y) =>
        position(x.profile_id) - position(y.profile_id) ||
        MODES.indexOf(x.trial.mode) - MODES.indexOf(y.trial.mode) ||
        x.trial_index - y.trial_index,
    );
  }
  const place = (
    t: Pick<StoredTrial, 'profile_id' | 'trial_index' | 'warmup'> & { trial: { mode: string } },
  ) => `${t.profile_id} ${t.trial.mode} ${t.trial_index}${t.warmup ? ' warm-up' : ''}`;
  const page = (input: Record<string, unknown>) =>
    value<TrialPage>('historyTrials', { run_id: RUN, ...input });

  it('lists them in the run’s order, page after page, with how many there are', async () => {
    const detail = seed();
    const all = await page({ limit: 500 });
    expect(all.total).toBe(detail.trials.length);
    expect(all.trials.map(place)).toEqual(tableOrder(detail).map(place));
    expect(all.trials.map(place).slice(0, 3)).toEqual([
      'a stream 0 warm-up',
      'a stream 1',
      'a stream 2',
    ]);
    expect(all.trials.at(-1)).toMatchObject({ profile_id: 'ghost' });
    // A row is the trial's figures and the length of its texts, never its timeline or texts.
    const row = all.trials[1] as TrialPage['trials'][number];
    const trial = detail.trials.find((t) => place(t) === place(row))?.trial;
    expect(row?.trial).not.toHaveProperty('timeline');
    expect(row?.trial).not.toHaveProperty('text');
    expect(row?.trial).toMatchObject({
      ttft_ms: trial?.ttft_ms,
      text_chars: trial?.text.length,
      reasoning_chars: trial?.reasoning_text.length,
    });

    const pages: string[] = [];
    for (let offset = 0; offset < all.total; offset += 5) {
      const next = await page({ limit: 5, offset });
      expect(next.total).toBe(all.total);
      pages.push(...next.trials.map(place));
    }
    expect(pages).toEqual(all.trials.map(place));
    expect((await page({ offset: all.total })).trials).toEqual([]);
    // The default page is 50.
    expect((await page({})).trials).toHaveLength(Math.min(50, all.total));
  });

  it('filters by profile, mode and status, failed meaning every status but ok', async () => {
    const detail = seed();
    const expected = (keep: (t: StoredTrial) => boolean) =>
      tableOrder(detail).filter(keep).map(place);
    const check = async (input: Record<string, unknown>, keep: (t: StoredTrial) => boolean) => {
      const listed = await page({ ...input, limit: 500 });
      expect(listed.trials.map(place), JSON.stringify(input)).toEqual(expected(keep));
      expect(listed.total).toBe(expected(keep).length);
    };
    await check({ profile_id: 'b' }, (t) => t.profile_id === 'b');
    await check({ mode: 'plain' }, (t) => t.trial.mode === 'plain');
    await check({ status: 'failed' }, (t) => t.trial.status !== 'ok');
    await check({ status: 'http_error' }, (t) => t.trial.status === 'http_error');
    await check(
      { profile_id: 'b', mode: 'plain', status: 'failed' },
      (t) => t.profile_id === 'b' && t.trial.mode === 'plain' && t.trial.status !== 'ok',
    );
    expect((await page({ status: 'failed' })).trials.map(place)).toEqual([
      'b stream 4',
      'b plain 5',
    ]);
    expect((await page({ profile_id: 'nobody' })).total).toBe(0);
  });

  it('gives each trial’s reader metrics at the setting’s pace', async () => {
    const detail = seed();
    await value('settingsUpdate', { reader_pace_tps: 2 });
    for (const row of (await page({ limit: 500 })).trials) {
      const trial = detail.trials.find((t) => place(t) === place(row))?.trial;
      expect(trial).toBeDefined();
      if (trial)
        expect(row.trial).toMatchObject({ reader_pace_tps: 2, ...readerMetrics(trial, 2) });
    }
  });

  it('refuses what is not a page of a stored run', async () => {
    seed();
    for (const input of [
      { limit: 0 },
      { limit: 501 },
      { offset: -1 },
      { status: 'broken' },
      { mode: 'fast' },
    ]) {
      expect(await services.dispatch('historyTrials', { run_id: RUN, ...input })).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
    expect(await services.dispatch('historyTrials', { run_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
