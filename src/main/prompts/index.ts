// What a run sends as its prompt: the prompt as given, or a synthetic one of
// each input length the run asks for (RunConfig.input_tokens).

import { inputLengths, type RunConfig } from '../../shared/run';
import { sharedTokenCounter, type TokenCounter } from '../probe';
import { RunConfigError } from '../runs/plan';
import { SyntheticPromptError, syntheticPrompt } from './synthetic-prompt';

export { SyntheticPromptError, syntheticPrompt } from './synthetic-prompt';

/** The user message of every trial that sends `input_tokens` (null: the prompt as it is). */
export interface RunPrompt {
  input_tokens: number | null;
  text: string;
}

/**
 * The text each of the run's input lengths sends, in the run's order (one,
 * the prompt as it is, when it has none); throws RunConfigError for a prompt
 * longer than an input length.
 */
export async function promptTexts(
  config: Pick<RunConfig, 'prompt' | 'input_tokens'>,
  counter: TokenCounter = sharedTokenCounter(),
): Promise<RunPrompt[]> {
  const lengths = inputLengths(config);
  if (lengths.length === 0) return [{ input_tokens: null, text: config.prompt }];
  const prompts: RunPrompt[] = [];
  const problems: string[] = [];
  for (const input_tokens of lengths) {
    try {
      const { text } = await syntheticPrompt(config.prompt, input_tokens, counter);
      prompts.push({ input_tokens, text });
    } catch (error) {
      if (!(error instanceof SyntheticPromptError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new RunConfigError(problems);
  return prompts;
}

/** The text a trial of `input_tokens` sends, from the run's prompts. */
export function promptFor(prompts: readonly RunPrompt[], input_tokens: number | null): string {
  const prompt = prompts.find((p) => p.input_tokens === input_tokens);
  if (prompt === undefined) {
    throw new Error(
      `the run has no prompt of ${input_tokens ?? 'the prompt as it is'} input tokens`,
    );
  }
  return prompt.text;
}
