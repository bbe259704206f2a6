import { WordedError } from '../../shared/messages';

/** What a call names does not exist (a run, a trial): the API answers `not_found`. */
export class NotFoundError extends WordedError {
  override readonly name = 'NotFoundError';
}
