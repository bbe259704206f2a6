// Schema version 15: input_tokens on trials, the synthetic prompt's length a
// trial sent (its group in a sweep of input lengths); NULL for a trial that
// sent its prompt as given, and for trials measured before this version.

export const sql = `
ALTER TABLE trials ADD COLUMN input_tokens INTEGER;
`;
