// Profiles, runs and their progress: what the store keeps, the runs
// orchestrator executes, and the CLI and the UI show. Names follow DESIGN.md.
import type { Dialect, Mode, Trial, TrialStatus } from './trial';

/** Per-profile defaults a run starts from. */
export interface ProfileDefaults {
  max_tokens?: number;
  connect_timeout_ms?: number;
  idle_timeout_ms?: number;
  stall_ms?: number;
  deadline_ms?: number;
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
  notes: string;
  /** The user confirmed sending this profile's key over plain http to a host that is not loopback. */
  allow_insecure_key: boolean;
  /** The built-in "Demo (simulated)" profile. */
  builtin: boolean;
  created_at: string;
  updated_at: string;
}

export type ProfileInput = Omit<Profile, 'id' | 'builtin' | 'created_at' | 'updated_at'>;

export interface RunLimits {
  connect_timeout_ms: number;
  idle_timeout_ms: number;
  stall_ms: number;
  deadline_ms: number;
}

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
  /** One trial per profile before the counted ones: measured and kept, not counted. */
  warmup: boolean;
}

/** A profile as it was when a run started (without key), kept with the run. */
export type ProfileSnapshot = Omit<Profile, 'created_at' | 'updated_at'>;

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
}

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
  /** Every API call the run will make, warm-ups included. */
  calls: number;
  per_profile: { profile_id: string; calls: number }[];
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
  | { type: 'trial_progress'; run_id: string; profile_id: string; chunks: number; chars: number }
  | {
      type: 'trial_finished';
      run_id: string;
      profile_id: string;
      mode: Mode;
      trial_index: number;
      warmup: boolean;
      status: TrialStatus;
      trial: Trial;
    }
  | { type: 'run_finished'; run_id: string; status: RunStatus };
