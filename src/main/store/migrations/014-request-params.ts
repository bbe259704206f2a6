// Schema version 14: what requests say besides the prompt.
// - params on the saved profiles and on each run's snapshot of them: the
//   system prompt, sampling parameters, reasoning effort, the token limit's
//   name and an extra body, as a JSON object (src/shared/request-params.ts);
//   '{}' for profiles saved before, whose requests carried none.
// - token_param on trials: the name the request gave its token limit
//   (max_tokens, max_completion_tokens), which a 400 may have changed; NULL
//   for trials measured before this version.

export const sql = `
ALTER TABLE profiles ADD COLUMN params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params));
ALTER TABLE run_profiles ADD COLUMN params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params));
ALTER TABLE trials ADD COLUMN token_param TEXT;
`;
