// A profile's name with its colour swatch: in running text (ProfileTag), and
// as a table row's heading (ProfileLabel), where a long name breaks between words.

import type { RunProfile } from '../../../../../shared/results/run-profiles';

export function ProfileTag({ profile }: { profile: RunProfile }) {
  return (
    <span className="profile-tag" data-profile={profile.id}>
      <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
      <strong className="wrap-anywhere">{profile.name}</strong>
    </span>
  );
}

export function ProfileLabel({ profile }: { profile: Pick<RunProfile, 'name' | 'color'> }) {
  return (
    <span className="profile-label">
      <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
      <span className="profile-name">{profile.name}</span>
    </span>
  );
}
