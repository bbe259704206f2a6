// The run's profiles as its snapshot kept them (a profile renamed or removed
// since still shows as it was measured), in the run's order, each in its own
// colour (Profile.color), the same in every run.

import { effectiveParams, type RequestParams } from '../request-params';
import { PROFILE_COLORS, type ProfileSnapshot, type RunConfig, type RunRecord } from '../run';
import type { Translate } from '../i18n/format';
import { displayName } from '../i18n/profile-name';

export interface RunProfile {
  id: string;
  /** User text: rendered by React, escaped in chart tooltips. */
  name: string;
  model: string;
  base_url: string;
  /** Its palette slot (Profile.color). */
  color: number;
}

export function runProfiles(run: RunRecord, t: Translate): RunProfile[] {
  return run.profiles.map((profile) => ({
    id: profile.id,
    name: displayName(profile, t),
    model: profile.model,
    base_url: profile.base_url,
    color: profile.color,
  }));
}

/** A profile by id; one the snapshot lacks (it should not happen) shows as its id. */
export function profileOf(profiles: readonly RunProfile[], id: string): RunProfile {
  return (
    profiles.find((p) => p.id === id) ?? {
      id,
      name: id,
      model: '',
      base_url: '',
      color: profiles.length % PROFILE_COLORS,
    }
  );
}

/**
 * What a profile's requests carried in the run: its snapshot's parameters
 * under the run's shared ones (the run's win), the token limit's name apart:
 * `tokenParam` is the name the trials sent (a 400 may have switched it), or
 * the snapshot's, and null for plain max_tokens, which goes without saying.
 */
export function sentParams(
  profile: ProfileSnapshot,
  config: RunConfig,
  /** The name an ok trial of the profile gave its token limit; null: none known. */
  trialTokenParam: string | null,
): { params: RequestParams; tokenParam: string | null } {
  const { token_param, ...params } = effectiveParams(profile.params, config.params);
  const tokenParam = trialTokenParam ?? token_param ?? null;
  return { params, tokenParam: tokenParam === 'max_tokens' ? null : tokenParam };
}
