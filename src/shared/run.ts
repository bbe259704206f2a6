// Profiles, runs and their progress: what the store keeps, the runs
// orchestrator executes, and the CLI and the UI show. Names follow DESIGN.md.
import type { MessageText } from './messages';
import type { RequestParams, SharedParams } from './request-params';
import type { ModeSummary } from './summary';
import type { ChunkKind, Dialect, Mode, Trial, TrialStatus } from './trial';

// Generous caps that still catch a slipped digit: a free tier would not survive 10 000 trials.
export const MAX_TRIALS = 1000;
export const MAX_TOKENS = 1_000_000;
/** A synthetic prompt's length (RunConfig.input_tokens): above the longest context windows today (1M tokens). */
export const MAX_INPUT_TOKENS = 2_000_000;
/** Input lengths of one sweep: enough points for a line, few enough that each gets its trials. */
export const MAX_INPUT_LENGTHS = 12;
/** Repetitions of one series (`run --repeat`, "repeat every"): a month of half-hourly runs, with room. */
export const MAX_REPEAT = 10_000;
/** The longest interval between a series' repetitions. */
export const MAX_REPEAT_EVERY_MS = 7 * 86_400_000;
/** A run's label: a machine or a place, on one line. */
export const MAX_LABEL_CHARS = 200;

/** A run's defaults before anyone chose: the seed article's probe, so results compare with it. */
export const DEFAULT_TRIALS = 5;
export const DEFAULT_MAX_TOKENS = 300;
export const DEFAULT_PROMPT = 'Explain, in 150 words, why free-tier LLM latency is noisy.';

/** Per-profile defaults a run starts from. */
export interface ProfileDefaults {
  max_tokens?: number;
  connect_timeout_ms?: number;
  idle_timeout_ms?: number;
  stall_ms?: number;
  deadline_ms?: number;
  /** At most this many API calls per minute (a free tier's limit): the profile's calls are spaced 60/N s apart. */
  max_rpm?: number;
}

/** Above any provider's published per-key limit: more is a slipped digit. */
export const MAX_RPM = 60_000;

/** A profile waits at most this long before its next call when a provider says when to come back (Retry-After). */
export const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
/** A Retry-After past a day is no rate limit to sit out. */
export const MAX_RETRY_WAIT_MS = 86_400_000;
/** A profile stops after this many failed trials in a row: the provider is down or refuses, and calls cost quota. */
export const DEFAULT_GIVE_UP_AFTER = 5;

/**
 * The saved profiles as runs and the demo profile read them (the store's
 * ProfilesRepository fits: it answers null for an unknown id). Here, below
 * both, so that neither imports the other for it.
 */
export interface ProfileLookup {
  get(id: string): Profile | null | undefined;
}

/** A saved endpoint. Never holds the key: that lives in the OS keychain under the profile's id. */
export interface Profile {
  id: string;
  name: string;
  base_url: string;
  model: string;
  dialect: Dialect;
  headers: Record<string, string>;
  defaults: ProfileDefaults;
  /**
   * What each request says besides the prompt: system prompt, sampling,
   * reasoning effort, the token limit's name, an extra body (request-params.ts).
   * Empty for a profile saved before LastToken sent any (schema version 14).
   */
  params: RequestParams;
  notes: string;
  /** The user confirmed sending this profile's key over plain http to a host that is not loopback. */
  allow_insecure_key: boolean;
  /** The header that carries the key; null: the dialect's (Authorization for openai-chat, x-api-key for anthropic-messages). */
  key_header: string | null;
  /** What precedes the key in key_header's value, verbatim ("Bearer " with its space); null: nothing. */
  key_prefix: string | null;
  /** Extra query parameters added to every request's URL (an api-version, say); never keys. */
  query: Record<string, string>;
  /** The environment variable the key is taken from at run time (its name, never its value); it wins over the keychain. */
  key_env: string | null;
  /**
   * Whether the OS keychain holds a key for the profile (a flag, never the key):
   * a profile without one never asks the keychain. Null for a profile saved
   * before LastToken kept the flag: its keychain is asked.
   */
  has_key: boolean | null;
  /** How requests reach the endpoint: PROXY_MODES. */
  proxy_mode: ProxyMode;
  /** proxy_mode 'url': the proxy, without credentials; else null. */
  proxy_url: string | null;
  /** The OS keychain holds credentials for proxy_url (never stored here). */
  proxy_auth: boolean;
  /** The built-in "Demo (simulated)" profile. */
  builtin: boolean;
  /**
   * Its colour wherever it is drawn, in every run and chart: a slot of the
   * palette (0 to PROFILE_COLORS − 1; styles.css, --series-N), chosen when it
   * is saved and kept until the user picks another.
   */
  color: number;
  created_at: string;
  updated_at: string;
}

/** The palette's slots: distinguishable for colour-blind readers in both themes (shared/theme.css). */
export const PROFILE_COLORS = 8;

/**
 * The colour for a new profile: the slot fewest profiles have (the lowest of
 * those), so that the profiles compared together differ for as long as the
 * palette lasts.
 */
export function freeProfileColor(taken: readonly number[]): number {
  const counts = Array.from(
    { length: PROFILE_COLORS },
    (_, slot) => taken.filter((color) => color === slot).length,
  );
  return counts.indexOf(Math.min(...counts));
}

/**
 * `env`: the environment's proxy (HTTPS_PROXY, ALL_PROXY, NO_PROXY... as curl
 * reads them); `direct`: no proxy whatever the environment says; `url`: the
 * profile's own proxy.
 */
export const PROXY_MODES = ['env', 'direct', 'url'] as const;
export type ProxyMode = (typeof PROXY_MODES)[number];

/**
 * What a profile says about its requests when it says nothing: the dialect's
 * key header, no query, the environment's proxy, no request parameters.
 */
export const DEFAULT_REQUEST_SHAPE = {
  key_header: null,
  key_prefix: null,
  query: {},
  key_env: null,
  proxy_mode: 'env',
  proxy_url: null,
  params: {},
} as const satisfies Pick<
  Profile,
  'key_header' | 'key_prefix' | 'query' | 'key_env' | 'proxy_mode' | 'proxy_url' | 'params'
>;

/** Proxy schemes a profile may name. */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks5h:'] as const;

/** What the keychain knows about a profile, kept as flags: set by storing or removing a key or proxy credentials. */
export type ProfileSecretFlags = Pick<Profile, 'has_key' | 'proxy_auth'>;

export type ProfileInput = Omit<
  Profile,
  'id' | 'builtin' | 'created_at' | 'updated_at' | 'color' | keyof ProfileSecretFlags
> & {
  /** Absent: freeProfileColor of the saved profiles' (a new one), or the one it has (an edit). */
  color?: number;
};

/**
 * What one trial may take: its timeouts, and the sizes that bound its memory
 * whatever a server sends. Passing a size limit ends the trial as a
 * `protocol_error` that names the limit, with every timing measured so far.
 */
export interface RunLimits {
  /** DNS + TCP + the proxy's tunnel + TLS. */
  connect_timeout_ms: number;
  /**
   * No bytes at all for this long ends the trial (`idle_timeout`). A plain
   * request is silent while the server generates, so there it counts from the
   * first byte; the deadline bounds the wait before it.
   */
  idle_timeout_ms: number;
  /** No content for this long after it began, while the connection stays alive, sets `stalled`. */
  stall_ms: number;
  /**
   * Like stall_ms, a threshold of derived figures only: the reading pace
   * (tokens/s) the trials' reader metrics are computed at. Absent in runs made
   * before it existed, and then DEFAULT_READER_PACE_TPS.
   */
  reader_pace_tps?: number;
  /** Overall cap on one trial (`deadline`). */
  deadline_ms: number;
  /** One SSE event (its lines up to the blank line that ends it), or a whole non-stream answer. */
  max_event_bytes: number;
  /** One response's body, counted after decompression (a small gzip body can decode to gigabytes). */
  max_response_bytes: number;
  /** Content and reasoning text kept per trial, in UTF-16 code units as `chars` counts them. */
  max_text_chars: number;
}

/**
 * Far above what a real answer needs: the longest answers models give today
 * are a few hundred thousand characters, sent in events of a few hundred
 * bytes (a buffered proxy may send the whole answer as one event).
 */
export const DEFAULT_RUN_LIMITS: RunLimits = {
  connect_timeout_ms: 10_000,
  idle_timeout_ms: 30_000,
  stall_ms: 15_000,
  deadline_ms: 300_000,
  max_event_bytes: 16 * 1024 * 1024,
  max_response_bytes: 256 * 1024 * 1024,
  max_text_chars: 1_000_000,
};

export const TIME_LIMITS = [
  'connect_timeout_ms',
  'idle_timeout_ms',
  'stall_ms',
  'deadline_ms',
] as const;
export const SIZE_LIMITS = ['max_event_bytes', 'max_response_bytes', 'max_text_chars'] as const;

/** What the user asked for. */
export interface RunConfig {
  prompt: string;
  max_tokens: number;
  modes: Mode[];
  /** Trials per profile and mode. */
  trials: number;
  profile_ids: string[];
  limits: RunLimits;
  reuse_connection: boolean;
  /**
   * One warm-up trial per profile and mode before the counted ones (trial_index
   * 0): measured and kept, not counted. Per mode, because the stream and plain
   * paths of a provider can differ (routing, caches, the stream_options probe).
   */
  warmup: boolean;
  /**
   * The longest wait a Retry-After may impose before a profile's next call
   * (DEFAULT_MAX_RETRY_WAIT_MS when absent); 0: never wait for it. Absent in
   * runs saved before it existed, so optional.
   */
  max_retry_wait_ms?: number;
  /** A profile stops after this many failed trials in a row (DEFAULT_GIVE_UP_AFTER when absent); 0: never. */
  give_up_after?: number;
  /** Sent by every profile, winning over the profile's own (effectiveParams); absent: none. */
  params?: SharedParams;
  /**
   * Send a synthetic prompt of this many input tokens (o200k_base): filler,
   * then `prompt` as its question (src/main/prompts). A list is a sweep: each
   * length is a group of `trials` trials per mode (inputLengths). Absent:
   * `prompt` as it is.
   */
  input_tokens?: number | number[];
  /**
   * What the provider's prompt cache may serve (CACHE_POLICIES). Absent in
   * runs made before LastToken chose: their trials sent identical prompts, unprimed.
   */
  cache?: CachePolicy;
}

/**
 * `cold`: each trial's prompt starts with a short marker of its own, so no
 * two trials share a prefix a cache could serve. `warm`: identical prompts,
 * and the warm-ups (measured, kept, not counted), which a warm run must have,
 * prime the cache first.
 */
export const CACHE_POLICIES = ['cold', 'warm'] as const;
export type CachePolicy = (typeof CACHE_POLICIES)[number];
export const DEFAULT_CACHE_POLICY: CachePolicy = 'cold';

/** The input lengths a run sends, in the order given; empty when it sends its prompt as it is. */
export function inputLengths(config: Pick<RunConfig, 'input_tokens'>): readonly number[] {
  const lengths = config.input_tokens;
  if (lengths === undefined) return [];
  return typeof lengths === 'number' ? [lengths] : lengths;
}

/** A profile as it was when a run started (without key), kept with the run. */
export type ProfileSnapshot = Omit<Profile, 'created_at' | 'updated_at'>;

/**
 * `completed`: every profile ran its plan (some may have failed: see the run's
 * events). `cancelled`: by the user. `interrupted`: stopped before its end by
 * something else: the process died mid-run (marked at the next open),
 * saving a trial failed, or the measuring thread died.
 */
export const RUN_STATUSES = ['running', 'completed', 'cancelled', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export interface RunRecord {
  id: string;
  config: RunConfig;
  profiles: ProfileSnapshot[];
  status: RunStatus;
  started_at: string;
  ended_at: string | null;
  /** API calls the plan announced before the run started. */
  planned_calls: number;
  /** Shared by the repetitions of one repeated run (`run --repeat`, the app's "repeat every"); null for a run on its own. */
  series_id: string | null;
  /** Where the run was measured (a machine, a city): `run --label`, or given at import. */
  label: string | null;
  /** When the run came into this history from a run file; null for a run measured here. */
  imported_at: string | null;
  /**
   * Why profiles made fewer calls than planned, in the order it happened, as
   * the live run said it (RunOutcome.failures). Null for a run stored before
   * LastToken kept them (schema version 8): why is not known.
   */
  profile_failures: ProfileFailure[] | null;
  /**
   * The LastToken and the machine that measured it, taken when it started:
   * an imported run keeps its own. Null for a run stored before LastToken
   * kept it (schema version 18).
   */
  environment: RunEnvironment | null;
}

/**
 * What measured a run, as a report shares it: the build and the machine's
 * kind, never who or which one (no host or user name).
 */
export interface RunEnvironment {
  /** package.json's version. */
  lasttoken_version: string;
  /** Node's process.platform ("linux", "darwin", "win32"), os.release() and process.arch. */
  os: { platform: string; release: string; arch: string };
  /** Logical CPUs, and the first one's model as the OS names it ("" when it names none). */
  cpus: { count: number; model: string };
  /** What ran LastToken: "Node 20.20.2", or "Electron 45.5.0" in the app. */
  runtime: string;
}

/** Kernels by the names uname gives them: Darwin's release is the kernel's, not macOS's. */
const SYSTEM_NAMES = new Map([
  ['linux', 'Linux'],
  ['darwin', 'Darwin'],
  ['win32', 'Windows'],
]);

/** "Linux 6.1.0 (x64)": proper names and numbers, the same in every language. */
export function osText(os: RunEnvironment['os']): string {
  const name = SYSTEM_NAMES.get(os.platform) ?? os.platform;
  return `${os.release === '' ? name : `${name} ${os.release}`} (${os.arch})`;
}

/** What a run is tagged with when it starts: its series, and where it is measured. */
export type RunTags = Pick<RunRecord, 'series_id' | 'label'>;

/** One trial as stored: the engine's Trial plus where it belongs. */
export interface StoredTrial {
  run_id: string;
  profile_id: string;
  /** 1-based sequence within the profile's trials of that mode; 0 is the warm-up. */
  trial_index: number;
  warmup: boolean;
  trial: Trial;
}

export interface RunPlan {
  /**
   * Every API call the run will make, warm-ups included. A few more per profile
   * are possible: an endpoint that rejects stream_options is asked once again
   * without it, and one that refuses its token limit's name, with the other name.
   */
  calls: number;
  /** Of `calls`, the warm-ups (measured and kept, not counted). */
  warmup_calls: number;
  /**
   * `min_ms`: the least time the profile's calls take because of its pacing
   * (defaults.max_rpm): (calls − 1) × 60/N s; 0 when it is not paced.
   */
  per_profile: { profile_id: string; calls: number; min_ms: number }[];
  /** Profiles run side by side: the run takes at least its slowest paced profile's min_ms. */
  min_duration_ms: number;
}

/** Why a profile of a run made no (further) trials. */
export type ProfileFailureReason =
  /** Its key or proxy credentials could not be had: the OS keychain failed, or its key variable is not set. */
  | 'key_unavailable'
  /** Its endpoint cannot be probed as configured (bad URL, key over plain http...). */
  | 'profile_config'
  /** It failed RunConfig.give_up_after trials in a row and made no further calls. */
  | 'gave_up'
  /** Anything else that stopped its trials (a bug): the other profiles go on. */
  | 'internal';

export interface ProfileFailure {
  profile_id: string;
  reason: ProfileFailureReason;
  /** For people, in English (the CLI, logs); never contains the API key. */
  message: string;
  /** The same as a catalogue message, for the renderer's language; absent in runs saved before it. */
  text?: MessageText;
}

/** A profile holding its next call back, and why. */
export interface ProfileWait {
  profile_id: string;
  /** `pacing`: its defaults.max_rpm; `rate_limit`: the provider's Retry-After. */
  reason: 'pacing' | 'rate_limit';
  /** From now until its next call may start. */
  wait_ms: number;
  /** rate_limit: the seconds the provider asked for; null for pacing. */
  retry_after_s: number | null;
  /** rate_limit: the provider asked for longer than RunConfig.max_retry_wait_ms, which `wait_ms` keeps to. */
  capped: boolean;
}

/** How a run ended: what `done` resolves with. */
export interface RunOutcome {
  run_id: string;
  /** `cancelled` by the user; `interrupted` when saving failed and the run stopped. */
  status: RunStatus;
  ended_at: string;
  /** Trials handed to the sink successfully, warm-ups included. */
  saved_trials: number;
  /** Trials cut short by cancel (not measurements, not saved). */
  dropped_trials: number;
  /** Profiles that could not be measured (the others were). */
  failures: ProfileFailure[];
  /** Failures of the sink (saving a trial, finishing the run). */
  errors: string[];
}

export type RunEvent =
  | { type: 'run_started'; run_id: string; plan: RunPlan }
  | {
      type: 'trial_started';
      run_id: string;
      profile_id: string;
      mode: Mode;
      trial_index: number;
      warmup: boolean;
    }
  | {
      type: 'trial_progress';
      run_id: string;
      profile_id: string;
      mode: Mode;
      trial_index: number;
      warmup: boolean;
      chunks: number;
      chars: number;
      /** Counted so far when the run counts live (RunDeps.liveTokens), else null. */
      tokens: number | null;
      /** [ms since t0, tokens by then] of the chunks counted since the previous event. */
      points: [number, number][];
    }
  | {
      type: 'trial_finished';
      run_id: string;
      profile_id: string;
      mode: Mode;
      trial_index: number;
      warmup: boolean;
      status: TrialStatus;
      trial: Trial;
      /** False for a trial cut short by cancel: not a measurement, not saved. */
      saved: boolean;
    }
  /** A profile could not be measured; the rest of the run goes on. */
  | ({ type: 'profile_failed'; run_id: string } & ProfileFailure)
  /** A profile waits before its next call (pacing, or a rate limit); its trial_started ends the wait. */
  | ({ type: 'profile_waiting'; run_id: string } & ProfileWait)
  /** Saving failed, or the measuring thread died: the run stops and ends `interrupted`. */
  | { type: 'run_error'; run_id: string; message: string }
  | { type: 'run_finished'; run_id: string; status: RunStatus; outcome: RunOutcome };

// ---------------------------------------------------------------------------
// The history, as the store's queries return it (src/main/store/history-queries.ts).

/** Runs list filter. `from` is inclusive, `to` exclusive: ISO 8601 instants compared with started_at. */
export interface RunListFilter {
  profile_id?: string;
  model?: string;
  from?: string;
  to?: string;
  status?: RunStatus;
  /** The repetitions of one series. */
  series_id?: string;
  /** By start time: newest first (the default) or oldest first. */
  order?: RunListOrder;
  /** Default 50. */
  limit?: number;
  offset?: number;
}

export const RUN_LIST_ORDERS = ['newest', 'oldest'] as const;
export type RunListOrder = (typeof RUN_LIST_ORDERS)[number];

/** One line of the runs list, newest first. */
export interface RunListItem {
  id: string;
  status: RunStatus;
  started_at: string;
  ended_at: string | null;
  planned_calls: number;
  series_id: string | null;
  label: string | null;
  imported_at: string | null;
  config: RunConfig;
  /** As the run's snapshot has them, in the run's order. */
  profiles: { id: string; name: string; model: string }[];
  /** Counted trials saved (warm-ups excluded), of which `ok` succeeded and `failed` did not. */
  trials: number;
  ok: number;
  failed: number;
  /**
   * A profile of it measured nothing or mostly failed, or stopped early
   * (hidesFailures): a completed run that is not all green.
   */
  with_failures: boolean;
}

/** A profile's name as the run's snapshot has it; its id for one the snapshot lacks. */
export function profileNameOf(run: Pick<RunRecord, 'profiles'>, id: string): string {
  return run.profiles.find((p) => p.id === id)?.name ?? id;
}

/** One run with its trials and a summary per profile × mode. */
export interface RunDetail {
  run: RunRecord;
  /** By profile in the run's order, then in the order they were saved. */
  trials: StoredTrial[];
  /** Keyed by profile id: summarize() over its counted trials, endpoint = the profile's name. */
  summaries: Record<string, ModeSummary[]>;
}

/** One chunk of a trial's timeline, for the chunks CSV and the histogram. */
export interface ChunkRow {
  run_id: string;
  profile_id: string;
  /** The profile's name in the run's snapshot. */
  profile: string | null;
  mode: Mode;
  trial_index: number;
  warmup: boolean;
  /** 1-based, like trial_index. */
  chunk_index: number;
  at_ms: number;
  /** Arrival difference to the previous chunk; null for the first. */
  gap_ms: number | null;
  kind: ChunkKind;
  chars: number;
  bytes: number;
  tokens: number;
}
