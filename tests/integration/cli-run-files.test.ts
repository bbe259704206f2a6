// Run files: `lasttoken export RUN --kind json` on one machine's history,
// `lasttoken import` into another's. Real runs against the simulated provider,
// two real SQLite files; the imported run must show byte for byte as the
// original, and a bad file must leave the second history untouched.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyStore, type KeyStore } from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { Profile, ProfileFailure, RunListItem, RunRecord } from '../../src/shared/run';
import { cliInProcess, type CliRun } from '../support/cli-in-process';

const KEY = 'sk-run-file-secret-0123456789';

let dir: string;
let sim: SimServer;
let here: string;
let there: string;
const keys: KeyStore = new MemoryKeyStore();

const cli = (db: string, argv: string[]): Promise<CliRun> =>
  cliInProcess([...argv, '--db', db], { keys });

async function ok(db: string, argv: string[]): Promise<string> {
  const run = await cli(db, argv);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

async function history(db: string): Promise<RunListItem[]> {
  return JSON.parse(await ok(db, ['history', '--json'])) as RunListItem[];
}

/** A run of two profiles (one with a key, one the demo), with warm-ups, both modes. */
async function measure(db: string, label: string | null): Promise<string> {
  const out = await ok(db, [
    'run',
    '--profiles',
    'keyed,demo',
    '--trials',
    '2',
    '--warmup',
    '--max-tokens',
    '20',
    ...(label === null ? [] : ['--label', label]),
    '--json',
  ]);
  return (JSON.parse(out) as { run_id: string }).run_id;
}

/** The file and its write-ahead log, for "nothing written". */
function databaseBytes(db: string): Buffer {
  return Buffer.concat([db, `${db}-wal`].filter(existsSync).map((f) => readFileSync(f)));
}

let labelled: string;
let unlabelled: string;
let labelledFile: string;
let unlabelledFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-run-files-'));
  here = join(dir, 'here.db');
  there = join(dir, 'there.db');
  sim = await startSimulator({ port: 0 });
  const profile = JSON.parse(
    await ok(here, [
      'profile',
      'add',
      '--name',
      'keyed',
      '--base-url',
      `${sim.url}/v1`,
      '--model',
      'sim-steady:ttft=15,gap=2,tokens=12',
      '--header',
      'X-Team: latency',
      '--json',
    ]),
  ) as Profile;
  await keys.setKey(profile.id, KEY);
  labelled = await measure(here, 'berlin-office');
  unlabelled = await measure(here, null);
  labelledFile = join(dir, 'labelled.json');
  unlabelledFile = join(dir, 'unlabelled.json');
  expect(await ok(here, ['export', labelled, '--kind', 'json', '--out', labelledFile])).toMatch(
    /^wrote .*labelled\.json \(\d+ bytes, run file of run /,
  );
  await ok(here, ['export', unlabelled, '--kind', 'json', '--out', unlabelledFile]);
});

afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('export --kind json', () => {
  it('writes one versioned file with the run, its profiles and every trial with its timeline', async () => {
    const text = readFileSync(labelledFile, 'utf8');
    expect(text).not.toContain(KEY);
    const file = JSON.parse(text) as {
      format: string;
      version: number;
      run: Record<string, unknown>;
      profiles: { id: string; name: string; headers: Record<string, string> }[];
      trials: { profile_id: string; warmup: boolean; trial: { timeline: { chunks: unknown[] } } }[];
    };
    expect(file.format).toBe('lasttoken-run');
    expect(file.version).toBe(4);
    expect(file.run).toMatchObject({
      id: labelled,
      status: 'completed',
      label: 'berlin-office',
      profile_failures: [],
    });
    expect(file.run).not.toHaveProperty('imported_at');
    expect(file.profiles.map((p) => p.name)).toEqual(['keyed', 'Demo (simulated)']);
    expect(file.profiles[0]?.headers).toEqual({ 'X-Team': 'latency' });
    // 2 profiles × 2 modes × (1 warm-up + 2 trials).
    expect(file.trials).toHaveLength(12);
    expect(file.trials.filter((t) => t.warmup)).toHaveLength(4);
    for (const t of file.trials) expect(t).not.toHaveProperty('run_id');
    expect(file.trials.some((t) => t.trial.timeline.chunks.length >= 12)).toBe(true);
  });

  it('streams the same file to standard output with --out -', async () => {
    const out = await ok(here, ['export', labelled, '--kind', 'json', '--out', '-']);
    const strip = (text: string) => text.replace(/"exported_at":"[^"]+"/, '');
    expect(strip(out)).toBe(strip(readFileSync(labelledFile, 'utf8')));
    const refused = await cli(here, ['export', labelled, '--kind', 'json', '--out', '-', '--json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('standard output carries the run file');
  });
});

describe('import', () => {
  it('adds the runs unchanged: show --json is byte for byte the original', async () => {
    const run = await cli(there, [
      'import',
      labelledFile,
      unlabelledFile,
      '--label',
      'imported-from-laptop',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `imported run ${labelled} from ${labelledFile} (label: berlin-office)`,
    );
    expect(run.stdout).toContain(
      `imported run ${unlabelled} from ${unlabelledFile} (label: imported-from-laptop)`,
    );
    expect(run.stderr).toContain('2 runs imported');

    expect(await ok(there, ['show', labelled, '--json'])).toBe(
      await ok(here, ['show', labelled, '--json']),
    );
    expect(await ok(there, ['show', labelled])).toBe(await ok(here, ['show', labelled]));
    // The chunk timelines too, through the CSV of every chunk.
    expect(await ok(there, ['export', labelled, '--kind', 'chunks', '--out', '-'])).toBe(
      await ok(here, ['export', labelled, '--kind', 'chunks', '--out', '-']),
    );

    const runs = await history(there);
    const byId = new Map(runs.map((r) => [r.id, r]));
    // A run keeps the label it was measured with; --label goes to those without one.
    expect(byId.get(labelled)?.label).toBe('berlin-office');
    expect(byId.get(unlabelled)?.label).toBe('imported-from-laptop');
    for (const r of runs) expect(Date.parse(r.imported_at ?? '')).not.toBeNaN();
    // Measured here, not imported.
    expect((await history(here)).every((r) => r.imported_at === null)).toBe(true);
    expect(databaseBytes(there).includes(KEY)).toBe(false);
  });

  it('carries why a profile stopped: the imported run says it as the original does', async () => {
    await ok(here, [
      'profile',
      'add',
      '--name',
      'broken',
      '--base-url',
      `${sim.url}/v1`,
      '--model',
      'sim-error-500',
    ]);
    const run = await cli(here, [
      'run',
      '--profiles',
      'keyed,broken',
      '--trials',
      '2',
      '--give-up-after',
      '1',
      '--max-tokens',
      '20',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(1);
    const { run_id: id, failures } = JSON.parse(run.stdout) as {
      run_id: string;
      failures: ProfileFailure[];
    };
    expect(failures.map((f) => f.reason)).toEqual(['gave_up']);
    const file = join(dir, 'gave-up.json');
    await ok(here, ['export', id, '--kind', 'json', '--out', file]);
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      run: { profile_failures: ProfileFailure[] };
    };
    expect(written.run.profile_failures).toEqual(failures);

    const elsewhere = join(dir, 'elsewhere.db');
    await ok(elsewhere, ['import', file]);
    const shown = await ok(elsewhere, ['show', id, '--json']);
    expect(shown).toBe(await ok(here, ['show', id, '--json']));
    expect((JSON.parse(shown) as { run: RunRecord }).run.profile_failures).toEqual(failures);
    const text = await ok(elsewhere, ['show', id]);
    expect(text).toBe(await ok(here, ['show', id]));
    expect(text).toContain(`  ${failures[0]?.message}\n`);
  });

  it('says why in English where a file’s words are unknown here: version 2, or another build’s message', async () => {
    const file = JSON.parse(readFileSync(join(dir, 'gave-up.json'), 'utf8')) as {
      version: number;
      run: { id: string; profile_failures: ProfileFailure[] };
    };
    const [failure] = file.run.profile_failures;
    expect(failure?.text?.key).toBe('runs.gave_up_other');
    for (const [name, changed] of [
      ['version-2', { version: 2, text: undefined }],
      ['unknown-message', { version: 3, text: { key: 'runs.said_by_a_newer_build' } }],
    ] as const) {
      const copy = {
        ...file,
        version: changed.version,
        run: { ...file.run, profile_failures: [{ ...failure, text: changed.text }] },
      };
      const path = join(dir, `${name}.json`);
      writeFileSync(path, JSON.stringify(copy));
      const db = join(dir, `from-${name}.db`);
      await ok(db, ['import', path]);
      const shown = JSON.parse(await ok(db, ['show', file.run.id, '--json'])) as {
        run: RunRecord;
      };
      expect(shown.run.profile_failures, name).toEqual([
        { profile_id: failure?.profile_id, reason: 'gave_up', message: failure?.message },
      ]);
    }
  });

  it('reads a version 1 file, from before runs kept why profiles stopped: not known, as for an old run', async () => {
    const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as {
      version: number;
      run: { id: string; profile_failures?: unknown };
    };
    file.version = 1;
    delete file.run.profile_failures;
    const older = join(dir, 'version-1.json');
    writeFileSync(older, JSON.stringify(file));
    const db = join(dir, 'from-version-1.db');
    await ok(db, ['import', older]);
    const shown = JSON.parse(await ok(db, ['show', file.run.id, '--json'])) as { run: RunRecord };
    expect(shown.run.profile_failures).toBeNull();
    // The rest of the run is the original's.
    const original = JSON.parse(await ok(here, ['show', file.run.id, '--json'])) as {
      run: RunRecord;
    };
    expect({ ...shown.run, profile_failures: [] }).toEqual(original.run);
  });

  it('adds nothing when the same file is imported again, and says so', async () => {
    const before = await history(there);
    const run = await cli(there, ['import', labelledFile, labelledFile]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      `skipped ${labelledFile}: run ${labelled} is already in this history\n`.repeat(2),
    );
    expect(run.stderr).toBe('nothing imported: every run was already in this history\n');
    expect(await history(there)).toEqual(before);
    const json = JSON.parse(await ok(there, ['import', unlabelledFile, '--json'])) as {
      added: unknown[];
      skipped: { run_id: string }[];
    };
    expect(json.added).toEqual([]);
    expect(json.skipped.map((s) => s.run_id)).toEqual([unlabelled]);
  });

  describe('refuses a bad file with a clear message and writes nothing', () => {
    const fresh = (): string => join(dir, `fresh-${Math.random().toString(36).slice(2)}.db`);

    async function refused(file: string, content: string, message: RegExp): Promise<CliRun> {
      writeFileSync(file, content);
      const db = fresh();
      await ok(db, ['history']); // the database exists, with no run
      const bytes = databaseBytes(db);
      // The good file first: it is not imported either, as the bad one is checked before any write.
      const run = await cli(db, ['import', labelledFile, file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(/^lasttoken: [^\n]*nothing was imported\n$/);
      expect(run.stdout).toBe('');
      expect(await history(db)).toEqual([]);
      expect(databaseBytes(db).equals(bytes)).toBe(true);
      return run;
    }

    it('a truncated file', async () => {
      const text = readFileSync(labelledFile, 'utf8');
      await refused(
        join(dir, 'truncated.json'),
        text.slice(0, Math.floor(text.length / 2)),
        /cannot import .*truncated\.json: the file ends early or is damaged \(truncated\?\)/,
      );
    });

    it('a foreign file: another JSON document, a CSV', async () => {
      await refused(
        join(dir, 'foreign.json'),
        '{"name":"not a run","version":1}',
        /foreign\.json: it is not a LastToken run file/,
      );
      const csv = await ok(here, ['export', labelled, '--kind', 'trials', '--out', '-']);
      await refused(join(dir, 'trials.csv'), csv, /trials\.csv: it is not a LastToken run file/);
    });

    it('a file of a newer version', async () => {
      const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as { version: number };
      file.version = 5;
      await refused(
        join(dir, 'newer.json'),
        JSON.stringify(file),
        /newer\.json: it is a version 5 run file, made by a newer LastToken; .* reads versions up to 4: update LastToken/,
      );
    });

    it('a damaged trial, with where it is', async () => {
      const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as {
        trials: { trial: { ttft_ms: unknown } }[];
      };
      (file.trials[3] as { trial: { ttft_ms: unknown } }).trial.ttft_ms = 'fast';
      await refused(
        join(dir, 'damaged.json'),
        JSON.stringify(file),
        /damaged\.json: it is damaged at trials\.3\.trial\.ttft_ms/,
      );
    });

    it("a profile's failure that names no profile of the run, or an unknown reason", async () => {
      const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as {
        run: { profile_failures: ProfileFailure[] };
      };
      const failure = { profile_id: 'ghost', reason: 'gave_up', message: 'gave up' } as const;
      file.run.profile_failures = [failure];
      await refused(
        join(dir, 'ghost.json'),
        JSON.stringify(file),
        /ghost\.json: it is damaged at run\.profile_failures\.0\.profile_id: a failure names profile "ghost", which is not the run's/,
      );
      file.run.profile_failures = [{ ...failure, reason: 'bored' as 'gave_up' }];
      await refused(
        join(dir, 'bored.json'),
        JSON.stringify(file),
        /bored\.json: it is damaged at run\.profile_failures\.0\.reason/,
      );
    });

    it('a file that is not there', async () => {
      const db = fresh();
      const run = await cli(db, ['import', join(dir, 'missing.json')]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/missing\.json: no such file; nothing was imported/);
    });

    // Opened as files, a pipe waits for a writer and a device never ends (/dev/urandom grew to 1.2 GB).
    it.skipIf(process.platform === 'win32')(
      'a named pipe or a device: refused at once, without reading it',
      async () => {
        const fifo = join(dir, 'pipe.json');
        execFileSync('mkfifo', [fifo]);
        const cases = [
          [fifo, 'a named pipe (FIFO)'],
          ['/dev/zero', 'a device'],
          ['/dev/urandom', 'a device'],
        ] as const;
        for (const [path, kind] of cases) {
          const started = performance.now();
          const run = await cli(fresh(), ['import', labelledFile, path]);
          expect(performance.now() - started, path).toBeLessThan(5000);
          expect(run.code, path).toBe(1);
          expect(run.stderr).toBe(
            `lasttoken: cannot import ${path}: it is ${kind}, not a regular file; nothing was imported\n`,
          );
          expect(run.stdout).toBe('');
        }
      },
    );

    it('Ctrl-C while the files are read: nothing imported, the signal’s exit status', async () => {
      const db = fresh();
      await ok(db, ['history']);
      const run = await cliInProcess(['import', labelledFile, '--db', db], {
        keys,
        interrupt: AbortSignal.abort('SIGINT'),
      });
      expect(run).toEqual({
        code: 130,
        stdout: '',
        stderr: 'lasttoken: interrupted: nothing was imported\n',
      });
      expect(await history(db)).toEqual([]);
    });

    describe('a file that contradicts itself', () => {
      /** The labelled run's file, edited. */
      function edited(edit: (file: RunFileJson) => void): string {
        const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as RunFileJson;
        edit(file);
        return JSON.stringify(file);
      }
      /**
       * The first stream trial with several chunks apart in time (it has gaps, and
       * room to move its first token), and the file with it edited.
       */
      function editedTrial(edit: (trial: TrialJson['trial']) => void): {
        text: string;
        at: (field: string) => string;
      } {
        let i = -1;
        const text = edited((file) => {
          i = file.trials.findIndex(
            ({ trial }) =>
              trial.mode === 'stream' &&
              trial.chunks >= 3 &&
              Number(trial.last_token_ms) - Number(trial.ttft_ms) > 1,
          );
          edit((file.trials[i] as TrialJson).trial);
        });
        return { text, at: (field) => `trials\\.${i}\\.trial\\.${field}` };
      }

      it('a trial of a profile that is not among the run’s', async () => {
        await refused(
          join(dir, 'stranger.json'),
          edited((file) => {
            (file.trials[2] as TrialJson).profile_id = 'stranger';
          }),
          /stranger\.json: it is damaged at trials\.2\.profile_id: the trial is of profile "stranger", which is not among the run's profiles \(run "[0-9a-f-]+"\)/,
        );
      });

      it('a profile whose base URL carries a credential, which is never echoed', async () => {
        const secret = 'sk-hidden-in-a-shared-run-file-1234567890';
        const path = join(dir, 'credential.json');
        const inUrl = await refused(
          path,
          edited((file) => {
            const profile = file.profiles[0]!;
            profile.base_url = `${profile.base_url}?api_key=${secret}`;
          }),
          /credential\.json: it is damaged at profiles\.0: profile "[^"]+"'s base URL: query parameter api_key would carry a credential: /,
        );
        const withQuery = await refused(
          join(dir, 'credential-query.json'),
          edited((file) => {
            file.profiles[0]!.query = { token: secret };
          }),
          /at profiles\.0: profile "[^"]+"'s base URL: query parameter token would carry a credential/,
        );
        for (const run of [inUrl, withQuery]) expect(run.stderr).not.toContain(secret.slice(3, 11));
      });

      it('a trial outside the run’s plan', async () => {
        await refused(
          join(dir, 'unplanned.json'),
          edited((file) => {
            (file.trials[5] as TrialJson).trial_index = 99;
          }),
          /at trials\.5\.trial_index: (stream|plain) trial 99 of profile "[^"]+" is not in the run's plan \(stream and plain, trials 1 to 2, warm-ups 0\)/,
        );
      });

      it('a negative time, and a time no trial lasts', async () => {
        const negative = editedTrial((trial) => {
          trial.total_ms = -5000;
        });
        await refused(
          join(dir, 'negative.json'),
          negative.text,
          new RegExp(`at ${negative.at('total_ms')}: a time cannot be negative, got -5000`),
        );
        const huge = editedTrial((trial) => {
          trial.timeline.chunks[1]!.at_ms = 1e308;
        });
        await refused(
          join(dir, 'huge.json'),
          huge.text,
          new RegExp(
            `at ${huge.at('timeline\\.chunks\\.1\\.at_ms')}: a time beyond a day, longer than any trial can last, got 1e\\+308`,
          ),
        );
      });

      it('times out of order: headers after the first byte', async () => {
        const disorder = editedTrial((trial) => {
          trial.headers_ms = (trial.first_byte_ms as number) + 7;
        });
        await refused(
          join(dir, 'disorder.json'),
          disorder.text,
          new RegExp(
            `at ${disorder.at('first_byte_ms')}: [^:]*: first_byte_ms \\([\\d.]+\\) is before headers_ms`,
          ),
        );
      });

      it('a first token that is not its first chunk’s arrival, and gaps that are not its chunks’', async () => {
        const late = editedTrial((trial) => {
          trial.ttft_ms = (trial.ttft_ms as number) + 0.5;
        });
        await refused(
          join(dir, 'ttft.json'),
          late.text,
          new RegExp(`at ${late.at('ttft_ms')}: .* is not its chunks' arrival`),
        );
        const gaps = editedTrial((trial) => {
          trial.gaps_ms[0]! += 40;
        });
        await refused(
          join(dir, 'gaps.json'),
          gaps.text,
          new RegExp(
            `at ${gaps.at('gaps_ms\\.0')}: .*a gap of [\\d.]+ ms between chunks that arrived [\\d.]+ ms apart`,
          ),
        );
      });

      it('counts beyond what the engine lets a run or a trial have', async () => {
        await refused(
          join(dir, 'many-trials.json'),
          edited((file) => {
            file.run.config.trials = 5000;
          }),
          /at run\.config\.trials: Too big: expected number to be <=1000, got 5000/,
        );
        await refused(
          join(dir, 'big-chunk.json'),
          edited((file) => {
            file.run.config.limits.max_event_bytes = 10;
          }),
          /at trials\.\d+\.trial\.timeline\.chunks\.0\.bytes: [^:]*: a chunk of \d+ bytes, more than the run's max_event_bytes \(10\)/,
        );
      });
    });
  });
});

describe('what a run file says reaches a terminal shown, never obeyed', () => {
  // A title, a screen wipe, a right-to-left override, a line break that forges the next line.
  const HOSTILE = '\x1b]0;owned\x07\x1b[2J\u202eevil\nforged: ok\u009b';
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it('escapes run ids, labels, profile names and models in import, history and show', async () => {
    const file = JSON.parse(readFileSync(labelledFile, 'utf8')) as RunFileJson;
    const id = `run ${HOSTILE}`;
    file.run.id = id;
    file.run.label = `label ${HOSTILE}`;
    for (const profile of file.profiles) {
      profile.name = `${profile.name} ${HOSTILE}`;
      profile.model = `${profile.model} ${HOSTILE}`;
    }
    const path = join(dir, 'hostile.json');
    writeFileSync(path, JSON.stringify(file));
    const db = join(dir, 'hostile.db');
    const outputs = [
      await cli(db, ['import', path]),
      await cli(db, ['history']),
      await cli(db, ['show', id]),
      await cli(db, ['history', '--json']),
      await cli(db, ['show', id, '--json']),
    ];
    for (const run of outputs) {
      expect(run.code, run.stderr).toBe(0);
      for (const text of [run.stdout, run.stderr]) {
        expect(text).not.toMatch(OBEYED);
        expect(text).not.toMatch(/^forged/m);
      }
    }
    const [imported, listed, shown, listedJson, shownJson] = outputs.map((r) => r.stdout);
    const escaped = '\\x1b]0;owned\\x07\\x1b[2J\\u202eevil forged: ok\\x9b';
    expect(imported).toContain(
      `imported run run ${escaped} from ${path} (label: label ${escaped})`,
    );
    expect(listed).toContain(`run ${escaped.slice(0, 10)}`);
    expect(shown).toContain(`run run ${escaped}\n`);
    expect(shown).toContain(`keyed ${escaped}: sim-steady:ttft=15,gap=2,tokens=12 ${escaped} @ `);
    // The JSON carries the text as it is, in escapes a terminal does not obey.
    expect((JSON.parse(listedJson as string) as RunListItem[])[0]?.label).toBe(`label ${HOSTILE}`);
    expect((JSON.parse(shownJson as string) as { run: RunRecord }).run.id).toBe(id);
  });

  it('escapes a saved profile’s name in profile list', async () => {
    const db = join(dir, 'bidi.db');
    await ok(db, [
      'profile',
      'add',
      '--name',
      'ok\u202etxt.exe',
      '--base-url',
      `${sim.url}/v1`,
      '--model',
      'm',
    ]);
    const list = await ok(db, ['profile', 'list']);
    expect(list).not.toMatch(OBEYED);
    expect(list).toContain('ok\\u202etxt.exe');
  });
});

interface TrialJson {
  profile_id: string;
  trial_index: number;
  warmup: boolean;
  trial: Record<string, unknown> & {
    mode: string;
    chunks: number;
    gaps_ms: number[];
    timeline: { chunks: { at_ms: number }[] };
  };
}

/** A run file as these tests edit it. */
interface RunFileJson {
  run: {
    id: string;
    label: string | null;
    config: { trials: number; limits: { max_event_bytes: number } };
  };
  profiles: {
    id: string;
    name: string;
    model: string;
    base_url: string;
    query: Record<string, string>;
  }[];
  trials: TrialJson[];
}
