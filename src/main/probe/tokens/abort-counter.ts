// The abort experiment's token count, on the thread that measures the stream
// (run-trial.ts): it must hang up at the chunk that brings the answer to K
// tokens, which a round trip to the token worker cannot do. Loaded only when
// a trial has an abort to make: the vocabulary is some 40 MB and 0.4 s to
// build, so it is built before the request starts, never at a chunk.

export type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | undefined;

/** o200k_base's exact count, its vocabulary built; the same tokenizer the token worker uses. */
export function abortCounter(): Promise<CountTokens> {
  loading ??= import('./encode-ordinary').then(async ({ countTokens }) => {
    const { o200kVocabulary } = await import('./o200k-base');
    o200kVocabulary();
    return countTokens;
  });
  return loading;
}
