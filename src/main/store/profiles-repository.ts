// The saved profiles. There is no key here and no way to store one: keys live
// in the OS keychain under the profile's id (src/main/secrets).

import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import {
  freeProfileColor,
  type Profile,
  type ProfileInput,
  type ProfileSecretFlags,
} from '../../shared/run';
import {
  PROFILE_COLUMNS,
  fromProfileColumns,
  toProfileColumns,
  type ProfileColumns,
} from './profile-row';
import { insertSql } from './row-values';

interface ProfileRow extends ProfileColumns {
  id: string;
  created_at: string;
  updated_at: string;
}

export interface CreateProfileOptions {
  /** Default: a random UUID. The built-in demo profile has a fixed one. */
  id?: string;
  builtin?: boolean;
  /** Default: no key, no proxy credentials (a new profile's id has no keychain entries yet). */
  secrets?: ProfileSecretFlags;
}

/** The input fields to change, and the keychain flags the profile service keeps. */
export type ProfilePatch = Partial<ProfileInput & ProfileSecretFlags>;

const ROW_COLUMNS = ['id', ...PROFILE_COLUMNS, 'created_at', 'updated_at'] as const;

// What a patch may change: a Record, so a new ProfilePatch field fails to
// compile until it is listed. Anything else in a patch object (an id, a
// builtin flag, a stray property) is ignored.
const INPUT_FIELDS = Object.keys({
  name: true,
  base_url: true,
  model: true,
  dialect: true,
  headers: true,
  defaults: true,
  params: true,
  notes: true,
  allow_insecure_key: true,
  key_header: true,
  key_prefix: true,
  query: true,
  key_env: true,
  proxy_mode: true,
  proxy_url: true,
  has_key: true,
  proxy_auth: true,
  color: true,
} satisfies Record<keyof ProfilePatch, true>) as (keyof ProfilePatch)[];

function fromRow(row: ProfileRow): Profile {
  return {
    ...fromProfileColumns(row.id, row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toRow(profile: Profile): ProfileRow {
  return {
    id: profile.id,
    ...toProfileColumns(profile),
    created_at: profile.created_at,
    updated_at: profile.updated_at,
  };
}

export class ProfilesRepository {
  private readonly selectAll: Statement<[], ProfileRow>;
  private readonly selectOne: Statement<[string], ProfileRow>;
  private readonly insertRow: Statement<[ProfileRow]>;
  private readonly updateRow: Statement<[ProfileRow]>;
  private readonly deleteRow: Statement<[string]>;
  private readonly selectColors: Statement<[], { color: number }>;

  constructor(private readonly db: Database) {
    // The built-in demo first, then by name as people read it.
    this.selectAll = db.prepare(
      'SELECT * FROM profiles ORDER BY builtin DESC, name COLLATE NOCASE, created_at, id',
    );
    this.selectOne = db.prepare('SELECT * FROM profiles WHERE id = ?');
    this.insertRow = db.prepare(insertSql('profiles', ROW_COLUMNS));
    this.updateRow = db.prepare(
      `UPDATE profiles SET ${[...PROFILE_COLUMNS, 'updated_at'].map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
    );
    this.deleteRow = db.prepare('DELETE FROM profiles WHERE id = ?');
    this.selectColors = db.prepare('SELECT color FROM profiles');
  }

  list(): Profile[] {
    return this.selectAll.all().map(fromRow);
  }

  get(id: string): Profile | null {
    const row = this.selectOne.get(id);
    return row ? fromRow(row) : null;
  }

  /** Throws if a profile with that id exists already. */
  create(input: ProfileInput, options: CreateProfileOptions = {}): Profile {
    const now = new Date().toISOString();
    const color = input.color ?? freeProfileColor(this.selectColors.all().map((r) => r.color));
    const profile: Profile = {
      id: options.id ?? randomUUID(),
      name: input.name,
      base_url: input.base_url,
      model: input.model,
      dialect: input.dialect,
      headers: input.headers,
      defaults: input.defaults,
      params: input.params,
      notes: input.notes,
      allow_insecure_key: input.allow_insecure_key,
      key_header: input.key_header,
      key_prefix: input.key_prefix,
      query: input.query,
      key_env: input.key_env,
      proxy_mode: input.proxy_mode,
      proxy_url: input.proxy_url,
      has_key: options.secrets?.has_key ?? false,
      proxy_auth: options.secrets?.proxy_auth ?? false,
      builtin: options.builtin ?? false,
      color,
      created_at: now,
      updated_at: now,
    };
    this.insertRow.run(toRow(profile));
    return profile;
  }

  /** The updated profile, or null when there is none with that id. */
  update(id: string, patch: ProfilePatch): Profile | null {
    // Read and write in one transaction, so a concurrent edit by the other
    // process (CLI or app) cannot be lost between the two.
    return this.db
      .transaction((): Profile | null => {
        const current = this.get(id);
        if (!current) return null;
        const updated: Profile = {
          ...current,
          ...definedFields(patch),
          updated_at: new Date().toISOString(),
        };
        this.updateRow.run(toRow(updated));
        return updated;
      })
      .immediate();
  }

  /** False when there was no profile with that id. Its runs keep their snapshot of it. */
  remove(id: string): boolean {
    return this.deleteRow.run(id).changes > 0;
  }
}

/** The input fields a patch sets: `{ notes: undefined }` leaves the notes alone. */
function definedFields(patch: ProfilePatch): ProfilePatch {
  const set = INPUT_FIELDS.filter((field) => patch[field] !== undefined);
  return Object.fromEntries(set.map((field) => [field, patch[field]])) as ProfilePatch;
}
