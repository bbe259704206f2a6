// The zod schemas of a run file (run-file.ts). A file comes from anywhere, so
// every field is checked before anything is written. Each schema must produce
// exactly the type the store takes: a field added to Trial, ProfileSnapshot or
// RunRecord and not added here (or the other way round) fails to compile, so
// run files can never silently drop what a run measured.

import { z } from 'zod';
import {
  CACHE_POLICIES,
  MAX_INPUT_TOKENS,
  DEFAULT_RUN_LIMITS,
  MAX_RETRY_WAIT_MS,
  MAX_RPM,
  MAX_TOKENS,
  PROFILE_COLORS,
  MAX_TRIALS,
  PROXY_MODES,
  RUN_STATUSES,
  type ProfileDefaults,
  type ProfileFailure,
  type ProfileSnapshot,
  type RunConfig,
  type RunEnvironment,
  type RunLimits,
  type RunRecord,
  type StoredTrial,
} from '../../shared/run';
import {
  requestParamsSchema,
  sharedParamsSchema,
  type RequestParams,
  type SharedParams,
} from '../../shared/request-params';
import { inputTokensSchema } from '../../shared/input-lengths';
import { isMessageKey, type MessageKey, type MessageText } from '../../shared/messages';
import { withTimelineFigures, type TimelineFigures } from '../../shared/read-bursts';
import { DEFAULT_READER_PACE_TPS, withReaderMetrics, type ReaderFields } from '../../shared/reader';
import {
  DIALECTS,
  MODES,
  TRIAL_STATUSES,
  type AbortRecord,
  type ChunkRecord,
  type PingRecord,
  type Trial,
  type TrialTimeline,
} from '../../shared/trial';

/** True only when A and B are the same type (each assignable to the other, optionality included). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** One object type for an intersection, so that Equal compares its properties. */
type Flat<T> = { [K in keyof T]: T[K] };
/** Compiles only when the schema's output is exactly T (else the schema is taken for `never`). */
function exactly<T>() {
  return <S extends z.ZodType>(
    schema: S & (Equal<z.output<S>, T> extends true ? unknown : never),
  ) => schema;
}

/**
 * No trial outlasts its deadline, and no front end takes a deadline (or any
 * time limit) longer than a day: a time beyond it was never measured.
 */
const MAX_TRIAL_MS = 86_400_000;

const instant = z.iso.datetime({ offset: true });
const count = z.int().min(0);
/** A chunk's counts, as the store keeps them: 32 bits each (timeline-codec.ts). */
const chunkCount = count.max(0xffff_ffff, 'more than a chunk can hold (2^32 - 1)');
/** What a trial measured: from its t0, or between two of its events. */
const ms = z
  .number()
  .min(0, 'a time cannot be negative')
  .max(MAX_TRIAL_MS, 'a time beyond a day, longer than any trial can last');
const nullableMs = ms.nullable();
/** A figure derived from times and counts: a rate, a share, a mean. */
const figure = z.number().min(0, 'it cannot be negative').nullable();
/** A time limit of a run or a profile, as the front ends take one. */
const limit = z.number().positive().max(MAX_TRIAL_MS);

const chunk = exactly<ChunkRecord>()(
  z.strictObject({
    at_ms: ms,
    kind: z.enum(['content', 'reasoning', 'mixed']),
    chars: chunkCount,
    bytes: chunkCount,
    tokens: chunkCount,
  }),
);

const ping = exactly<PingRecord>()(
  z.strictObject({ at_ms: ms, kind: z.enum(['comment', 'event']) }),
);

const timeline = exactly<TrialTimeline>()(
  // t0 on the monotonic clock: from the process's start, so it may pass a day.
  z.strictObject({ t0_mono_ms: z.number().min(0), chunks: z.array(chunk), pings: z.array(ping) }),
);

const abort = exactly<AbortRecord>()(
  z.strictObject({
    after_tokens: count,
    at_ms: ms,
    close_ms: nullableMs,
    bytes_after: count,
    chunks_after: count,
  }),
);

/** What a trial measured: every field but those computed from it (the reader's and the timeline's). */
const measuredTrial = exactly<Omit<Trial, keyof ReaderFields | keyof TimelineFigures>>()(
  z.strictObject({
    mode: z.enum(MODES),
    status: z.enum(TRIAL_STATUSES),
    started_at: z.string(),
    reused_connection: z.boolean(),
    dns_ms: nullableMs,
    connect_ms: nullableMs,
    proxy_ms: nullableMs,
    tls_ms: nullableMs,
    // scheme://host:port: the proxy's credentials are never in a trial.
    proxy: z.string().nullable(),
    headers_ms: nullableMs,
    first_byte_ms: nullableMs,
    first_event_ms: nullableMs,
    ttft_ms: nullableMs,
    ttfo_ms: nullableMs,
    last_token_ms: nullableMs,
    total_ms: nullableMs,
    chunks: count,
    gaps_ms: z.array(ms),
    gap_median_ms: nullableMs,
    gap_p95_ms: nullableMs,
    gap_max_ms: nullableMs,
    tokens: count,
    reasoning_tokens: count,
    usage_completion_tokens: z.int().nullable(),
    usage_prompt_tokens: z.int().nullable(),
    // Files written before LastToken read them have none: not read, as in a row stored then.
    cached_prompt_tokens: count.nullable().default(null),
    reasoning_tokens_api: count.nullable().default(null),
    usage_diff: z.int().nullable(),
    usage_requested: z.boolean(),
    token_param: z.string().max(100).nullable().default(null),
    input_tokens: z.int().min(1).max(MAX_INPUT_TOKENS).nullable().default(null),
    tokens_per_chunk_mean: figure,
    itl_ms: nullableMs,
    decode_tps: figure,
    e2e_tps: figure,
    pings: count,
    first_ping_ms: nullableMs,
    max_silence_ms: nullableMs,
    max_content_silence_ms: nullableMs,
    stalled: z.boolean(),
    burst_share: figure,
    buffered: z.boolean(),
    bytes: count,
    // Files written before LastToken counted them have none: not counted, as in a row stored then.
    bytes_after_end: count.nullable().default(null),
    content_encoding: z.string().nullable(),
    finish_reason: z.string().nullable(),
    http_status: z.int().nullable(),
    request_id: z.string().nullable(),
    retry_after_s: figure,
    error: z.string().nullable(),
    text: z.string(),
    reasoning_text: z.string(),
    abort: abort.nullable(),
    timeline,
  }),
);

// Files written before the reader metrics or the timeline's read bursts and
// ping counts existed lack them: they are computed from the timeline, as a
// stored trial's are (timeline-backfill.ts), the reader's at the pace every
// run had then.
const trial = exactly<Trial>()(
  measuredTrial
    .extend({
      events_per_read_max: count.nullable().optional(),
      rebuffered: z.boolean().optional(),
      pings_before_ttft: count.optional(),
      pings_after_ttft: count.optional(),
      reader_pace_tps: z.number().positive().optional(),
      // Derived at a reading pace: a slow reader of a long answer takes more than a day.
      reader_done_ms: z.number().nullable().optional(),
      reader_wait_ms: z.number().nullable().optional(),
      reader_stall_ms: z.number().nullable().optional(),
    })
    .transform((file): Trial => {
      const {
        events_per_read_max,
        rebuffered,
        pings_before_ttft,
        pings_after_ttft,
        reader_pace_tps,
        reader_done_ms,
        reader_wait_ms,
        reader_stall_ms,
        ...measured
      } = file;
      const timed =
        events_per_read_max === undefined ||
        rebuffered === undefined ||
        pings_before_ttft === undefined ||
        pings_after_ttft === undefined
          ? withTimelineFigures(measured)
          : { ...measured, events_per_read_max, rebuffered, pings_before_ttft, pings_after_ttft };
      return reader_pace_tps === undefined
        ? withReaderMetrics(timed, DEFAULT_READER_PACE_TPS)
        : {
            ...timed,
            reader_pace_tps,
            reader_done_ms: reader_done_ms ?? null,
            reader_wait_ms: reader_wait_ms ?? null,
            reader_stall_ms: reader_stall_ms ?? null,
          };
    }),
);

/** A trial of the file: the run it belongs to is the file's. */
export const fileTrial = exactly<Omit<StoredTrial, 'run_id'>>()(
  z.strictObject({
    profile_id: z.string().min(1),
    trial_index: count,
    warmup: z.boolean(),
    trial,
  }),
);

const profileDefaults = exactly<ProfileDefaults>()(
  z.strictObject({
    max_tokens: z.int().min(1).max(MAX_TOKENS).optional(),
    connect_timeout_ms: limit.optional(),
    idle_timeout_ms: limit.optional(),
    stall_ms: limit.optional(),
    deadline_ms: limit.optional(),
    max_rpm: z.number().positive().max(MAX_RPM).optional(),
  }),
);

/**
 * A profile as a file has it. Its colour is optional: files written before
 * profiles kept one have none (runProfiles gives each its position's; a
 * profile file's import, the next free one).
 */
export const profileSnapshot = exactly<
  Flat<Omit<ProfileSnapshot, 'color'> & { color?: ProfileSnapshot['color'] }>
>()(
  z.strictObject({
    id: z.string().min(1),
    name: z.string(),
    base_url: z.string(),
    model: z.string(),
    dialect: z.enum(DIALECTS),
    headers: z.record(z.string(), z.string()),
    defaults: profileDefaults,
    // Run files from before schema version 14 sent none.
    params: exactly<RequestParams>()(requestParamsSchema).default({}),
    notes: z.string(),
    allow_insecure_key: z.boolean(),
    key_header: z.string().nullable(),
    key_prefix: z.string().nullable(),
    query: z.record(z.string(), z.string()),
    // The variable's name, never its value.
    key_env: z.string().nullable(),
    has_key: z.boolean().nullable(),
    proxy_mode: z.enum(PROXY_MODES),
    proxy_url: z
      .string()
      .refine(withoutCredentials, 'a proxy URL in a run file never carries credentials')
      .nullable(),
    proxy_auth: z.boolean(),
    builtin: z.boolean(),
    color: z
      .int()
      .min(0)
      .max(PROFILE_COLORS - 1)
      .optional(),
  }),
);

/** A run's profiles, in its order: each with its colour, or the one its position drew before profiles kept one. */
export const runProfiles = exactly<ProfileSnapshot[]>()(
  z.array(profileSnapshot).transform((profiles) =>
    profiles.map((profile, position) => ({
      ...profile,
      color: profile.color ?? position % PROFILE_COLORS,
    })),
  ),
);

/** A URL without user or password (a snapshot never holds the proxy's credentials). */
function withoutCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  } catch {
    return !url.includes('@');
  }
}

const limits = exactly<RunLimits>()(
  z.strictObject({
    connect_timeout_ms: limit,
    idle_timeout_ms: limit,
    stall_ms: limit,
    reader_pace_tps: z.number().positive().optional(),
    deadline_ms: limit,
    max_event_bytes: count,
    max_response_bytes: count,
    max_text_chars: count,
  }),
);

const config = exactly<RunConfig>()(
  z.strictObject({
    prompt: z.string(),
    max_tokens: z.int().min(1).max(MAX_TOKENS),
    modes: z.array(z.enum(MODES)).min(1).max(MODES.length),
    trials: z.int().min(1).max(MAX_TRIALS),
    profile_ids: z.array(z.string()),
    // Runs recorded before the size limits existed read back with today's defaults (history-queries.ts).
    limits: limits.default(DEFAULT_RUN_LIMITS),
    reuse_connection: z.boolean(),
    warmup: z.boolean(),
    max_retry_wait_ms: z.number().min(0).max(MAX_RETRY_WAIT_MS).optional(),
    give_up_after: count.max(MAX_TRIALS).optional(),
    params: exactly<SharedParams>()(sharedParamsSchema).optional(),
    input_tokens: inputTokensSchema.optional(),
    cache: z.enum(CACHE_POLICIES).optional(),
  }),
);

/** A catalogue message as a file carries it. */
const messageText: z.ZodType<MessageText> = z.lazy(() =>
  z.strictObject({
    key: z.custom<MessageKey>((key) => typeof key === 'string' && isMessageKey(key)),
    values: z.record(z.string(), z.union([z.string(), z.number(), messageText])).optional(),
  }),
);

const profileFailure = exactly<ProfileFailure>()(
  z.strictObject({
    profile_id: z.string().min(1),
    reason: z.enum(['key_unavailable', 'profile_config', 'gave_up', 'internal']),
    message: z.string(),
    // One this build cannot word (another build's message) is left out: `message` says it in English.
    text: messageText.optional().catch(undefined),
  }),
);

/** What measured the run, as runEnvironment took it (src/main/runs/run-environment.ts). */
const environment = exactly<RunEnvironment>()(
  z.strictObject({
    lasttoken_version: z.string().min(1).max(100),
    os: z.strictObject({
      platform: z.string().min(1).max(100),
      release: z.string().max(200),
      arch: z.string().min(1).max(100),
    }),
    cpus: z.strictObject({ count: count.max(1_000_000), model: z.string().max(200) }),
    runtime: z.string().min(1).max(100),
  }),
);

/** What a run file says of its run: where it came into this history is not the run's. */
export type FileRun = Omit<RunRecord, 'profiles' | 'imported_at'>;

export const fileRun = exactly<FileRun>()(
  z.strictObject({
    id: z.string().min(1).max(200),
    config,
    // A run still being recorded is not exported (run-file.ts): its end is part of it.
    status: z
      .enum(RUN_STATUSES)
      .refine(
        (status): boolean => status !== 'running',
        'a run still being recorded is not in a run file',
      ),
    started_at: instant,
    ended_at: instant.nullable(),
    planned_calls: count,
    series_id: z.string().min(1).max(200).nullable(),
    label: z.string().min(1).max(200).nullable(),
    // Files written before LastToken kept them have none: why is not known, as for a run stored then.
    profile_failures: z.array(profileFailure).nullable().default(null),
    // Optional: files written before LastToken kept it (versions 1 to 3) have
    // none, and import as a run stored then, its environment not recorded.
    environment: environment.nullable().default(null),
  }),
);
