// The token worker's request for one text that came as one chunk, with no
// reasoning and no secret to redact: what a test needs to have it count.

import type { TextTokensRequest } from '../../src/main/probe/tokens/text-tokens';

export function oneChunkRequest(text: string): TextTokensRequest {
  return {
    content: text,
    contentEnds: new Int32Array([text.length]),
    reasoning: '',
    reasoningEnds: new Int32Array([0]),
    secrets: [],
  };
}
