// o200k_base is the tokenizer of current OpenAI models. Other providers use
// their own, so counts are comparable across endpoints, not equal to what each
// bills; the API's own usage figure is kept beside it.
export const TOKENIZER = 'o200k_base';

// The engine counts on the token worker. The tokenizer itself (encode-ordinary.ts,
// segments.ts) is not exported here: importing it loads the vocabulary into
// the importing thread.
export {
  configureTokenWorker,
  configuredTokenWorker,
  createTokenCounter,
  sharedTokenCounter,
  type TextTokensRequest,
  type TextTokensResult,
  type TokenCounter,
  type TokenCounterOptions,
} from './token-counter';
