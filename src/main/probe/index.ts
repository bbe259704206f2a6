export {
  checkEndpoint,
  createProbeSession,
  InsecureKeyError,
  ProbeConfigError,
  type ProbeSessionOptions,
} from './probe-session';
export { resolveEndpointUrl, isLoopbackHost } from './endpoint-url';
export { credentialQueryMessage, isCredentialQuery } from './url-credentials';
export { sharedTokenCounter, TOKENIZER, type TokenCounter } from './tokens';
export * from './types';
export { CREDENTIAL_HEADER } from './credential-header';
export { testConnection } from './connection-test';
export { listModels, ModelListError, modelsUrl, parseModelList } from './list-models';
