// The profile form as it stands as the endpoint a connection test goes to,
// with nothing saved: no profile row, no keychain entry. A key typed in the
// form goes into that one request's header and nowhere else; without one, a
// saved profile's stored key is read for the request as a run would read it
// (its variable's key first, as at run time).

import { randomUUID } from 'node:crypto';
import type { ProfileSnapshot } from '../../shared/run';
import type { EndpointSpec } from '../probe';
import {
  ProfileInputError,
  ProfileNotFoundError,
  encodeProxyCredentials,
  issuesOf,
  proxyCredentialsAccount,
  refusalOf,
  type ProfileDraft,
  type ProfileSecretsDraft,
  type ProfileService,
} from '../profiles';
import { checkKey } from '../secrets';
import { requestEndpoint, type Environment, type KeySource } from './profile-endpoint';

export interface DraftRequest {
  /** The saved profile the form edits; absent for a new one. */
  id?: string | undefined;
  profile: ProfileDraft & ProfileSecretsDraft;
  /** Typed in the form, not stored; absent or empty: the saved profile's own. */
  key?: string | undefined;
}

/** An unsaved profile's stand-in id: the keychain is never asked for it. */
const DRAFT_ID = 'unsaved-profile';

/**
 * Throws ProfileInputError(s) for what the request cannot be made with (a
 * name is no part of a request: a test needs none), InvalidKeyError for a
 * typed key the keychain would refuse, ProfileNotFoundError for a saved
 * profile that is gone.
 */
export async function draftEndpoint(
  draft: DraftRequest,
  sources: { profiles: Pick<ProfileService, 'get' | 'checkDraft'>; keys: KeySource },
  env: Environment = process.env,
): Promise<EndpointSpec> {
  const saved = draft.id === undefined ? null : sources.profiles.get(draft.id);
  if (draft.id !== undefined && (!saved || saved.builtin)) throw new ProfileNotFoundError(draft.id);
  const { input, credentials } = checkedForRequest(sources.profiles, draft.profile, saved);
  const typed = draft.key === undefined || draft.key === '' ? undefined : draft.key;
  if (typed !== undefined) checkKey(typed);
  const id = saved?.id ?? DRAFT_ID;
  const snapshot: ProfileSnapshot = {
    ...input,
    id,
    color: input.color ?? saved?.color ?? 0,
    builtin: false,
    has_key: typed !== undefined || (saved?.has_key ?? false),
    proxy_auth: credentials ? true : credentials === null ? false : (saved?.proxy_auth ?? false),
  };
  const keys: KeySource = {
    readKeyForRequest: async (account) => {
      if (account === id && typed !== undefined) return typed;
      if (account === proxyCredentialsAccount(id) && credentials) {
        return encodeProxyCredentials(credentials);
      }
      // An unsaved profile has nothing in the keychain to ask for.
      return saved ? sources.keys.readKeyForRequest(account) : undefined;
    },
  };
  return requestEndpoint(snapshot, keys, env);
}

/** The draft checked as saving would check it, its name aside. */
function checkedForRequest(
  profiles: Pick<ProfileService, 'checkDraft'>,
  draft: DraftRequest['profile'],
  saved: ReturnType<ProfileService['get']>,
): ReturnType<ProfileService['checkDraft']> {
  try {
    return profiles.checkDraft(draft, saved);
  } catch (error) {
    if (!(error instanceof ProfileInputError)) throw error;
    const others = issuesOf(error).filter((issue) => issue.field !== 'name');
    if (others.length > 0) throw refusalOf(others);
    // Only the name was refused (empty, or another profile's): one no profile has stands in.
    return profiles.checkDraft({ ...draft, name: `${DRAFT_ID} ${randomUUID()}` }, saved);
  }
}
