// What the profiles screen shows: the saved profiles and each one's key
// status. The statuses come in one call; when that call fails the profiles
// still show, with the reason their key status is unknown.

import type { KeyStatus } from '../../../../shared/api';
import type { Profile } from '../../../../shared/run';
import { lasttoken } from '../../api/client';

export interface ProfilesData {
  profiles: Profile[];
  keys: { ok: true; statuses: Record<string, KeyStatus> } | { ok: false; error: unknown };
}

export async function loadProfiles(): Promise<ProfilesData> {
  const api = lasttoken();
  const profiles = await api.profilesList();
  try {
    const statuses = await api.keysStatus({ profile_ids: profiles.map((p) => p.id) });
    return { profiles, keys: { ok: true, statuses } };
  } catch (error) {
    return { profiles, keys: { ok: false, error } };
  }
}

/** A profile's key status, or null when the statuses could not be read. */
export function keyStatusOf(data: ProfilesData, id: string): KeyStatus | null {
  return data.keys.ok ? (data.keys.statuses[id] ?? null) : null;
}
