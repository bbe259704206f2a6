// Data for the history store's tests, the crash child and the benchmark:
// profiles, runs and deterministic stream trials of any length.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_REQUEST_SHAPE,
  type ProfileInput,
  type ProfileSnapshot,
  type RunRecord,
  type StoredTrial,
} from '../../src/shared/run';
import type { ChunkRecord, Trial } from '../../src/shared/trial';
import { makeTrial } from '../unit/trial-fixture';

export interface TempDatabase {
  dir: string;
  path: string;
  remove(): void;
}

/** A fresh folder with a database path in it (the file does not exist yet). */
export function tempDatabase(): TempDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-store-'));
  return {
    dir,
    path: join(dir, 'history', 'lasttoken.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function profileInput(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: 'Local sim',
    base_url: 'http://127.0.0.1:8787/v1',
    model: 'sim-steady',
    dialect: 'openai-chat',
    headers: { 'x-team': 'bench' },
    defaults: { max_tokens: 256, idle_timeout_ms: 30_000 },
    notes: '',
    allow_insecure_key: false,
    ...DEFAULT_REQUEST_SHAPE,
    query: {},
    ...overrides,
  };
}

export function snapshot(id: string, overrides: Partial<ProfileInput> = {}): ProfileSnapshot {
  return {
    id,
    builtin: false,
    has_key: false,
    proxy_auth: false,
    color: 0,
    ...profileInput(overrides),
  };
}

export function runRecord(
  id: string,
  profiles: ProfileSnapshot[],
  overrides: Partial<RunRecord> = {},
): RunRecord {
  return {
    id,
    config: {
      prompt: 'Count from 1 to 100.',
      max_tokens: 256,
      modes: ['stream', 'plain'],
      trials: 3,
      profile_ids: profiles.map((p) => p.id),
      limits: {
        connect_timeout_ms: 10_000,
        idle_timeout_ms: 30_000,
        stall_ms: 15_000,
        deadline_ms: 120_000,
        max_event_bytes: 1024 * 1024,
        max_response_bytes: 64 * 1024 * 1024,
        max_text_chars: 200_000,
      },
      reuse_connection: false,
      warmup: false,
    },
    profiles,
    status: 'running',
    started_at: '2026-03-01T10:00:00.000Z',
    ended_at: null,
    planned_calls: profiles.length * 6,
    series_id: null,
    label: null,
    imported_at: null,
    profile_failures: [],
    environment: null,
    ...overrides,
  };
}

const roundMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * An ok stream trial of `chunks` chunks whose figures agree with its timeline
 * (gaps, tokens, text). `seed` varies the times, so trials differ.
 */
export function streamTrial(chunks: number, seed = 1, overrides: Partial<Trial> = {}): Trial {
  const ttft = 150 + (seed % 50);
  const timeline: ChunkRecord[] = [];
  let at = ttft;
  for (let i = 0; i < chunks; i++) {
    if (i > 0) at = roundMicros(at + 2 + ((i * 7919 + seed * 104_729) % 13) / 3);
    timeline.push({
      at_ms: at,
      kind: i < 2 ? 'reasoning' : 'content',
      chars: 3,
      bytes: 118 + (i % 4),
      tokens: 1 + (i % 3),
    });
  }
  const gaps_ms = timeline
    .slice(1)
    .map((c, i) => roundMicros(c.at_ms - (timeline[i] as ChunkRecord).at_ms));
  const tokens = timeline.reduce((sum, c) => sum + c.tokens, 0);
  const last = timeline[timeline.length - 1]?.at_ms ?? null;
  const sorted = [...gaps_ms].sort((a, b) => a - b);
  return makeTrial({
    ttft_ms: timeline[0]?.at_ms ?? null,
    ttfo_ms: timeline[2]?.at_ms ?? null,
    last_token_ms: last,
    total_ms: last === null ? null : last + 3,
    chunks,
    gaps_ms,
    gap_median_ms: sorted[Math.floor(sorted.length / 2)] ?? null,
    gap_p95_ms: sorted[Math.floor(sorted.length * 0.95)] ?? null,
    gap_max_ms: sorted[sorted.length - 1] ?? null,
    tokens,
    text: '数到一百。'.repeat(Math.ceil(chunks / 2)),
    reasoning_text: 'Thinking…',
    timeline: {
      t0_mono_ms: 5_000_000 + seed,
      chunks: timeline,
      pings: [{ at_ms: 90, kind: 'comment' }],
    },
    ...overrides,
  });
}

/**
 * storedTrial as a run file must have it to be imported: its connection's
 * times before its first token, and its keep-alive counted (streamTrial
 * leaves both as makeTrial has them).
 */
export function importableTrial(
  run_id: string,
  profile_id: string,
  k: number,
  chunks = 40,
): StoredTrial {
  const stored = storedTrial(run_id, profile_id, k, chunks);
  const pings = stored.trial.timeline.pings;
  return {
    ...stored,
    trial: {
      ...stored.trial,
      headers_ms: 80,
      first_byte_ms: 90,
      first_event_ms: 90,
      pings: pings.length,
      first_ping_ms: pings[0]?.at_ms ?? null,
    },
  };
}

/** The k-th trial (1-based) of a profile in stream mode, with a small timeline. */
export function storedTrial(
  run_id: string,
  profile_id: string,
  k: number,
  chunks = 40,
): StoredTrial {
  return { run_id, profile_id, trial_index: k, warmup: false, trial: streamTrial(chunks, k) };
}
