// Schema version 2: what the engine learned to record about a response's body.
// - content_encoding: the server compressed the response (gzip, deflate, br);
//   the engine decodes it and says so, since a compressed stream is a server
//   choice a user may want to see.
// - finish_reason: why the model stopped, as the provider said it; an answer
//   without text (status `empty`) is explained by it.
// Both are null for trials measured before this version: nothing was recorded.

export const sql = `
ALTER TABLE trials ADD COLUMN content_encoding TEXT;
ALTER TABLE trials ADD COLUMN finish_reason TEXT;
`;
