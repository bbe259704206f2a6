// Saved profiles with their keys in the OS keychain, and the built-in demo
// profile. Plain Node, no Electron: the CLI and the app share it.

export {
  AmbiguousProfileError,
  BuiltinProfileError,
  ProfileNotFoundError,
  ProfileService,
  type ProfileDraft,
  type ProfileRepository,
  type RemovedProfile,
} from './profile-service';
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
  keyWouldBeRefused,
  validateProfileInput,
} from './validate';
