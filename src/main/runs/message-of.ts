/** What was thrown, in words: an Error's message, anything else as text. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
