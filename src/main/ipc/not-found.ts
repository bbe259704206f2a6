/** What a call names does not exist (a run, a trial): the API answers `not_found`. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}
