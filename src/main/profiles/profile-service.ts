// Saved profiles and their keys as one service, for the CLI and the app: the
// profile in SQLite (without key), its key in the OS keychain under the
// profile's id, its proxy's credentials beside it (proxyCredentialsAccount).
// This service can set, delete and ask about them; it holds a KeyManager,
// which has no way to read one back (only the engine's request path does,
// through the KeyStore the run is given). The profile keeps flags of what the
// keychain holds (has_key, proxy_auth), so a profile without any secret never
// asks the keychain, and runs where none exists.

import type { RequestParams } from '../../shared/request-params';
import { randomUUID } from 'node:crypto';
import { englishOf } from '../../shared/messages';
import type { Profile, ProfileDefaults, ProfileInput, ProxyMode } from '../../shared/run';
import type { Dialect } from '../../shared/trial';
import { KeychainUnavailableError, type KeyManager } from '../secrets';
import type { CreateProfileOptions, ProfilePatch } from '../store';
import { isReadOnlyError } from '../store/write-access';
import { DEMO_PROFILE_ID, DEMO_PROFILE_INPUT } from './demo';
import { withheldOnImport, type WithheldSetting } from './profile-file';
import {
  ProxyUrlInputError,
  checkProxyCredentials,
  encodeProxyCredentials,
  proxyCredentialsAccount,
  splitProxyUrl,
  type ProxyCredentials,
} from './proxy-url';
import { ProfileError, ProfileInputError, ProfileIssues, validateProfileInput } from './validate';
import { issuesOf, refusalOf } from './profile-input-error';

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
  params?: RequestParams;
  notes?: string;
  allow_insecure_key?: boolean;
  key_header?: string | null;
  key_prefix?: string | null;
  query?: Record<string, string>;
  key_env?: string | null;
  proxy_mode?: ProxyMode;
  /** May carry credentials (user:pass@host) for add and edit: they go to the keychain, never the database. */
  proxy_url?: string | null;
  /** A palette slot; absent: the one fewest profiles have. */
  color?: number;
}

/**
 * What add and edit also take: the proxy's credentials, write-only. An
 * object stores (or replaces) them, null removes them, undefined keeps them
 * (or takes those written into proxy_url).
 */
export interface ProfileSecretsDraft {
  proxy_credentials?: ProxyCredentials | null;
}

/** No profile has that id (or name). */
export class ProfileNotFoundError extends ProfileError {
  override name = 'ProfileNotFoundError';
  constructor(readonly ref: string) {
    super({ key: 'profiles.not_found', values: { ref } });
  }
}

/** A name that more than one profile has. */
export class AmbiguousProfileError extends ProfileError {
  override name = 'AmbiguousProfileError';
  constructor(
    readonly ref: string,
    readonly ids: readonly string[],
  ) {
    super({ key: 'profiles.ambiguous', values: { count: ids.length, ref, ids: ids.join(', ') } });
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

/** What importing a profile file did, profile by profile. */
export interface ImportedProfiles {
  added: Profile[];
  /** The same profile (name, base URL and model) is saved already: nothing added. */
  skipped: { name: string; id: string }[];
  /** Another profile has the name: added under a new one. */
  renamed: { from: string; to: string; id: string }[];
  /** Added profiles whose file said what a file may not decide: saved without it. */
  withheld: { id: string; name: string; settings: WithheldSetting[] }[];
}

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

  /** Validates and saves a new profile (ProfileInputError names each field at fault). */
  create(draft: ProfileDraft): Profile {
    const issues = new ProfileIssues();
    const input = this.newInput(draft, issues);
    issues.done();
    return this.repository.create(input);
  }

  /**
   * Like create, with the proxy's credentials (given, or written into
   * proxy_url) stored in the keychain first: when the keychain fails, nothing
   * is saved.
   */
  async add(draft: ProfileDraft & ProfileSecretsDraft): Promise<Profile> {
    const { input, credentials } = this.checkDraft(draft, null);
    const id = randomUUID();
    if (credentials) await this.storeProxyCredentials(proxyCredentialsAccount(id), credentials);
    return this.repository.create(input, {
      id,
      secrets: { has_key: false, proxy_auth: Boolean(credentials) },
    });
  }

  /** Changes the fields the patch sets (undefined leaves a field alone), checked as a whole. */
  update(id: string, patch: ProfilePatch): Profile {
    const current = this.editable(id, 'edited');
    const issues = new ProfileIssues();
    const input = this.mergedInput(current, patch, issues);
    issues.done();
    return this.save(id, input, {});
  }

  /**
   * Like update, with the proxy's credentials: stored, replaced or removed in
   * the keychain first (leaving the profile's own proxy removes them), so a
   * keychain that fails leaves the profile as it was.
   */
  async edit(id: string, patch: ProfilePatch & ProfileSecretsDraft): Promise<Profile> {
    const current = this.editable(id, 'edited');
    const { input, credentials } = this.checkDraft(patch, current);
    const account = proxyCredentialsAccount(id);
    if (credentials) {
      await this.storeProxyCredentials(account, credentials);
      return this.save(id, input, { proxy_auth: true });
    }
    const drop = current.proxy_auth && (credentials === null || input.proxy_mode !== 'url');
    if (drop) await this.keys.deleteKey(account);
    return this.save(id, input, drop ? { proxy_auth: false } : {});
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
      // A profile that never had a secret is removed without asking the keychain.
      if (profile.has_key !== false) await this.keys.deleteKey(id);
      if (profile.proxy_auth) await this.keys.deleteKey(proxyCredentialsAccount(id));
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      warning = englishOf({
        key: 'profiles.key_may_remain',
        values: { id, proxy_account: proxyCredentialsAccount(id), detail: error.message },
      });
    }
    if (!this.repository.remove(id)) throw new ProfileNotFoundError(id);
    return { profile, key_removed: warning === null, warning };
  }

  /** Stores (or replaces) the profile's key in the OS keychain. */
  async setKey(id: string, key: string): Promise<Profile> {
    const profile = this.requireProfile(id);
    this.checkCanHoldKey(profile);
    await this.keys.setKey(id, key);
    return this.flag(id, { has_key: true });
  }

  /** Throws BuiltinProfileError for the demo profile, which takes no key (check before asking for one). */
  checkCanHoldKey(profile: Profile): void {
    if (!profile.builtin) return;
    throw new BuiltinProfileError({
      key: 'profiles.builtin_needs_no_key',
      values: { name: profile.name },
    });
  }

  /** Removes the profile's key from the OS keychain; a profile without one is fine. */
  async deleteKey(id: string): Promise<Profile> {
    const profile = this.requireProfile(id);
    // The demo never has a key, nor one that the flag says is absent: nothing to ask the keychain.
    if (profile.builtin || profile.has_key === false) return profile;
    await this.keys.deleteKey(id);
    return this.flag(id, { has_key: false });
  }

  /**
   * Whether a key is stored, without reading it: the profile's flag, or for a
   * profile saved before the flag existed, the keychain's answer (then kept as
   * the flag). Throws KeychainUnavailableError.
   */
  async hasKey(id: string): Promise<boolean> {
    const profile = this.requireProfile(id);
    // The demo's key is never asked for: it needs none, and must run without a keychain.
    if (profile.builtin) return false;
    if (profile.has_key !== null) return profile.has_key;
    const stored = await this.keys.hasKey(id);
    try {
      this.flag(id, { has_key: stored });
    } catch (error) {
      // A history this process may only read is asked again next time.
      if (!isReadOnlyError(error)) throw error;
    }
    return stored;
  }

  /**
   * Adds the profiles of a profile file. Every one is checked before any is
   * saved (a ProfileInputError names the profile at fault). One that is here
   * already (same name, base URL and model) is skipped, so importing a file
   * twice adds nothing; one whose name another profile has gets a new name.
   * They come without key and without proxy credentials, and without the
   * settings a file may not decide (withheldOnImport).
   */
  importProfiles(inputs: readonly ProfileInput[]): ImportedProfiles {
    const checked = inputs.map((input, index) => {
      try {
        return validateProfileInput(input);
      } catch (error) {
        if (!(error instanceof ProfileInputError)) throw error;
        const which = { index: index + 1, name: JSON.stringify(String(input.name).slice(0, 100)) };
        throw refusalOf(
          issuesOf(error).map(
            (issue) =>
              new ProfileInputError(issue.field, {
                key: 'profiles.in_file',
                values: { ...which, message: issue.message },
              }),
          ),
        );
      }
    });
    const names = this.repository.list().map((p) => ({ ...p }));
    const result: ImportedProfiles = { added: [], skipped: [], renamed: [], withheld: [] };
    for (const input of checked) {
      const same = names.find(
        (p) =>
          sameName(p.name, input.name) && p.base_url === input.base_url && p.model === input.model,
      );
      if (same) {
        result.skipped.push({ name: input.name, id: same.id });
        continue;
      }
      const name = freeName(
        input.name,
        names.map((p) => p.name),
      );
      const { input: kept, withheld } = withheldOnImport(input);
      const added = this.repository.create({ ...kept, name });
      names.push(added);
      result.added.push(added);
      if (name !== input.name) result.renamed.push({ from: input.name, to: name, id: added.id });
      if (withheld.length > 0) result.withheld.push({ id: added.id, name, settings: withheld });
    }
    return result;
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

  /** A keychain that cannot keep them says what to do for a proxy, which is not what it says for a key. */
  private async storeProxyCredentials(
    account: string,
    credentials: ProxyCredentials,
  ): Promise<void> {
    try {
      await this.keys.setKey(account, encodeProxyCredentials(credentials));
    } catch (error) {
      throw error instanceof KeychainUnavailableError ? error.forProxyCredentials() : error;
    }
  }

  /**
   * A new profile (`current` null) or the patch over a saved one, checked as it
   * would be saved, with its proxy's credentials apart: every field's problem
   * at once, a name another profile has included. Nothing is stored.
   */
  checkDraft(
    draft: Partial<ProfileDraft> & ProfileSecretsDraft,
    current: Profile | null,
  ): { input: ProfileInput; credentials: ProxyCredentials | null | undefined } {
    const issues = new ProfileIssues();
    // A proxy URL that cannot be split is its one problem: the rest is checked without it.
    const split = issues.check(() => withoutUrlCredentials(draft), {
      draft: { ...draft, proxy_mode: 'env' as const, proxy_url: null },
      credentials: undefined,
    });
    const input = current
      ? this.mergedInput(current, split.draft, issues)
      : this.newInput(split.draft as ProfileDraft, issues);
    if (split.credentials) issues.check(() => requireOwnProxy(input.proxy_mode), undefined);
    issues.done();
    return { input, credentials: split.credentials };
  }

  /** The draft with its defaults, checked; its problems go to `issues` (the caller's to throw). */
  private newInput(draft: ProfileDraft, issues: ProfileIssues): ProfileInput {
    return this.checked(issues, null, {
      name: draft.name,
      base_url: draft.base_url,
      model: draft.model,
      dialect: draft.dialect ?? 'openai-chat',
      headers: draft.headers ?? {},
      defaults: draft.defaults ?? {},
      params: draft.params ?? {},
      notes: draft.notes ?? '',
      allow_insecure_key: draft.allow_insecure_key ?? false,
      key_header: draft.key_header ?? null,
      key_prefix: draft.key_prefix ?? null,
      query: draft.query ?? {},
      key_env: draft.key_env ?? null,
      proxy_mode: draft.proxy_mode ?? 'env',
      proxy_url: draft.proxy_url ?? null,
      color: draft.color,
    });
  }

  /** The input checked, the name free among the others: every problem goes to `issues`. */
  private checked(issues: ProfileIssues, ownId: string | null, input: ProfileInput): ProfileInput {
    issues.check(() => this.checkNameFree(String(input.name), ownId), undefined);
    return issues.check(() => validateProfileInput(input), input);
  }

  /** The patch over the current profile, checked as a whole (undefined keeps a field, null clears it). */
  private mergedInput(current: Profile, patch: ProfilePatch, issues: ProfileIssues): ProfileInput {
    const pick = <K extends keyof ProfileInput>(field: K): ProfileInput[K] =>
      patch[field] === undefined ? current[field] : (patch[field] as ProfileInput[K]);
    return this.checked(issues, current.id, {
      name: pick('name'),
      base_url: pick('base_url'),
      model: pick('model'),
      dialect: pick('dialect'),
      headers: pick('headers'),
      defaults: pick('defaults'),
      params: pick('params'),
      notes: pick('notes'),
      allow_insecure_key: pick('allow_insecure_key'),
      key_header: pick('key_header'),
      key_prefix: pick('key_prefix'),
      query: pick('query'),
      key_env: pick('key_env'),
      proxy_mode: pick('proxy_mode'),
      proxy_url: pick('proxy_url'),
      color: patch.color ?? current.color,
    });
  }

  private save(id: string, input: ProfileInput, flags: ProfilePatch): Profile {
    const updated = this.repository.update(id, { ...input, ...flags });
    if (!updated) throw new ProfileNotFoundError(id);
    return updated;
  }

  /** Records what the keychain now holds for the profile. */
  private flag(id: string, flags: ProfilePatch): Profile {
    const updated = this.repository.update(id, flags);
    if (!updated) throw new ProfileNotFoundError(id);
    return updated;
  }

  private requireProfile(id: string): Profile {
    const profile = this.repository.get(id);
    if (!profile) throw new ProfileNotFoundError(id);
    return profile;
  }

  private editable(id: string, verb: 'edited' | 'removed'): Profile {
    const profile = this.requireProfile(id);
    if (profile.builtin) {
      throw new BuiltinProfileError({
        key: verb === 'edited' ? 'profiles.builtin_cannot_edit' : 'profiles.builtin_cannot_remove',
        values: { name: profile.name },
      });
    }
    return profile;
  }

  private checkNameFree(name: string, ownId: string | null): void {
    const other = this.repository.list().find((p) => p.id !== ownId && sameName(p.name, name));
    if (other) {
      // Named, not by id: the name is what the user sees in the list.
      throw new ProfileInputError('name', {
        key: 'profiles.name_taken',
        values: { name: other.name },
      });
    }
  }
}

/**
 * The draft with its proxy URL's credentials taken out, and the credentials
 * to store: those given, else those written into the URL; null to remove;
 * undefined to keep what is stored.
 */
function withoutUrlCredentials<D extends { proxy_url?: string | null } & ProfileSecretsDraft>(
  draft: D,
): { draft: D; credentials: ProxyCredentials | null | undefined } {
  const given = draft.proxy_credentials;
  if (given) {
    try {
      checkProxyCredentials(given);
    } catch (error) {
      if (!(error instanceof ProxyUrlInputError)) throw error;
      throw new ProfileInputError('proxy_url', error.text);
    }
  }
  if (typeof draft.proxy_url !== 'string' || draft.proxy_url.trim() === '') {
    return { draft, credentials: given };
  }
  let split;
  try {
    split = splitProxyUrl(draft.proxy_url);
  } catch (error) {
    if (error instanceof ProxyUrlInputError) throw new ProfileInputError('proxy_url', error.text);
    throw error;
  }
  if (split.credentials && given !== undefined) {
    throw new ProfileInputError('proxy_url', { key: 'profiles.proxy_credentials_twice' });
  }
  return { draft: { ...draft, proxy_url: split.url }, credentials: split.credentials ?? given };
}

function requireOwnProxy(mode: ProxyMode): void {
  if (mode === 'url') return;
  throw new ProfileInputError('proxy_url', { key: 'profiles.proxy_credentials_need_own_proxy' });
}

/** `name`, or `name (imported)`, `name (imported 2)`... whichever no profile has yet. */
function freeName(name: string, taken: readonly string[]): string {
  const free = (candidate: string): boolean => !taken.some((t) => sameName(t, candidate));
  if (free(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = `${name} (imported${n === 1 ? '' : ` ${n}`})`;
    if (free(candidate)) return candidate;
  }
}
