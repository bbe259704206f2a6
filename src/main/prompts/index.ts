// What a run sends as its prompt: the prompt as given, or a synthetic one of
// the input length the run asks for (RunConfig.input_tokens).

import type { RunConfig } from '../../shared/run';
import { sharedTokenCounter, type TokenCounter } from '../probe';
import { RunConfigError } from '../runs/plan';
import { SyntheticPromptError, syntheticPrompt } from './synthetic-prompt';

export { SyntheticPromptError, syntheticPrompt } from './synthetic-prompt';

/** The text every trial's user message carries; throws RunConfigError for a prompt longer than its input length. */
export async function promptText(
  config: Pick<RunConfig, 'prompt' | 'input_tokens'>,
  counter: TokenCounter = sharedTokenCounter(),
): Promise<string> {
  if (config.input_tokens === undefined) return config.prompt;
  try {
    return (await syntheticPrompt(config.prompt, config.input_tokens, counter)).text;
  } catch (error) {
    if (error instanceof SyntheticPromptError) throw new RunConfigError([error.message]);
    throw error;
  }
}
