// A saved profile as the endpoint a request goes to: its key read from the
// keychain for that request only, the demo profile pointed at the built-in
// simulator. For the one-off requests the app makes for a profile (a
// connection test, its model list); runs resolve their profiles themselves.

import type { Profile } from '../../shared/run';
import type { EndpointSpec } from '../probe';
import { ProfileNotFoundError, usesBuiltinSimulator } from '../profiles';
import type { BuiltinSimulator } from '../sim';
import type { KeySource } from './run-orchestrator';

export interface ProfileEndpointSources {
  profiles: { get(id: string): Profile | null };
  keys: KeySource;
  simulator: BuiltinSimulator;
}

/** Throws ProfileNotFoundError, or KeychainUnavailableError when its key cannot be read. */
export async function profileEndpoint(
  profile_id: string,
  sources: ProfileEndpointSources,
): Promise<EndpointSpec> {
  const profile = sources.profiles.get(profile_id);
  if (!profile) throw new ProfileNotFoundError(profile_id);
  return {
    base_url: usesBuiltinSimulator(profile)
      ? `${await sources.simulator.url()}/v1`
      : profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    // The demo needs none, and must work without a keychain.
    api_key: profile.builtin ? undefined : await sources.keys.readKeyForRequest(profile.id),
    headers: profile.headers,
    allow_insecure_key: profile.allow_insecure_key,
  };
}
