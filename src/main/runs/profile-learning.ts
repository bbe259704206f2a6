// Where a run's lessons about an endpoint are kept: on the saved profile, so
// the next run sends what the endpoint accepts without paying for a refusal.

import type { Profile } from '../../shared/run';
import type { ProfilePatch } from '../store';
import type { ProfileLearning } from './run-orchestrator';

/** The saved profiles, as the store's ProfilesRepository reads and updates them. */
export interface LearningProfiles {
  get(id: string): Profile | null;
  update(id: string, patch: ProfilePatch): Profile | null;
}

/**
 * Keeps what runs learn in `profiles`. A profile deleted meanwhile learns
 * nothing; a store that cannot write leaves the profile as it was (its runs
 * retry again), never the run failed for it.
 */
export function learningInto(profiles: LearningProfiles): ProfileLearning {
  return {
    tokenParam(profile_id, param) {
      try {
        const profile = profiles.get(profile_id);
        if (profile)
          profiles.update(profile_id, { params: { ...profile.params, token_param: param } });
      } catch {
        // Best effort: the run's trials say what was sent either way.
      }
    },
  };
}
