// Saved profiles and their keys as one service, for the CLI now and the app
// later: the profile in SQLite (without key), its key in the OS keychain under
// the profile's id. This service can set, delete and ask about a key; it holds
// a KeyManager, which has no way to read one back (only the engine's request
// path does, through the KeyStore the run is given).

import type { Profile, ProfileDefaults, ProfileInput } from '../../shared/run';
import type { Dialect } from '../../shared/trial';
import { KeychainUnavailableError, type KeyManager } from '../secrets';
import type { CreateProfileOptions, ProfilePatch } from '../store';
import { DEMO_PROFILE_ID, DEMO_PROFILE_INPUT } from './demo';
import { ProfileError, ProfileInputError, validateProfileInput } from './validate';

/** The saved profiles (the store's ProfilesRepository). */
export interface ProfileRepository {
  list(): Profile[];
  get(id: string): Profile | null;
  create(input: ProfileInput, options?: CreateProfileOptions): Profile;
  update(id: string, patch: ProfilePatch): Profile | null;
  remove(id: string): boolean;
}

/** A new profile: name, base URL and model are required, the rest has defaults. */
export interface ProfileDraft {
  name: string;
  base_url: string;
  model: string;
  dialect?: Dialect;
  headers?: Record<string, string>;
  defaults?: ProfileDefaults;
  notes?: string;
  allow_insecure_key?: boolean;
}

/** No profile has that id (or name). */
export class ProfileNotFoundError extends ProfileError {
  override name = 'ProfileNotFoundError';
  constructor(readonly ref: string) {
    super(`no saved profile with id or name "${ref}"`);
  }
}

/** A name that more than one profile has. */
export class AmbiguousProfileError extends ProfileError {
  override name = 'AmbiguousProfileError';
  constructor(
    readonly ref: string,
    readonly ids: readonly string[],
  ) {
    super(`${ids.length} profiles are named "${ref}": use an id (${ids.join(', ')})`);
  }
}

/** The built-in demo profile is LastToken's, not the user's to change. */
export class BuiltinProfileError extends ProfileError {
  override name = 'BuiltinProfileError';
}

export interface RemovedProfile {
  profile: Profile;
  /** False when the keychain could not be reached: a key may remain there. */
  key_removed: boolean;
  /** Set when key_removed is false: what happened and what to do, without any key. */
  warning: string | null;
}

const sameName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly keys: KeyManager,
  ) {}

  /** The built-in demo first, then by name. */
  list(): Profile[] {
    return this.repository.list();
  }

  get(id: string): Profile | null {
    return this.repository.get(id);
  }

  /** A profile by id, or by name when exactly one profile has it (case-insensitive). */
  find(ref: string): Profile {
    const byId = this.repository.get(ref);
    if (byId) return byId;
    const named = this.repository.list().filter((p) => sameName(p.name, ref));
    if (named.length === 1 && named[0]) return named[0];
    if (named.length > 1)
      throw new AmbiguousProfileError(
        ref,
        named.map((p) => p.id),
      );
    throw new ProfileNotFoundError(ref);
  }

  /** Validates and saves a new profile (ProfileInputError names the field at fault). */
  create(draft: ProfileDraft): Profile {
    const input = validateProfileInput({
      name: draft.name,
      base_url: draft.base_url,
      model: draft.model,
      dialect: draft.dialect ?? 'openai-chat',
      headers: draft.headers ?? {},
      defaults: draft.defaults ?? {},
      notes: draft.notes ?? '',
      allow_insecure_key: draft.allow_insecure_key ?? false,
    });
    this.checkNameFree(input.name, null);
    return this.repository.create(input);
  }

  /** Changes the fields the patch sets (undefined leaves a field alone), checked as a whole. */
  update(id: string, patch: ProfilePatch): Profile {
    const current = this.editable(id, 'edited');
    const merged: ProfileInput = {
      name: patch.name ?? current.name,
      base_url: patch.base_url ?? current.base_url,
      model: patch.model ?? current.model,
      dialect: patch.dialect ?? current.dialect,
      headers: patch.headers ?? current.headers,
      defaults: patch.defaults ?? current.defaults,
      notes: patch.notes ?? current.notes,
      allow_insecure_key: patch.allow_insecure_key ?? current.allow_insecure_key,
    };
    const input = validateProfileInput(merged);
    this.checkNameFree(input.name, id);
    const updated = this.repository.update(id, input);
    if (!updated) throw new ProfileNotFoundError(id);
    return updated;
  }

  /**
   * Deletes the profile's key from the keychain, then the profile (its runs
   * keep their snapshot of it). When the keychain cannot be reached the
   * profile is removed anyway and the result says that its key may remain.
   */
  async remove(id: string): Promise<RemovedProfile> {
    const profile = this.editable(id, 'removed');
    let warning: string | null = null;
    try {
      await this.keys.deleteKey(id);
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      warning =
        `its API key, if one was stored, may remain in the OS keychain (service "LastToken", ` +
        `account "${id}"): the keychain could not be reached. Delete that entry with your ` +
        `keychain tool once it works again. ${error.message}`;
    }
    if (!this.repository.remove(id)) throw new ProfileNotFoundError(id);
    return { profile, key_removed: warning === null, warning };
  }

  /** Stores (or replaces) the profile's key in the OS keychain. */
  async setKey(id: string, key: string): Promise<Profile> {
    const profile = this.requireProfile(id);
    this.checkCanHoldKey(profile);
    await this.keys.setKey(id, key);
    return profile;
  }

  /** Throws BuiltinProfileError for the demo profile, which takes no key (check before asking for one). */
  checkCanHoldKey(profile: Profile): void {
    if (!profile.builtin) return;
    throw new BuiltinProfileError(
      `"${profile.name}" is built in and needs no key: it runs against the simulator inside LastToken`,
    );
  }

  /** Removes the profile's key from the OS keychain; a profile without one is fine. */
  async deleteKey(id: string): Promise<Profile> {
    const profile = this.requireProfile(id);
    // The demo never has a key: nothing to ask the keychain.
    if (!profile.builtin) await this.keys.deleteKey(id);
    return profile;
  }

  /** Whether a key is stored, without reading it. Throws KeychainUnavailableError. */
  async hasKey(id: string): Promise<boolean> {
    const profile = this.requireProfile(id);
    // The demo's key is never asked for: it needs none, and must run without a keychain.
    return profile.builtin ? false : this.keys.hasKey(id);
  }

  /**
   * The built-in "Demo (simulated)" profile, created when no built-in profile
   * exists yet (the first start). Safe when the app and the CLI both start at
   * once: the demo has a fixed id, so only one of them creates it.
   */
  ensureDemoProfile(): Profile {
    const existing = this.repository.list().find((p) => p.builtin);
    if (existing) return existing;
    const input = validateProfileInput(DEMO_PROFILE_INPUT, { builtin: true });
    try {
      return this.repository.create(input, { id: DEMO_PROFILE_ID, builtin: true });
    } catch (error) {
      const created = this.repository.get(DEMO_PROFILE_ID);
      if (created?.builtin) return created;
      throw error;
    }
  }

  private requireProfile(id: string): Profile {
    const profile = this.repository.get(id);
    if (!profile) throw new ProfileNotFoundError(id);
    return profile;
  }

  private editable(id: string, verb: 'edited' | 'removed'): Profile {
    const profile = this.requireProfile(id);
    if (profile.builtin) {
      throw new BuiltinProfileError(
        `"${profile.name}" is built in and cannot be ${verb}: add your own profile instead`,
      );
    }
    return profile;
  }

  private checkNameFree(name: string, ownId: string | null): void {
    const other = this.repository.list().find((p) => p.id !== ownId && sameName(p.name, name));
    if (other) {
      throw new ProfileInputError(
        'name',
        `a profile named "${other.name}" exists already (id ${other.id}): choose another name`,
      );
    }
  }
}
