// A profile as the endpoint a request goes to: its key taken for that request
// only (from the environment variable it names, else from the keychain when
// the profile has one there), its proxy's credentials from the keychain, the
// demo profile pointed at the built-in simulator. A profile without any
// secret never asks the keychain, so it runs where none exists. Runs and the
// app's one-off requests (a connection test, a model list) alike.

import type { ProfileSnapshot } from '../../shared/run';
import type { EndpointSpec, ProxyChoice } from '../probe';
import {
  ProfileError,
  ProfileNotFoundError,
  decodeProxyCredentials,
  proxyCredentialsAccount,
  usesBuiltinSimulator,
} from '../profiles';
import { KeychainUnavailableError } from '../secrets';
import type { BuiltinSimulator } from '../sim';

export interface KeySource {
  /** The profile's API key for a request; undefined when none is stored. May throw (keychain unavailable). */
  readKeyForRequest(profileId: string): Promise<string | undefined>;
}

/** A secret a profile needs cannot be had; the message says which and what to do, never a secret. */
export class RequestSecretError extends ProfileError {
  override name = 'RequestSecretError';
  constructor(
    message: string,
    /** The keychain could not be used (else: a variable is not set, an entry is missing). */
    readonly keychainUnavailable = false,
  ) {
    super(message);
  }
}

export interface ProfileEndpointSources {
  profiles: { get(id: string): ProfileSnapshot | null };
  keys: KeySource;
  simulator: BuiltinSimulator;
}

/** Where an environment variable's key is read: the process's environment unless a test says otherwise. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** For a one-off request: throws ProfileNotFoundError, or RequestSecretError. */
export async function profileEndpoint(
  profile_id: string,
  sources: ProfileEndpointSources,
): Promise<EndpointSpec> {
  const profile = sources.profiles.get(profile_id);
  if (!profile) throw new ProfileNotFoundError(profile_id);
  let endpoint: EndpointSpec;
  try {
    endpoint = await requestEndpoint(profile, sources.keys);
  } catch (error) {
    if (!(error instanceof RequestSecretError)) throw error;
    throw new RequestSecretError(
      `profile “${profile.name}”: ${error.message}`,
      error.keychainUnavailable,
    );
  }
  return usesBuiltinSimulator(profile)
    ? { ...endpoint, base_url: `${await sources.simulator.url()}/v1` }
    : endpoint;
}

/** The endpoint a request for the profile goes to, with its secrets. Throws RequestSecretError. */
export async function requestEndpoint(
  profile: ProfileSnapshot,
  keys: KeySource,
  env: Environment = process.env,
): Promise<EndpointSpec> {
  return {
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    api_key: await apiKey(profile, keys, env),
    headers: profile.headers,
    allow_insecure_key: profile.allow_insecure_key,
    ...(profile.key_header === null
      ? {}
      : { key_header: { name: profile.key_header, prefix: profile.key_prefix ?? '' } }),
    query: profile.query,
    proxy: await proxyChoice(profile, keys),
  };
}

async function apiKey(
  profile: ProfileSnapshot,
  keys: KeySource,
  env: Environment,
): Promise<string | undefined> {
  // The demo needs none, and must work without a keychain.
  if (profile.builtin) return undefined;
  const fromEnv = profile.key_env === null ? undefined : env[profile.key_env];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const stored =
    profile.has_key === false ? undefined : await fromKeychain(keys, profile.id, 'its API key');
  if (stored === undefined && profile.key_env !== null) {
    throw new RequestSecretError(
      `its API key is taken from the environment variable ${profile.key_env}, which is not set ` +
        `(or empty) here: set it (export ${profile.key_env}=...) before running, or store a key in the keychain`,
    );
  }
  return stored;
}

async function proxyChoice(profile: ProfileSnapshot, keys: KeySource): Promise<ProxyChoice> {
  if (profile.proxy_mode !== 'url' || profile.proxy_url === null) {
    return { kind: profile.proxy_mode === 'direct' ? 'direct' : 'env' };
  }
  if (!profile.proxy_auth) return { kind: 'url', url: profile.proxy_url };
  const stored = await fromKeychain(
    keys,
    proxyCredentialsAccount(profile.id),
    'its proxy’s credentials',
  );
  if (stored === undefined) {
    throw new RequestSecretError(
      'its proxy’s credentials are missing from the OS keychain: give them again ' +
        '(lasttoken profile edit PROFILE --proxy http://USER:PASSWORD@HOST:PORT, or the profile form)',
    );
  }
  return { kind: 'url', url: profile.proxy_url, ...decodeProxyCredentials(stored) };
}

async function fromKeychain(
  keys: KeySource,
  account: string,
  what: string,
): Promise<string | undefined> {
  try {
    return await keys.readKeyForRequest(account);
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError)) throw error;
    throw new RequestSecretError(
      `${what} could not be read from the OS keychain: ${error.message}`,
      true,
    );
  }
}
