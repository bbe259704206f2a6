// The run's profiles as its snapshot kept them (a profile renamed or removed
// since still shows as it was measured), in the run's order: that order is
// each profile's colour in every chart.

import type { RunRecord } from '../../../../../shared/run';

export interface RunProfile {
  id: string;
  /** User text: rendered by React, escaped in chart tooltips. */
  name: string;
  model: string;
  base_url: string;
  /** Its position in the run: its colour. */
  index: number;
}

export function runProfiles(run: RunRecord): RunProfile[] {
  return run.profiles.map((profile, index) => ({
    id: profile.id,
    name: profile.name,
    model: profile.model,
    base_url: profile.base_url,
    index,
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
      index: profiles.length,
    }
  );
}
