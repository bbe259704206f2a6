export {
  KEYCHAIN_SERVICE,
  MAX_KEY_BYTES,
  MAX_PROFILE_ID_LENGTH,
  InvalidKeyError,
  InvalidProfileIdError,
  checkKey,
  checkProfileId,
  type KeyManager,
  type KeyStore,
} from './key-store';
export {
  KeychainUnavailableError,
  classifyKeychainError,
  keychainFailure,
  keychainMessage,
  keychainModuleUnavailable,
  type KeychainFailureReason,
} from './keychain-errors';
export {
  KEYCHAIN_CHECK_SERVICE,
  KeytarKeyStore,
  type KeytarApi,
  type KeytarKeyStoreOptions,
} from './keytar-key-store';
export { MemoryKeyStore } from './memory-key-store';
