// A profile's columns, shared by `profiles` (the saved profiles) and
// `run_profiles` (each run's snapshot of them), which have the same ones.

import type { RequestParams } from '../../shared/request-params';
import type { ProfileDefaults, ProfileSnapshot } from '../../shared/run';
import { fromBit, toBit, type Bit } from './row-values';

export interface ProfileColumns {
  name: string;
  base_url: string;
  model: string;
  dialect: ProfileSnapshot['dialect'];
  headers: string;
  defaults: string;
  params: string;
  notes: string;
  allow_insecure_key: Bit;
  key_header: string | null;
  key_prefix: string | null;
  query: string;
  key_env: string | null;
  /** Null: saved before schema version 5, the keychain must be asked. */
  has_key: Bit | null;
  proxy_mode: ProfileSnapshot['proxy_mode'];
  proxy_url: string | null;
  proxy_auth: Bit;
  builtin: Bit;
  color: number;
}

/** The column names, in one place for the INSERT statements. */
export const PROFILE_COLUMNS = [
  'name',
  'base_url',
  'model',
  'dialect',
  'headers',
  'defaults',
  'params',
  'notes',
  'allow_insecure_key',
  'key_header',
  'key_prefix',
  'query',
  'key_env',
  'has_key',
  'proxy_mode',
  'proxy_url',
  'proxy_auth',
  'builtin',
  'color',
] as const satisfies readonly (keyof ProfileColumns)[];

export function toProfileColumns(profile: Omit<ProfileSnapshot, 'id'>): ProfileColumns {
  return {
    name: profile.name,
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    headers: JSON.stringify(profile.headers),
    defaults: JSON.stringify(profile.defaults),
    params: JSON.stringify(profile.params),
    notes: profile.notes,
    allow_insecure_key: toBit(profile.allow_insecure_key),
    key_header: profile.key_header,
    key_prefix: profile.key_prefix,
    query: JSON.stringify(profile.query),
    key_env: profile.key_env,
    has_key: profile.has_key === null ? null : toBit(profile.has_key),
    proxy_mode: profile.proxy_mode,
    proxy_url: profile.proxy_url,
    proxy_auth: toBit(profile.proxy_auth),
    builtin: toBit(profile.builtin),
    color: profile.color,
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
    params: JSON.parse(row.params) as RequestParams,
    notes: row.notes,
    allow_insecure_key: fromBit(row.allow_insecure_key),
    key_header: row.key_header,
    key_prefix: row.key_prefix,
    query: JSON.parse(row.query) as Record<string, string>,
    key_env: row.key_env,
    has_key: row.has_key === null ? null : fromBit(row.has_key),
    proxy_mode: row.proxy_mode,
    proxy_url: row.proxy_url,
    proxy_auth: fromBit(row.proxy_auth),
    builtin: fromBit(row.builtin),
    color: row.color,
  };
}
