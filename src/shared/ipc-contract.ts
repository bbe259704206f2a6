// The one list of everything the renderer may ask the main process to do.
// Main registers a handler per method (a missing one is a compile error), the
// preload exposes one function per method, the browser-mode client one HTTP
// call per method, and the renderer sees the same typed API either way.
// Inputs cross a trust boundary, so each has a zod schema that main checks.

import { z } from 'zod';
import {
  CSV_KINDS,
  LANGUAGES,
  REPORT_FORMATS,
  REPORT_THEMES,
  THEMES,
  type ApiResult,
  type AppEvent,
  type ConnectionTest,
  type ProfileCheck,
  type ExportResult,
  type KeyStatus,
  type LiveRun,
  type ModelList,
  type RunCharts,
  type RunComparison,
  type RunListPage,
  type RunPlanView,
  type RunImportView,
  type RunView,
  type SeriesView,
  type SettingsView,
  type TrendSeries,
  type TrialPage,
  type TrialText,
} from './api';
import {
  CACHE_POLICIES,
  DEFAULT_CACHE_POLICY,
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_RUN_LIMITS,
  MAX_RETRY_WAIT_MS,
  MAX_LABEL_CHARS,
  MAX_REPEAT,
  MAX_REPEAT_EVERY_MS,
  MAX_RPM,
  MAX_TOKENS,
  MAX_TRIALS,
  PROFILE_COLORS,
  PROXY_MODES,
  RUN_LIST_ORDERS,
  RUN_STATUSES,
  type Profile,
} from './run';
import { inputTokensSchema } from './input-lengths';
import type { ProviderPreset } from './presets';
import { requestParamsSchema, sharedParamsSchema } from './request-params';
import { MAX_READER_PACE_TPS, MIN_READER_PACE_TPS } from './reader';
import { DIALECTS, MODES, TRIAL_STATUSES } from './trial';
import { SORT_DIRECTIONS, TRIAL_ORDERS, TRIAL_SORT_FIGURES } from './trial-order';
import { IPC_CHANNELS, type Channel, type IpcMethodName as ChannelName } from './ipc-channels';

export { CHANNEL_PREFIX, EVENT_CHANNEL, IPC_CHANNELS, type Channel } from './ipc-channels';

/**
 * Carries a method's result type. It has no runtime value: results come from
 * main's handlers, which are compiled against it.
 */
export interface Returns<T> {
  readonly __result?: T;
}

function returns<T>(): Returns<T> {
  return {};
}

export interface IpcMethod {
  readonly channel: Channel;
  readonly input: z.ZodType;
  readonly result: Returns<unknown>;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** Null when the services run in plain Node (browser mode, tests), not under Electron. */
  electron: string | null;
  node: string;
  /** How the renderer reaches main: Electron's IPC, or HTTP in browser mode. */
  transport: 'ipc' | 'http';
}

/** A removed profile, and whether its key could be removed from the keychain too. */
export interface RemovedProfileView {
  profile: Profile;
  key_removed: boolean;
  warning: string | null;
}

// ---------------------------------------------------------------------------
// Input schemas. Bounds are generous; the services check meaning (a URL that
// resolves, a name that is free) and say which field is at fault.

const empty = z.strictObject({});
const id = z.string().min(1).max(200);
const text = (max: number) => z.string().max(max);
const ms = z.number().positive().max(86_400_000);
const readerPace = z.number().min(MIN_READER_PACE_TPS).max(MAX_READER_PACE_TPS);

const profileDefaults = z.strictObject({
  max_tokens: z.int().min(1).max(MAX_TOKENS).optional(),
  connect_timeout_ms: ms.optional(),
  idle_timeout_ms: ms.optional(),
  stall_ms: ms.optional(),
  deadline_ms: ms.optional(),
  max_rpm: z.int().min(1).max(MAX_RPM).optional(),
});

const profileDraft = z.strictObject({
  name: text(1000),
  base_url: text(4000),
  model: text(1000),
  dialect: z.enum(DIALECTS).optional(),
  headers: z.record(z.string().max(200), z.string().max(8000)).optional(),
  defaults: profileDefaults.optional(),
  params: requestParamsSchema.optional(),
  notes: text(20_000).optional(),
  allow_insecure_key: z.boolean().optional(),
  key_header: text(200).nullable().optional(),
  key_prefix: text(200).nullable().optional(),
  query: z.record(z.string().max(1000), z.string().max(1000)).optional(),
  key_env: text(200).nullable().optional(),
  proxy_mode: z.enum(PROXY_MODES).optional(),
  proxy_url: text(4000).nullable().optional(),
  color: z
    .int()
    .min(0)
    .max(PROFILE_COLORS - 1)
    .optional(),
  // Write-only: stored in the keychain, never returned (a profile says only proxy_auth).
  proxy_credentials: z
    .strictObject({ username: text(1000), password: text(1000) })
    .nullable()
    .optional(),
});

const runLimits = z.strictObject({
  connect_timeout_ms: ms.default(DEFAULT_RUN_LIMITS.connect_timeout_ms),
  idle_timeout_ms: ms.default(DEFAULT_RUN_LIMITS.idle_timeout_ms),
  stall_ms: ms.default(DEFAULT_RUN_LIMITS.stall_ms),
  // Absent: the setting's (handlers.ts).
  reader_pace_tps: readerPace.optional(),
  deadline_ms: ms.default(DEFAULT_RUN_LIMITS.deadline_ms),
  max_event_bytes: z.int().min(1).default(DEFAULT_RUN_LIMITS.max_event_bytes),
  max_response_bytes: z.int().min(1).default(DEFAULT_RUN_LIMITS.max_response_bytes),
  max_text_chars: z.int().min(1).default(DEFAULT_RUN_LIMITS.max_text_chars),
});

const runConfig = z.strictObject({
  prompt: text(100_000),
  max_tokens: z.int().min(1).max(MAX_TOKENS),
  modes: z.array(z.enum(MODES)).max(MODES.length),
  trials: z.int().min(1).max(MAX_TRIALS),
  profile_ids: z.array(id).max(100),
  limits: runLimits.prefault({}),
  reuse_connection: z.boolean().default(false),
  warmup: z.boolean().default(false),
  max_retry_wait_ms: z.number().min(0).max(MAX_RETRY_WAIT_MS).default(DEFAULT_MAX_RETRY_WAIT_MS),
  give_up_after: z.int().min(0).max(MAX_TRIALS).default(DEFAULT_GIVE_UP_AFTER),
  params: sharedParamsSchema.optional(),
  input_tokens: inputTokensSchema.optional(),
  cache: z.enum(CACHE_POLICIES).default(DEFAULT_CACHE_POLICY),
});

const runDefaults = z.strictObject({
  trials: z.int().min(1).max(MAX_TRIALS).optional(),
  max_tokens: z.int().min(1).max(MAX_TOKENS).optional(),
  prompt: text(100_000).optional(),
  connect_timeout_ms: ms.optional(),
  idle_timeout_ms: ms.optional(),
  stall_ms: ms.optional(),
  deadline_ms: ms.optional(),
  warmup: z.boolean().optional(),
  max_retry_wait_ms: z.number().min(0).max(MAX_RETRY_WAIT_MS).optional(),
  give_up_after: z.int().min(0).max(MAX_TRIALS).optional(),
});

const runRef = z.strictObject({ run_id: id });

/** Where runs were measured: blank is none. */
const label = z
  .string()
  .trim()
  .max(MAX_LABEL_CHARS)
  .transform((value) => value || null);

/** A run file as text: far above a long run's (about 20 MB for 240,000 chunks). */
const MAX_RUN_FILE_CHARS = 512 * 1024 * 1024;

export const ipcContract = {
  appInfo: {
    channel: IPC_CHANNELS.appInfo,
    input: empty,
    result: returns<AppInfo>(),
  },

  settingsGet: {
    channel: IPC_CHANNELS.settingsGet,
    input: empty,
    result: returns<SettingsView>(),
  },
  settingsUpdate: {
    channel: IPC_CHANNELS.settingsUpdate,
    input: z.strictObject({
      language: z.enum(LANGUAGES).optional(),
      theme: z.enum(THEMES).optional(),
      run_defaults: runDefaults.optional(),
      reader_pace_tps: readerPace.optional(),
    }),
    result: returns<SettingsView>(),
  },

  profilesList: {
    channel: IPC_CHANNELS.profilesList,
    input: empty,
    result: returns<Profile[]>(),
  },
  profilesGet: {
    channel: IPC_CHANNELS.profilesGet,
    input: z.strictObject({ id }),
    result: returns<Profile>(),
  },
  profilesCreate: {
    channel: IPC_CHANNELS.profilesCreate,
    input: profileDraft,
    result: returns<Profile>(),
  },
  profilesUpdate: {
    channel: IPC_CHANNELS.profilesUpdate,
    input: z.strictObject({ id, patch: profileDraft.partial() }),
    result: returns<Profile>(),
  },
  profilesDuplicate: {
    channel: IPC_CHANNELS.profilesDuplicate,
    input: z.strictObject({ id, name: text(1000).optional() }),
    result: returns<Profile>(),
  },
  profilesRemove: {
    channel: IPC_CHANNELS.profilesRemove,
    input: z.strictObject({ id }),
    result: returns<RemovedProfileView>(),
  },
  profilesTest: {
    channel: IPC_CHANNELS.profilesTest,
    input: z.strictObject({ id }),
    result: returns<ConnectionTest>(),
  },
  /** Every profile's last connection test, kept by profilesTest. */
  profilesChecks: {
    channel: IPC_CHANNELS.profilesChecks,
    input: empty,
    result: returns<ProfileCheck[]>(),
  },
  // The profile form as it stands, saving nothing (no profile, no keychain
  // entry): `id` is the saved profile it edits, if any.
  /** Test connection before saving: a typed key goes only into the request's header; none typed: the saved profile's own. */
  profilesTestDraft: {
    channel: IPC_CHANNELS.profilesTestDraft,
    input: z.strictObject({
      id: id.optional(),
      profile: profileDraft,
      key: z.string().max(10_000).optional(),
    }),
    result: returns<ConnectionTest>(),
  },
  /** Every field's problem at once (an `invalid` error with `issues`), as saving would refuse it. */
  profilesValidate: {
    channel: IPC_CHANNELS.profilesValidate,
    input: z.strictObject({ id: id.optional(), profile: profileDraft }),
    result: returns<{ valid: true }>(),
  },

  keysStatus: {
    channel: IPC_CHANNELS.keysStatus,
    input: z.strictObject({ profile_ids: z.array(id).max(1000) }),
    result: returns<Record<string, KeyStatus>>(),
  },
  keysSet: {
    channel: IPC_CHANNELS.keysSet,
    // The key is checked by the key store, whose messages never repeat it.
    input: z.strictObject({ profile_id: id, key: z.string().max(10_000) }),
    result: returns<KeyStatus>(),
  },
  keysDelete: {
    channel: IPC_CHANNELS.keysDelete,
    input: z.strictObject({ profile_id: id }),
    result: returns<KeyStatus>(),
  },

  presetsList: {
    channel: IPC_CHANNELS.presetsList,
    input: empty,
    result: returns<readonly ProviderPreset[]>(),
  },

  modelsList: {
    channel: IPC_CHANNELS.modelsList,
    // A saved profile (with its key), or an unsaved base URL (asked without any key).
    input: z.union([
      z.strictObject({ profile_id: id }),
      z.strictObject({ base_url: text(4000), dialect: z.enum(DIALECTS) }),
    ]),
    result: returns<ModelList>(),
  },

  runsPlan: {
    channel: IPC_CHANNELS.runsPlan,
    input: runConfig,
    result: returns<RunPlanView>(),
  },
  runsStart: {
    channel: IPC_CHANNELS.runsStart,
    input: runConfig,
    result: returns<{ run_id: string }>(),
  },
  runsCancel: {
    channel: IPC_CHANNELS.runsCancel,
    input: runRef,
    result: returns<{ cancelled: boolean }>(),
  },
  runsDelete: {
    channel: IPC_CHANNELS.runsDelete,
    input: runRef,
    result: returns<{ deleted: boolean }>(),
  },
  runsLive: {
    channel: IPC_CHANNELS.runsLive,
    input: empty,
    result: returns<LiveRun[]>(),
  },
  runsRepeat: {
    channel: IPC_CHANNELS.runsRepeat,
    // count 1: one run with its label. Repetitions run while the app stays open.
    input: z.strictObject({
      config: runConfig,
      count: z.int().min(1).max(MAX_REPEAT),
      every_ms: z.int().min(0).max(MAX_REPEAT_EVERY_MS).default(0),
      label: label.nullable().default(null),
    }),
    result: returns<{ series_id: string | null; run_id: string }>(),
  },
  runsCancelSeries: {
    channel: IPC_CHANNELS.runsCancelSeries,
    input: z.strictObject({ series_id: id }),
    result: returns<{ cancelled: boolean }>(),
  },
  runsSeries: {
    channel: IPC_CHANNELS.runsSeries,
    input: empty,
    result: returns<SeriesView[]>(),
  },
  historyRunFile: {
    channel: IPC_CHANNELS.historyRunFile,
    // The run file's text, for the page to save (a download): runsImport reads it back.
    input: runRef,
    result: returns<{ file_name: string; text: string }>(),
  },
  runsImport: {
    channel: IPC_CHANNELS.runsImport,
    // Run files (lasttoken export RUN --kind json) as the user picked them: all or none are added.
    input: z.strictObject({
      files: z
        .array(z.strictObject({ name: text(1000), text: z.string().max(MAX_RUN_FILE_CHARS) }))
        .min(1)
        .max(1000),
      label: label.nullable().default(null),
    }),
    result: returns<RunImportView>(),
  },

  historyList: {
    channel: IPC_CHANNELS.historyList,
    input: z.strictObject({
      profile_id: id.optional(),
      model: text(1000).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      status: z.enum(RUN_STATUSES).optional(),
      series_id: id.optional(),
      // By start time, along the runs_by_start index either way.
      order: z.enum(RUN_LIST_ORDERS).default('newest'),
      limit: z.int().min(1).max(500).default(50),
      offset: z.int().min(0).default(0),
    }),
    result: returns<RunListPage>(),
  },
  historyRun: {
    channel: IPC_CHANNELS.historyRun,
    input: runRef,
    result: returns<RunView>(),
  },
  historyTrials: {
    channel: IPC_CHANNELS.historyTrials,
    input: z.strictObject({
      run_id: id,
      profile_id: id.optional(),
      mode: z.enum(MODES).optional(),
      // `failed`: every status but ok.
      status: z.enum([...TRIAL_STATUSES, 'failed']).optional(),
      order: z.enum(TRIAL_ORDERS).default('run'),
      // By a figure instead of `order` (shared/trial-order.ts).
      sort: z
        .strictObject({ figure: z.enum(TRIAL_SORT_FIGURES), direction: z.enum(SORT_DIRECTIONS) })
        .optional(),
      limit: z.int().min(1).max(500).default(50),
      offset: z.int().min(0).default(0),
    }),
    result: returns<TrialPage>(),
  },
  historyTrialText: {
    channel: IPC_CHANNELS.historyTrialText,
    input: z.strictObject({
      run_id: id,
      profile_id: id,
      mode: z.enum(MODES),
      trial_index: z.int().min(0),
    }),
    result: returns<TrialText>(),
  },
  historyTrend: {
    channel: IPC_CHANNELS.historyTrend,
    input: z.strictObject({ profile_id: id }),
    result: returns<TrendSeries[]>(),
  },
  historyCompare: {
    channel: IPC_CHANNELS.historyCompare,
    input: z.strictObject({ a: id, b: id }),
    result: returns<RunComparison>(),
  },

  chartsRun: {
    channel: IPC_CHANNELS.chartsRun,
    input: runRef,
    result: returns<RunCharts>(),
  },

  exportCsv: {
    channel: IPC_CHANNELS.exportCsv,
    input: z.strictObject({ run_id: id, kind: z.enum(CSV_KINDS), bom: z.boolean().default(false) }),
    result: returns<ExportResult>(),
  },
  exportReport: {
    channel: IPC_CHANNELS.exportReport,
    // The page's language and theme (a report cannot follow the system's), and the results page's pace.
    input: z.strictObject({
      run_id: id,
      format: z.enum(REPORT_FORMATS).default('html'),
      language: z.enum(LANGUAGES),
      theme: z.enum(REPORT_THEMES),
    }),
    result: returns<ExportResult>(),
  },
  // Exactly the methods of IPC_CHANNELS: a missing or an extra one does not compile.
} as const satisfies Record<ChannelName, IpcMethod>;

export type IpcContract = typeof ipcContract;
export type IpcMethodName = keyof IpcContract;

/** What the renderer passes (before zod defaults and transforms). */
export type InputOf<M extends IpcMethod> = z.input<M['input']>;
/** What main's handler receives (after validation). */
export type ParsedInputOf<M extends IpcMethod> = z.output<M['input']>;
export type ResultOf<M extends IpcMethod> = M['result'] extends Returns<infer R> ? R : never;

/** A method whose input may be empty can be called without an argument. */
type ApiArgs<M extends IpcMethod> =
  Record<string, never> extends InputOf<M> ? [input?: InputOf<M>] : [input: InputOf<M>];

/** Stops a subscription. */
export type Unsubscribe = () => void;

/**
 * `window.lasttoken`, as the preload (Electron) or the browser-mode client
 * provides it: one function per method, answering with an ApiResult (errors
 * are data: IPC and contextBridge would keep only an Error's message), and
 * the pushed events.
 */
export type LastTokenBridge = {
  readonly [K in IpcMethodName]: (
    ...args: ApiArgs<IpcContract[K]>
  ) => Promise<ApiResult<ResultOf<IpcContract[K]>>>;
} & {
  /** Every AppEvent from now on, until the returned function is called. */
  readonly subscribe: (listener: (event: AppEvent) => void) => Unsubscribe;
};

/** The same API with errors thrown as ApiCallError (see src/shared/api-client.ts). */
export type LastTokenApi = {
  readonly [K in IpcMethodName]: (
    ...args: ApiArgs<IpcContract[K]>
  ) => Promise<ResultOf<IpcContract[K]>>;
} & {
  readonly subscribe: (listener: (event: AppEvent) => void) => Unsubscribe;
};
