// The run as it is saved when it starts: its configuration, each profile as
// it is now (a snapshot, which never holds a key), the plan's API-call count,
// its tags and what measures it. Later edits of a profile do not change a run
// measured before.

import type {
  Profile,
  ProfileLookup,
  ProfileSnapshot,
  RunConfig,
  RunEnvironment,
  RunPlan,
  RunRecord,
  RunTags,
} from '../../shared/run';

export interface NewRun {
  id: string;
  config: RunConfig;
  profiles: ProfileLookup;
  plan: RunPlan;
  tags: RunTags;
  started_at: string;
  environment: RunEnvironment;
}

/** A `running` record for the sink; its config is a copy nobody outside can change. */
export function newRunRecord(run: NewRun): RunRecord {
  const profiles = run.config.profile_ids.map((id) => {
    const profile = run.profiles.get(id);
    // planRun checked that every id exists.
    if (!profile) throw new Error(`profile ${id} disappeared`);
    return snapshotOf(profile);
  });
  return {
    id: run.id,
    config: structuredClone(run.config),
    profiles,
    status: 'running',
    started_at: run.started_at,
    ended_at: null,
    planned_calls: run.plan.calls,
    series_id: run.tags.series_id,
    label: run.tags.label,
    imported_at: null,
    profile_failures: [],
    environment: run.environment,
  };
}

/** The profile as it is now, without anything that is not a field of a profile (a key, say). */
function snapshotOf(profile: Profile): ProfileSnapshot {
  return {
    id: profile.id,
    name: profile.name,
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    headers: { ...profile.headers },
    defaults: { ...profile.defaults },
    params: structuredClone(profile.params),
    notes: profile.notes,
    allow_insecure_key: profile.allow_insecure_key,
    key_header: profile.key_header,
    key_prefix: profile.key_prefix,
    query: { ...profile.query },
    key_env: profile.key_env,
    has_key: profile.has_key,
    proxy_mode: profile.proxy_mode,
    proxy_url: profile.proxy_url,
    proxy_auth: profile.proxy_auth,
    builtin: profile.builtin,
    color: profile.color,
  };
}
