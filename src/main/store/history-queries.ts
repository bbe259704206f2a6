// Reading the history for the UI and the CLI: the runs list, one run with its
// summaries, a page of a run's trials, a profile's trend over time, and a
// run's chunks for CSV.

import type { Database, Statement } from 'better-sqlite3';
import {
  DEFAULT_RUN_LIMITS,
  type ChunkRow,
  type ProfileFailure,
  type ProfileSnapshot,
  type RunConfig,
  type RunDetail,
  type RunEnvironment,
  type RunListFilter,
  type RunListOrder,
  type RunListItem,
  type RunRecord,
  type RunStatus,
  type StoredTrial,
} from '../../shared/run';
import type {
  TrendFigure,
  TrendSeries,
  TrialListFilter,
  TrialPage,
  TrialRow as TrialTableRow,
} from '../../shared/api';
import { hidesFailures, isFailing } from '../../shared/failing-profiles';
import { summariesByProfile } from '../../shared/run-digest';
import { quantile } from '../../shared/stats';
import { MODES, type Mode, type TrialStatus } from '../../shared/trial';
import { fromProfileColumns, type ProfileColumns } from './profile-row';
import type { Bit } from './row-values';
import { figuresAtPace, TIMELINE_UNLESS_AT_PACE, type FiguresRowAtPace } from './run-at-pace';
import type { RunRow as StoredRunRow } from './run-row';
import { SortedTrials, TRIAL_FILTER, type TrialFilterParameters } from './sorted-trials';
import { decodeTimeline } from './timeline-codec';
import {
  fromTrialRow,
  TRIAL_FIGURE_COLUMNS,
  type StoredTrialFigures,
  type TrialRow,
} from './trial-row';

const DEFAULT_PAGE = 50;

/** What the runs list reads of a run: not who owns it, why its profiles stopped, nor what measured it. */
type RunRow = Omit<StoredRunRow, 'owner_pid' | 'heartbeat_at' | 'profile_failures' | 'environment'>;

/** What the history reads of one run. */
type RunRecordRow = RunRow & Pick<StoredRunRow, 'profile_failures' | 'environment'>;

interface RunListRow extends RunRow {
  /** Profiles the run stopped measuring early (its stored profile failures). */
  stopped_early: number;
}

/** How many of a profile's latest trials say how long its next ones take. */
const RECENT_TRIALS = 30;

interface RunProfileRow extends ProfileColumns {
  profile_id: string;
  /** The saved profile's colour now; null when it is gone. */
  live_color: number | null;
}

interface FilterParameters {
  profile_id: string | null;
  model: string | null;
  from: string | null;
  to: string | null;
  status: RunStatus | null;
  series_id: string | null;
}

interface ListParameters extends FilterParameters {
  limit: number;
  offset: number;
}

interface TrendRow {
  run_id: string;
  started_at: string;
  series_id: string | null;
  label: string | null;
  model: string;
  mode: Mode;
  status: TrialStatus;
  ttft_ms: number | null;
  gap_median_ms: number | null;
  total_ms: number | null;
  first_byte_ms: number | null;
}

interface TrialTextRow {
  text: string;
  reasoning_text: string;
}

/**
 * The trials of one profile in one mode that pass a filter, the failed ones
 * or the others (`failed`) or both (null): a run's table is made of these.
 */
interface TrialSegment {
  profile_id: string;
  mode: Mode;
  failed: Bit | null;
  trials: number;
}

interface SegmentPageParameters {
  run_id: string;
  profile_id: string;
  mode: Mode;
  status: TrialStatus | 'failed' | null;
  failed: Bit | null;
  pace: number;
  limit: number;
  offset: number;
}

const RUN_FILTER = `
      WHERE (@profile_id IS NULL OR r.id IN (SELECT run_id FROM run_profiles WHERE profile_id = @profile_id))
        AND (@model IS NULL OR r.id IN (SELECT run_id FROM run_profiles WHERE model = @model))
        AND (@from IS NULL OR r.started_at >= @from)
        AND (@to IS NULL OR r.started_at < @to)
        AND (@status IS NULL OR r.status = @status)
        AND (@series_id IS NULL OR r.series_id = @series_id)`;

interface ChunkSourceRow {
  profile_id: string;
  profile: string | null;
  mode: Mode;
  trial_index: number;
  warmup: Bit;
  timeline: Buffer;
}

// A run's trials by profile in the run's order (a profile missing from the
// snapshot last), then in the order they were saved.
const TRIALS_OF_RUN = `
  FROM trials t LEFT JOIN run_profiles p ON p.run_id = t.run_id AND p.profile_id = t.profile_id
  WHERE t.run_id = ?
  ORDER BY p.position IS NULL, p.position, t.rowid`;

/** Sorts the trials of profiles the run's snapshot lacks after its own (TRIALS_OF_RUN's order). */
const UNLISTED_POSITION = 2_147_483_647;
/** What a table of trials reads of each: every figure, its timeline only when its reader metrics are not at @pace. */
const TABLE_COLUMNS = `${TRIAL_FIGURE_COLUMNS.map((column) => `t.${column}`).join(', ')}, ${TIMELINE_UNLESS_AT_PACE}`;
/** Trials per page of a run read whole, timelines and texts included. */
const WHOLE_TRIALS_PAGE = 100;

interface OrderedPageParameters {
  run_id: string;
  position: number;
  after: number;
  limit: number;
}

export class HistoryQueries {
  /** A page of runs newest first, and oldest first. */
  private readonly selectPage: Record<RunListOrder, Statement<[ListParameters], RunListRow>>;
  private readonly selectCount: Statement<[FilterParameters], { total: number }>;
  private readonly selectTrialText: Statement<[string, string, Mode, number], TrialTextRow>;
  private readonly selectRun: Statement<[string], RunRecordRow>;
  private readonly selectRunProfiles: Statement<[string], RunProfileRow>;
  private readonly selectRecentTrials: Statement<
    [string, Mode],
    { total_ms: number; ttft_ms: number | null; tokens: number; at_limit: 0 | 1 }
  >;
  private readonly selectProfileTallies: Statement<
    [string],
    { profile_id: string; trials: number; ok: number }
  >;
  private readonly selectWarmups: Statement<[string], { profile_id: string; ok: 0 | 1 }>;
  private readonly selectTrials: Statement<[string], TrialRow>;
  private readonly selectOrderedPage: Statement<
    [OrderedPageParameters],
    TrialRow & { row_id: number; position_key: number }
  >;
  private readonly countSegments: Statement<[TrialFilterParameters], Required<TrialSegment>>;
  private readonly selectSegmentPage: Statement<[SegmentPageParameters], FiguresRowAtPace>;
  private readonly sortedTrials: SortedTrials;
  private readonly selectTableRow: Statement<[{ row_id: number; pace: number }], FiguresRowAtPace>;
  private readonly selectTrend: Statement<[string], TrendRow>;
  private readonly selectChunkSources: Statement<[string], ChunkSourceRow>;

  constructor(db: Database) {
    // Newest (or oldest) first along runs_by_start, read forwards or backwards;
    // each run's counts come after, from an index alone (profileTallies), so a
    // page costs the same whatever the size of the history.
    const page = (direction: 'DESC' | 'ASC'): Statement<[ListParameters], RunListRow> =>
      db.prepare(`
      SELECT r.id, r.config, r.status, r.started_at, r.ended_at, r.planned_calls,
        r.series_id, r.label, r.imported_at,
        coalesce(json_array_length(r.profile_failures), 0) AS stopped_early
      FROM runs r ${RUN_FILTER}
      ORDER BY r.started_at ${direction}, r.id ${direction}
      LIMIT @limit OFFSET @offset`);
    this.selectPage = { newest: page('DESC'), oldest: page('ASC') };
    this.selectCount = db.prepare(`SELECT count(*) AS total FROM runs r ${RUN_FILTER}`);
    this.selectTrialText = db.prepare(
      `SELECT text, reasoning_text FROM trials
       WHERE run_id = ? AND profile_id = ? AND mode = ? AND trial_index = ?`,
    );
    this.selectRun = db.prepare(
      `SELECT id, config, status, started_at, ended_at, planned_calls, series_id, label, imported_at,
         profile_failures, environment
       FROM runs WHERE id = ?`,
    );
    // Along trials_by_profile, newest first: a profile with 100,000 trials reads its last few.
    // A limit reached is said 'length' (OpenAI, and Responses as read) or 'max_tokens' (Anthropic).
    this.selectRecentTrials = db.prepare(
      `SELECT total_ms, ttft_ms, COALESCE(usage_completion_tokens, tokens) AS tokens,
         COALESCE(finish_reason IN ('length', 'max_tokens'), 0) AS at_limit
       FROM trials
       WHERE profile_id = ? AND warmup = 0 AND status = 'ok' AND mode = ? AND total_ms IS NOT NULL
       ORDER BY rowid DESC LIMIT ${RECENT_TRIALS}`,
    );
    this.selectRunProfiles = db.prepare(
      `SELECT rp.*, p.color AS live_color
       FROM run_profiles rp LEFT JOIN profiles p ON p.id = rp.profile_id
       WHERE rp.run_id = ? ORDER BY rp.position`,
    );
    // Each profile's trials and ok ones, from trials_by_run_profile alone (a
    // 100,000-trial run is counted without reading its rows), and its
    // warm-ups, a few rows, to leave out: the run's counts, and whether a
    // profile failed (failing-profiles.ts), for a list that shows no figure.
    this.selectProfileTallies = db.prepare(`
      SELECT profile_id, count(*) AS trials, sum(status = 'ok') AS ok FROM trials
      WHERE run_id = ? GROUP BY profile_id`);
    this.selectWarmups = db.prepare(
      "SELECT profile_id, status = 'ok' AS ok FROM trials WHERE run_id = ? AND warmup = 1",
    );
    this.selectTrials = db.prepare(`SELECT t.* ${TRIALS_OF_RUN}`);
    // getRun's order, a page at a time from where the last page ended (no OFFSET to count through).
    this.selectOrderedPage = db.prepare(`
      SELECT t.rowid AS row_id, coalesce(p.position, ${UNLISTED_POSITION}) AS position_key, t.*
      FROM trials t LEFT JOIN run_profiles p ON p.run_id = t.run_id AND p.profile_id = t.profile_id
      WHERE t.run_id = @run_id
        AND (coalesce(p.position, ${UNLISTED_POSITION}), t.rowid) > (@position, @after)
      ORDER BY position_key, t.rowid LIMIT @limit`);
    // A table of a run's trials is read a profile × mode at a time: each is a
    // stretch of trials_by_run_profile (migration 010), counted from the
    // index alone and listed in trial order without a sort, where one query
    // in the table's order would sort every trial of the run for each page.
    this.countSegments = db.prepare(`
      SELECT t.profile_id, t.mode, t.status != 'ok' AS failed, count(*) AS trials FROM trials t
      WHERE t.run_id = @run_id AND ${TRIAL_FILTER}
      GROUP BY t.profile_id, t.mode, failed`);
    this.selectSegmentPage = db.prepare(`
      SELECT ${TABLE_COLUMNS}
      FROM trials t
      WHERE t.run_id = @run_id AND t.profile_id = @profile_id AND t.mode = @mode
        AND ${TRIAL_FILTER} AND (@failed IS NULL OR (t.status != 'ok') = @failed)
      ORDER BY t.trial_index LIMIT @limit OFFSET @offset`);
    this.sortedTrials = new SortedTrials(db);
    this.selectTableRow = db.prepare(
      `SELECT ${TABLE_COLUMNS} FROM trials t WHERE t.rowid = @row_id`,
    );
    this.selectTrend = db.prepare(`
      SELECT r.id AS run_id, r.started_at, r.series_id, r.label, p.model, t.mode, t.status,
        t.ttft_ms, t.gap_median_ms, t.total_ms, t.first_byte_ms
      FROM trials t
        JOIN runs r ON r.id = t.run_id
        JOIN run_profiles p ON p.run_id = t.run_id AND p.profile_id = t.profile_id
      WHERE t.profile_id = ? AND t.warmup = 0
      ORDER BY r.started_at, r.id, t.rowid`);
    this.selectChunkSources = db.prepare(
      `SELECT t.profile_id, p.name AS profile, t.mode, t.trial_index, t.warmup, t.timeline ${TRIALS_OF_RUN}`,
    );
  }

  listRuns(filter: RunListFilter = {}): RunListItem[] {
    const rows = this.selectPage[filter.order ?? 'newest'].all({
      ...filterParameters(filter),
      limit: filter.limit ?? DEFAULT_PAGE,
      offset: filter.offset ?? 0,
    });
    return rows.map((row) => {
      const tallies = this.profileTallies(row.id);
      const trials = tallies.reduce((sum, t) => sum + t.trials, 0);
      const ok = tallies.reduce((sum, t) => sum + t.ok, 0);
      const failing = tallies.filter((t) => isFailing(t.trials, t.ok)).length;
      return {
        ...runFields(row),
        profiles: this.selectRunProfiles
          .all(row.id)
          .map((p) => ({ id: p.profile_id, name: p.name, model: p.model })),
        trials,
        ok,
        failed: trials - ok,
        with_failures: hidesFailures(failing, row.stopped_early),
      };
    });
  }

  /** Each profile's counted trials (warm-ups left out) of a run, and of those the ok ones. */
  private profileTallies(run_id: string): { trials: number; ok: number }[] {
    const tallies = new Map(
      this.selectProfileTallies.all(run_id).map((t) => [t.profile_id, { ...t }]),
    );
    for (const warmup of this.selectWarmups.all(run_id)) {
      const tally = tallies.get(warmup.profile_id);
      if (!tally) continue;
      tally.trials--;
      tally.ok -= warmup.ok;
    }
    return [...tallies.values()];
  }

  getRun(id: string): RunDetail | null {
    const run = this.runRecord(id);
    if (!run) return null;
    const trials = this.selectTrials.all(id).map(fromTrialRow);
    return { run, trials, summaries: summariesByProfile(run.profiles, trials) };
  }

  /**
   * Every trial of a run, whole, in getRun's order, a page at a time (each
   * page one short statement read whole: a pass may let the event loop run
   * between two of them, and nothing holds the connection meanwhile).
   */
  *trialPages(run_id: string): Generator<StoredTrial[], void> {
    let position = -1;
    let after = 0;
    for (;;) {
      const rows = this.selectOrderedPage.all({
        run_id,
        position,
        after,
        limit: WHOLE_TRIALS_PAGE,
      });
      // fromTrialRow picks the trial's columns: the two keys stay behind.
      if (rows.length > 0) yield rows.map(fromTrialRow);
      const final = rows[rows.length - 1];
      if (!final || rows.length < WHOLE_TRIALS_PAGE) return;
      position = final.position_key;
      after = final.row_id;
    }
  }

  /**
   * One page of a run's trials as a table shows them, in the filter's order
   * (shared/trial-order.ts), reader metrics at `pace`; null when there is no
   * such run. Only the page's rows are read whole (a timeline only to
   * recompute a row's reader metrics), so a page of a run of 100,000 trials
   * costs about what one of ten does.
   */
  trialPage(run_id: string, filter: TrialListFilter, pace: number): TrialPage | null {
    if (!this.selectRun.get(run_id)) return null;
    const parameters: TrialFilterParameters = {
      run_id,
      profile_id: filter.profile_id ?? null,
      mode: filter.mode ?? null,
      status: filter.status ?? null,
    };
    const segments = this.segments(parameters, filter.order === 'failed_first');
    const limit = filter.limit ?? DEFAULT_PAGE;
    const offset = filter.offset ?? 0;
    const rows = filter.sort
      ? this.sortedTrials
          .rowids(parameters, filter.sort, limit, offset)
          .flatMap((row_id) => this.selectTableRow.get({ row_id, pace }) ?? [])
      : this.segmentRows(segments, { ...parameters, pace }, limit, offset);
    return {
      trials: rows.map((row) => tableRow(figuresAtPace(row, pace))),
      total: segments.reduce((sum, segment) => sum + segment.trials, 0),
    };
  }

  /**
   * The filtered trials' segments in the run's order: by profile in the
   * run's order (one its snapshot lacks last), stream before plain; with
   * `failedFirst`, every profile's failed ones before any ok one.
   */
  private segments(parameters: TrialFilterParameters, failedFirst: boolean): TrialSegment[] {
    const counted = this.countSegments.all(parameters);
    const segments: TrialSegment[] = failedFirst ? counted : [];
    if (!failedFirst) {
      for (const { profile_id, mode, trials } of counted) {
        const same = segments.find((s) => s.profile_id === profile_id && s.mode === mode);
        if (same) same.trials += trials;
        else segments.push({ profile_id, mode, failed: null, trials });
      }
    }
    const positions = new Map(
      this.selectRunProfiles.all(parameters.run_id).map((p, i) => [p.profile_id, i]),
    );
    const position = (id: string): number => positions.get(id) ?? positions.size;
    return segments.sort(
      (a, b) =>
        (b.failed ?? 0) - (a.failed ?? 0) ||
        position(a.profile_id) - position(b.profile_id) ||
        (a.profile_id < b.profile_id ? -1 : a.profile_id > b.profile_id ? 1 : 0) ||
        MODES.indexOf(a.mode) - MODES.indexOf(b.mode),
    );
  }

  /** One page of the segments' trials, segment after segment, each by trial. */
  private segmentRows(
    segments: readonly TrialSegment[],
    parameters: TrialFilterParameters & { pace: number },
    limit: number,
    offset: number,
  ): FiguresRowAtPace[] {
    let skip = offset;
    const rows: FiguresRowAtPace[] = [];
    for (const { profile_id, mode, failed, trials } of segments) {
      if (rows.length === limit) break;
      if (skip >= trials) {
        skip -= trials;
        continue;
      }
      const page = { ...parameters, profile_id, mode, failed, limit: limit - rows.length };
      rows.push(...this.selectSegmentPage.all({ ...page, offset: skip }));
      skip = 0;
    }
    return rows;
  }

  /** How many runs match the filter, all pages together. */
  countRuns(filter: RunListFilter = {}): number {
    return this.selectCount.get(filterParameters(filter))?.total ?? 0;
  }

  /** One trial's answer and reasoning text, or null when there is no such trial. */
  trialText(
    run_id: string,
    profile_id: string,
    mode: Mode,
    trial_index: number,
  ): TrialTextRow | null {
    return this.selectTrialText.get(run_id, profile_id, mode, trial_index) ?? null;
  }

  /**
   * A profile's counted trials across runs, per model, mode and series (by
   * model, stream first, runs outside any series first, then the series by
   * their first run), oldest run first: per run the trials and the ok ones,
   * and the median and p95 of the ok trials' first token (TTFT, TTFB in plain
   * mode), median gap and total. The repetitions of one series (run --repeat)
   * are a line of their own: a measurement over a day reads as one.
   */
  trend(profile_id: string): TrendSeries[] {
    interface Line {
      model: string;
      mode: Mode;
      series_id: string | null;
      label: string | null;
      runs: Map<string, TrendRow[]>;
    }
    const series = new Map<string, Line>();
    const seriesOrder: (string | null)[] = [null];
    for (const row of this.selectTrend.all(profile_id)) {
      const key = `${row.mode}\u0000${row.model}\u0000${row.series_id ?? ''}`;
      if (!seriesOrder.includes(row.series_id)) seriesOrder.push(row.series_id);
      let entry = series.get(key);
      if (!entry) {
        const { model, mode, series_id, label } = row;
        series.set(key, (entry = { model, mode, series_id, label, runs: new Map() }));
      }
      const rows = entry.runs.get(row.run_id);
      if (rows) rows.push(row);
      else entry.runs.set(row.run_id, [row]);
    }
    const ordered = [...series.values()].sort(
      (a, b) =>
        a.model.localeCompare(b.model) ||
        seriesOrder.indexOf(a.series_id) - seriesOrder.indexOf(b.series_id) ||
        MODES.indexOf(a.mode) - MODES.indexOf(b.mode),
    );
    return ordered.map(({ model, mode, series_id, label, runs }) => ({
      model,
      mode,
      series_id,
      label,
      points: [...runs.values()].map((rows) => {
        const first = rows[0] as TrendRow;
        const ok = rows.filter((r) => r.status === 'ok');
        return {
          run_id: first.run_id,
          started_at: first.started_at,
          label: first.label,
          trials: rows.length,
          ok: ok.length,
          first: figure(ok, mode === 'stream' ? 'ttft_ms' : 'first_byte_ms'),
          gap_median: mode === 'stream' ? figure(ok, 'gap_median_ms') : null,
          total: figure(ok, 'total_ms'),
        };
      }),
    }));
  }

  /**
   * Every chunk of a run, trial by trial in getRun's order. The rows are read
   * at once and each trial's timeline is decoded only when iteration reaches
   * it, so a run of 100k chunks can be streamed to a file without holding all
   * its row objects, and without keeping a statement open across the
   * caller's awaits (which would block the connection).
   */
  chunkRows(run_id: string): IterableIterator<ChunkRow> {
    const sources = this.selectChunkSources.all(run_id);
    return (function* rows(): Generator<ChunkRow> {
      for (const source of sources) {
        const { timeline, gaps_ms } = decodeTimeline(source.timeline);
        const warmup = source.warmup === 1;
        for (const [index, chunk] of timeline.chunks.entries()) {
          yield {
            run_id,
            profile_id: source.profile_id,
            profile: source.profile,
            mode: source.mode,
            trial_index: source.trial_index,
            warmup,
            chunk_index: index + 1,
            at_ms: chunk.at_ms,
            gap_ms: index === 0 ? null : (gaps_ms[index - 1] ?? null),
            kind: chunk.kind,
            chars: chunk.chars,
            bytes: chunk.bytes,
            tokens: chunk.tokens,
          };
        }
      }
    })();
  }

  /** A profile's latest ok counted trials of a mode, newest first (at most RECENT_TRIALS), for a run's estimate. */
  recentTrials(
    profile_id: string,
    mode: Mode,
  ): { total_ms: number; ttft_ms: number | null; tokens: number; at_limit: boolean }[] {
    return this.selectRecentTrials
      .all(profile_id, mode)
      .map((row) => ({ ...row, at_limit: row.at_limit === 1 }));
  }

  /** A run's record, without its trials; null when there is no such run. */
  runRecord(id: string): RunRecord | null {
    const row = this.selectRun.get(id);
    if (!row) return null;
    // A profile keeps its colour in every run: the one it has now, while it is saved.
    const profiles: ProfileSnapshot[] = this.selectRunProfiles
      .all(id)
      .map((p) => ({ ...fromProfileColumns(p.profile_id, p), color: p.live_color ?? p.color }));
    return {
      ...runFields(row),
      profiles,
      profile_failures:
        row.profile_failures === null
          ? null
          : (JSON.parse(row.profile_failures) as ProfileFailure[]),
      environment:
        row.environment === null ? null : (JSON.parse(row.environment) as RunEnvironment),
    };
  }
}

/**
 * A run's config as stored. Runs recorded before the size limits existed get
 * today's defaults for them, so that every config read back can be run again.
 */
function runConfig(json: string): RunConfig {
  const config = JSON.parse(json) as RunConfig;
  return { ...config, limits: { ...DEFAULT_RUN_LIMITS, ...config.limits } };
}

function runFields(row: RunRow): Omit<RunRecord, 'profiles' | 'profile_failures' | 'environment'> {
  return {
    id: row.id,
    config: runConfig(row.config),
    status: row.status,
    started_at: row.started_at,
    ended_at: row.ended_at,
    planned_calls: row.planned_calls,
    series_id: row.series_id,
    label: row.label,
    imported_at: row.imported_at,
  };
}

/** A trial as a table shows it: the lengths of its texts, not the texts. */
function tableRow(stored: StoredTrialFigures): TrialTableRow {
  const { text, reasoning_text, ...trial } = stored.trial;
  return {
    ...stored,
    trial: { ...trial, text_chars: text.length, reasoning_chars: reasoning_text.length },
  };
}

/**
 * Median and p95 of one metric over the rows that have it, with their n; null
 * when none has. No bootstrap: a trend of 10,000 runs would spend seconds on
 * intervals it never shows.
 */
function figure(
  rows: readonly TrendRow[],
  metric: 'ttft_ms' | 'gap_median_ms' | 'total_ms' | 'first_byte_ms',
): TrendFigure | null {
  const values = rows
    .map((row) => row[metric])
    .filter((value): value is number => value !== null && Number.isFinite(value))
    .sort((a, b) => a - b);
  if (values.length === 0) return null;
  return { n: values.length, median: quantile(values, 0.5), p95: quantile(values, 0.95) };
}

function filterParameters(filter: RunListFilter): FilterParameters {
  return {
    profile_id: filter.profile_id ?? null,
    model: filter.model ?? null,
    from: filter.from ?? null,
    to: filter.to ?? null,
    status: filter.status ?? null,
    series_id: filter.series_id ?? null,
  };
}
