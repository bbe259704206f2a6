// The built-in "Demo (simulated)" profile: a new user can run something
// without any account or key. Its base URL is a marker, not an address: the
// simulator listens on a port chosen when it starts, so whoever runs the
// profile (the CLI now, the app later) starts the simulator in-process for the
// run and puts the simulator's URL into the profile the run snapshots.

import type { Profile, ProfileInput, ProfileLookup } from '../../shared/run';

export const DEMO_PROFILE_ID = 'demo';

/** Where the demo profile points: the simulator the host starts for the run. */
export const BUILTIN_SIMULATOR_URL = 'builtin:simulator';

export const DEMO_PROFILE_INPUT: ProfileInput = {
  name: 'Demo (simulated)',
  base_url: BUILTIN_SIMULATOR_URL,
  // Seeded jitter between tokens: figures with a spread, as from a real endpoint.
  model: 'sim-jitter',
  dialect: 'openai-chat',
  headers: {},
  defaults: {},
  params: {},
  notes:
    'Built in: the simulated provider that ships with LastToken, started in-process for each run. No key needed.',
  allow_insecure_key: false,
  key_header: null,
  key_prefix: null,
  query: {},
  key_env: null,
  // The simulator runs in-process on loopback: never through a proxy.
  proxy_mode: 'direct',
  proxy_url: null,
};

/** Whether the profile runs against the built-in simulator (the host must start it). */
export function usesBuiltinSimulator(profile: Pick<Profile, 'builtin' | 'base_url'>): boolean {
  return profile.builtin && profile.base_url === BUILTIN_SIMULATOR_URL;
}

/**
 * The profile as a run should see it: the built-in one pointed at the running
 * simulator (`simulatorUrl` is its http://HOST:PORT), any other unchanged.
 */
export function resolveBuiltinEndpoint<P extends Profile>(profile: P, simulatorUrl: string): P {
  if (!usesBuiltinSimulator(profile)) return profile;
  return { ...profile, base_url: `${simulatorUrl.replace(/\/+$/, '')}/v1` };
}

/** A lookup for startRun whose built-in profile points at the running simulator. */
export function withBuiltinEndpoint(lookup: ProfileLookup, simulatorUrl: string): ProfileLookup {
  return {
    get(id) {
      const profile = lookup.get(id);
      return profile ? resolveBuiltinEndpoint(profile, simulatorUrl) : profile;
    },
  };
}
