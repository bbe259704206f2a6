// Schema version 13: what a provider's usage says beyond the two totals.
// cached_prompt_tokens, the prompt tokens its prompt cache served (a cached
// prompt answers sooner, so repeated trials can flatter a provider);
// reasoning_tokens_api, the reasoning tokens it counts among the completion
// tokens. NULL where the provider reported none, and for trials measured
// before this version, whose usage was not read for them.

export const sql = `
ALTER TABLE trials ADD COLUMN cached_prompt_tokens INTEGER;
ALTER TABLE trials ADD COLUMN reasoning_tokens_api INTEGER;
`;
