// Saved profiles with their keys in the OS keychain, and the built-in demo
// profile. Plain Node, no Electron: the CLI and the app share it.

export {
  AmbiguousProfileError,
  BuiltinProfileError,
  ProfileNotFoundError,
  ProfileService,
  type ProfileDraft,
  type ImportedProfiles,
  type ProfileRepository,
  type ProfileSecretsDraft,
  type RemovedProfile,
} from './profile-service';
export {
  MAX_PROFILE_FILE_BYTES,
  ProfileFileError,
  parseProfileFile,
  toProfileFile,
  type ProfileFile,
  type WithheldSetting,
} from './profile-file';
export {
  ProxyUrlInputError,
  decodeProxyCredentials,
  encodeProxyCredentials,
  proxyCredentialsAccount,
  splitProxyUrl,
  type ProxyCredentials,
} from './proxy-url';
export { KEY_ENV_NAME, validateRequestShape } from './request-shape';
export {
  BUILTIN_SIMULATOR_URL,
  DEMO_PROFILE_ID,
  DEMO_PROFILE_INPUT,
  resolveBuiltinEndpoint,
  usesBuiltinSimulator,
  withBuiltinEndpoint,
} from './demo';
export {
  CREDENTIAL_HEADER,
  HEADER_NAME,
  HeaderError,
  checkHeader,
  parseHeaderSpec,
  type HeaderProblem,
} from './headers';
export {
  MAX_NAME_LENGTH,
  ProfileError,
  ProfileInputError,
  ProfileInputErrors,
  keyWouldBeRefused,
  validateProfileInput,
} from './validate';
export { issuesOf, refusalOf } from './profile-input-error';
