// What the app's API answers and pushes, besides the history types of run.ts:
// settings, key status, connection tests, model lists, plans, live run events
// and chart data. Pure types, shared by main (which produces them), the
// preload, the browser-mode client and the renderer.

import type {
  ProfileFailureReason,
  ProfileWait,
  RunListItem,
  RunOutcome,
  RunPlan,
  RunRecord,
  RunStatus,
  StoredTrial,
} from './run';
import type { MessageText } from './messages';
import type { RunDigest } from './run-digest';
import type { RunPairDifference } from './run-pair';
import type { Mode, SummaryMetric, Trial, TrialStatus } from './trial';
import type { TrialOrder, TrialSort } from './trial-order';

// ---------------------------------------------------------------------------
// Results and errors

/** Why a call failed, for people (`message`) and for the UI (`code`, `field`). */
export type ApiErrorCode =
  /** The input failed the contract's schema. */
  | 'invalid_input'
  /** The service refused the input: `field` names the field at fault when there is one. */
  | 'invalid'
  | 'not_found'
  /** The OS keychain cannot be used; profiles that keep no key in it still work. */
  | 'keychain_unavailable'
  /** The history file cannot be written (read-only, a full disk...). */
  | 'storage'
  /** The provider refused or failed (a model list, say): the message quotes it, without the key. */
  | 'provider'
  /** The caller is not allowed (a foreign sender, a missing or wrong token). */
  | 'refused'
  /** A bug in LastToken: the message says what failed. */
  | 'internal';

export interface ApiError {
  code: ApiErrorCode;
  /** In English: for the CLI, logs, and a message the catalogue does not hold. */
  message: string;
  /** The input field the message is about (`base_url`, `name`...), when there is one. */
  field?: string;
  /** The message as a catalogue key, which the renderer words in the reader's language. */
  text?: MessageText;
  /** Every field at fault when there are several, each with its message (`field` is the first's). */
  issues?: FieldIssue[];
}

/** One field's refusal among several. */
export interface FieldIssue {
  field: string;
  message: string;
  text?: MessageText;
}

/**
 * Every call answers with one of these: errors travel as data, because
 * Electron's IPC and contextBridge keep only an Error's message.
 */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

// ---------------------------------------------------------------------------
// Settings

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** What a new run starts from in the UI. */
export interface RunDefaults {
  trials: number;
  max_tokens: number;
  prompt: string;
  connect_timeout_ms: number;
  idle_timeout_ms: number;
  stall_ms: number;
  deadline_ms: number;
  warmup: boolean;
  /** RunConfig.max_retry_wait_ms: the longest wait for a Retry-After (0: never wait). */
  max_retry_wait_ms: number;
  /** RunConfig.give_up_after: failed trials in a row after which a profile stops (0: never). */
  give_up_after: number;
}

export interface Settings {
  language: Language;
  theme: Theme;
  run_defaults: RunDefaults;
  /**
   * The reading pace (tokens/s) of the reader metrics: new runs store theirs
   * at it, and results and comparisons are shown at it (recomputed from the
   * timelines for runs stored at another).
   */
  reader_pace_tps: number;
}

export interface SettingsView extends Settings {
  /** Where the history is kept (read-only: the CLI's --db / LASTTOKEN_DB choose another). */
  database_path: string;
}

// ---------------------------------------------------------------------------
// Keys, connection tests, models

/** Whether a profile has a key in the OS keychain: never the key itself. */
export type KeyStatus =
  | { state: 'stored' }
  | { state: 'none' }
  /** The keychain cannot be asked; `reason` is its one-line explanation. */
  | { state: 'unavailable'; reason: string };

export interface ConnectionTest {
  status: TrialStatus;
  http_status: number | null;
  /** Stream mode: the first token's arrival. */
  ttft_ms: number | null;
  total_ms: number | null;
  /** The provider's message when it failed; null when it answered. */
  message: string | null;
  /** The start of the answer, when there was one. */
  answer: string | null;
  /** Whether the request carried a key: an ok test without one says nothing of a key. */
  key_sent: boolean;
}

/** A profile's last connection test, as kept: when, and how it ended. */
export interface ProfileCheck {
  profile_id: string;
  checked_at: string;
  status: TrialStatus;
  http_status: number | null;
  /** The provider's message when it failed. */
  message: string | null;
}

export interface ModelInfo {
  id: string;
  /** The provider's display name, when it gives one. */
  name: string | null;
  /**
   * True when the provider says the model costs nothing (a `:free` id, zero
   * pricing), false when it gives a price; null when it says nothing (most providers).
   */
  free: boolean | null;
  context_length: number | null;
  /** Who publishes it, when the provider says (OpenAI's `owned_by`). */
  owner: string | null;
}

export interface ModelList {
  /** The URL that was asked. */
  url: string;
  models: ModelInfo[];
}

// ---------------------------------------------------------------------------
// Runs

export interface RunPlanView {
  /** Null when the run cannot start: `problems` says why. */
  plan: RunPlan | null;
  problems: string[];
  /** Of plan.calls, those that go to real providers (not the built-in demo): free tiers count them. */
  real_provider_calls: number;
  /** How long the run will take, roughly; null when it cannot start. */
  estimate: DurationEstimate | null;
}

/** A profile's trials one after another: from its recent trials' median total_ms, or assumed. */
export interface ProfileDurationEstimate {
  profile_id: string;
  ms: number;
  /** `history`: from the profile's recent ok trials (n of them); `assumed`: none in a mode it runs. */
  basis: 'history' | 'assumed';
  n: number;
}

/** The profiles run side by side: the run takes as long as the slowest. */
export interface DurationEstimate {
  ms: number;
  per_profile: ProfileDurationEstimate[];
}

/** A finished trial's main figures, as live events carry them. */
export interface TrialBrief {
  status: TrialStatus;
  error: string | null;
  http_status: number | null;
  ttft_ms: number | null;
  ttfo_ms: number | null;
  first_byte_ms: number | null;
  last_token_ms: number | null;
  total_ms: number | null;
  tokens: number;
  chunks: number;
  gap_median_ms: number | null;
  gap_p95_ms: number | null;
  max_silence_ms: number | null;
  pings: number;
  e2e_tps: number | null;
  decode_tps: number | null;
  tokens_per_chunk_mean: number | null;
}

/** [ms since the trial's t0, tokens received by then]. */
export type ArrivalPoint = [at_ms: number, tokens: number];

/** Where a trial is in its schedule. */
export interface TrialPosition {
  profile_id: string;
  mode: Mode;
  trial_index: number;
  warmup: boolean;
}

/** One trial among a run's, as a key: a profile measures each mode and index once (warm-ups are index 0). */
export const trialKey = (t: Pick<TrialPosition, 'profile_id' | 'mode' | 'trial_index'>): string =>
  `${t.profile_id}\u0000${t.mode}\u0000${t.trial_index}`;

/** A running trial as far as it got. */
export interface LiveTrial extends TrialPosition {
  chunks: number;
  chars: number;
  /** Exact, as of the last count (counting runs a little behind the stream). */
  tokens: number;
  /**
   * Cumulative tokens at each chunk counted: in runsLive, all so far (thinned
   * when long); in a run_progress event, those since the trial's previous one.
   */
  points: ArrivalPoint[];
}

export interface FinishedTrial extends TrialPosition {
  brief: TrialBrief;
  /** False for a trial cut short by cancel: not a measurement, not saved. */
  saved: boolean;
  /** The whole arrival series, thinned beyond ~2,000 points (stream mode). */
  points: ArrivalPoint[];
}

/** A profile holding its next call back (pacing, a rate limit), until a moment a page can count down to. */
export interface LiveWait extends ProfileWait {
  /** Wall clock (ms since the epoch) when its next call may start. */
  until: number;
}

/** A run this process is running, as far as it got: what a page opened mid-run starts from. */
export interface LiveRun {
  record: RunRecord;
  plan: RunPlan;
  running: LiveTrial[];
  finished: FinishedTrial[];
  failures: { profile_id: string; reason: ProfileFailureReason; message: string }[];
  /** Profiles waiting before their next call now. */
  waits: LiveWait[];
  errors: string[];
}

/** Runs repeated while the app stays open ("repeat every"), as far as they got. */
export interface SeriesView {
  series_id: string;
  label: string | null;
  /** Runs in all. */
  count: number;
  /** From one repetition's start to the next's; 0: each right after the previous. */
  every_ms: number;
  /** 1-based: the repetition running, or the last one started. */
  repetition: number;
  /** The run in progress; null while waiting and once ended. */
  run_id: string | null;
  /** Every run of the series so far, oldest first. */
  run_ids: string[];
  /** Repetitions that did not complete cleanly (or could not start). */
  failed: number;
  state: 'running' | 'waiting' | 'finished' | 'cancelled';
  /** While waiting: when the next repetition starts (ISO 8601). */
  next_at: string | null;
  /** While waiting: the last repetition took longer than every_ms, so the next starts at once. */
  late: boolean;
}

/** What an import of run files did: the runs added, and those this history had already. */
export interface RunImportView {
  added: { path: string; run_id: string; label: string | null }[];
  skipped: { path: string; run_id: string }[];
}

export type AppEvent =
  | { type: 'run_started'; run_id: string; plan: RunPlan; record: RunRecord }
  /** A series of repeated runs changed: a repetition started or ended, a wait began, the series ended. */
  | { type: 'series_progress'; /** The series' latest run. */ run_id: string; series: SeriesView }
  | ({ type: 'trial_started'; run_id: string } & TrialPosition)
  /** Every running trial's progress, at most 10 per second per run. */
  | { type: 'run_progress'; run_id: string; trials: LiveTrial[] }
  | ({ type: 'trial_finished'; run_id: string } & FinishedTrial)
  | {
      type: 'profile_failed';
      run_id: string;
      profile_id: string;
      reason: ProfileFailureReason;
      message: string;
    }
  /** A profile waits before its next call; its next trial_started ends the wait. */
  | ({ type: 'profile_waiting'; run_id: string } & LiveWait)
  | { type: 'run_error'; run_id: string; message: string }
  | { type: 'run_finished'; run_id: string; status: RunStatus; outcome: RunOutcome };

// ---------------------------------------------------------------------------
// History

export interface RunListPage {
  runs: RunListItem[];
  /** Runs that match the filter, all pages together. */
  total: number;
}

/** A stored trial without its raw timeline and texts: the run view's rows. */
export type TrialRow = Omit<StoredTrial, 'trial'> & {
  trial: Omit<Trial, 'timeline' | 'gaps_ms' | 'text' | 'reasoning_text'> & {
    text_chars: number;
    reasoning_chars: number;
  };
};

/**
 * A stored run as its page shows it: the record and the digest, at the
 * setting's reading pace. Its trials are not in it (a run may have 100,000):
 * historyTrials pages through them.
 */
export interface RunView extends RunDigest {
  run: RunRecord;
}

/** Which of a run's trials a page lists; `failed`: every status but ok. */
export interface TrialListFilter {
  profile_id?: string | undefined;
  mode?: Mode | undefined;
  status?: TrialStatus | 'failed' | undefined;
  order?: TrialOrder | undefined;
  sort?: TrialSort | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** One page of a run's trials in the filter's order (shared/trial-order.ts). */
export interface TrialPage {
  /** Their reader metrics at the setting's pace (recomputed when stored at another). */
  trials: TrialRow[];
  /** Trials that match the filter, all pages together. */
  total: number;
}

export interface TrialText {
  text: string;
  reasoning_text: string;
}

/** median and p95 of one metric over a run's ok counted trials, with their n. */
export interface TrendFigure {
  n: number;
  median: number;
  p95: number;
}

export interface TrendPointView {
  run_id: string;
  started_at: string;
  /** Where the run was measured (RunRecord.label). */
  label: string | null;
  /** Counted trials, and those that were ok. */
  trials: number;
  ok: number;
  /** TTFT in stream mode, TTFB in plain mode. */
  first: TrendFigure | null;
  gap_median: TrendFigure | null;
  total: TrendFigure | null;
}

/** One model and mode of a profile across runs, oldest first: the runs of one series (run --repeat) apart. */
export interface TrendSeries {
  model: string;
  mode: Mode;
  /** The repetitions of this series; null: the runs outside any series. */
  series_id: string | null;
  /** The series' label (that of its first run); null for the runs outside any series. */
  label: string | null;
  points: TrendPointView[];
}

export interface RunComparison {
  a: RunView;
  b: RunView;
  /** B − A per profile both ran, mode and figure, with its interval and verdict (run-pair.ts). */
  differences: RunPairDifference[];
}

// ---------------------------------------------------------------------------
// Chart data, computed in main from a stored run

export interface ArrivalSeries extends TrialPosition {
  status: TrialStatus;
  points: ArrivalPoint[];
  /** Keep-alive pings (ms since t0), at most 1,000. */
  pings: number[];
  /** Longest stretch without content, when it passed the stall limit: [from, to] ms. */
  stall: [number, number] | null;
  /** A stream's wait for its first token, [0, TTFT] ms, when it lasted the stall limit or longer: never a stall. */
  wait: [number, number] | null;
  /**
   * A rebuffered trial's bursts, at most 1,000: each read that brought
   * REBUFFER_EVENTS_PER_READ content events or more, as [at ms, tokens so
   * far, events]. Empty when the trial was not rebuffered.
   */
  bursts: [number, number, number][];
}

export interface HistogramBin {
  /** Lower edge (inclusive). */
  from: number;
  /** Upper edge (exclusive); from + 1 for whole-number bins. */
  to: number;
  count: number;
  /** count / all chunks of the series. */
  share: number;
}

export interface ChunkHistogram {
  profile_id: string;
  mode: Mode;
  chunks: number;
  tokens: HistogramBin[];
  chars: HistogramBin[];
}

/** Where one trial's time went, in ms: the segments add up to its total. */
export interface PhaseBreakdown {
  dns_ms: number;
  connect_ms: number;
  /** Getting the tunnel through a proxy (0 when direct). */
  proxy_ms: number;
  tls_ms: number;
  /** From the connection being ready to the response headers. */
  wait_headers_ms: number;
  /** From the headers to the first token (stream) or the first body byte (plain). */
  wait_first_token_ms: number;
  /** From the first token to the last (stream); the body's arrival (plain). */
  streaming_ms: number;
  /** From the last token to the end of the response. */
  tail_ms: number;
}

export interface PhaseMedians {
  profile_id: string;
  mode: Mode;
  /** ok counted trials. */
  n: number;
  phases: PhaseBreakdown;
}

/** The values behind one box: every ok counted trial's value, and the box's five numbers. */
export interface BoxSeries {
  profile_id: string;
  mode: Mode;
  metric: SummaryMetric;
  values: number[];
  /** Null when there are no values. */
  box: { min: number; q1: number; median: number; q3: number; max: number } | null;
}

/**
 * What a run's charts draw: aggregates of its trials, and a line per trial
 * for the timeline. A long run's timeline has the lines of one round in
 * `arrival_every` (1: every trial's), the same rounds for every profile.
 */
export interface RunCharts {
  run_id: string;
  arrivals: ArrivalSeries[];
  arrival_every: number;
  histograms: ChunkHistogram[];
  phase_medians: PhaseMedians[];
  boxes: BoxSeries[];
}

// ---------------------------------------------------------------------------
// Export

export const CSV_KINDS = ['summary', 'trials', 'chunks', 'comparisons'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

/** A report: one self-contained HTML file, or its verdicts, findings and tables as Markdown. */
export const REPORT_FORMATS = ['html', 'md'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** A report is drawn in one theme: a file cannot follow the system's. */
export const REPORT_THEMES = ['light', 'dark'] as const;
export type ReportTheme = (typeof REPORT_THEMES)[number];

export interface ExportResult {
  /** False when the user closed the save dialog. */
  saved: boolean;
  /** The file name offered (says the run and the kind). */
  file_name: string;
  /** Where it was written; null in a browser, which chose itself. */
  path: string | null;
  bytes: number;
}
