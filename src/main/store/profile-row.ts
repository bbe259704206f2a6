// A profile's columns, shared by `profiles` (the saved profiles) and
// `run_profiles` (each run's snapshot of them), which have the same ones.

import type { ProfileDefaults, ProfileSnapshot } from '../../shared/run';
import { fromBit, toBit, type Bit } from './row-values';

export interface ProfileColumns {
  name: string;
  base_url: string;
  model: string;
  dialect: ProfileSnapshot['dialect'];
  headers: string;
  defaults: string;
  notes: string;
  allow_insecure_key: Bit;
  builtin: Bit;
}

/** The column names, in one place for the INSERT statements. */
export const PROFILE_COLUMNS = [
  'name',
  'base_url',
  'model',
  'dialect',
  'headers',
  'defaults',
  'notes',
  'allow_insecure_key',
  'builtin',
] as const satisfies readonly (keyof ProfileColumns)[];

export function toProfileColumns(profile: Omit<ProfileSnapshot, 'id'>): ProfileColumns {
  return {
    name: profile.name,
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    headers: JSON.stringify(profile.headers),
    defaults: JSON.stringify(profile.defaults),
    notes: profile.notes,
    allow_insecure_key: toBit(profile.allow_insecure_key),
    builtin: toBit(profile.builtin),
  };
}

export function fromProfileColumns(id: string, row: ProfileColumns): ProfileSnapshot {
  return {
    id,
    name: row.name,
    base_url: row.base_url,
    model: row.model,
    dialect: row.dialect,
    headers: JSON.parse(row.headers) as Record<string, string>,
    defaults: JSON.parse(row.defaults) as ProfileDefaults,
    notes: row.notes,
    allow_insecure_key: fromBit(row.allow_insecure_key),
    builtin: fromBit(row.builtin),
  };
}
