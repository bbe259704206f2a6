// The errors a profile's checks raise: something the user can fix, with a
// message for people that never repeats a credential.

import { englishOf, type MessageText } from '../../shared/messages';
import type { ProfileInput } from '../../shared/run';

/** Something the user can fix about a profile; the message is for people. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

/**
 * A field of a profile is not acceptable. `message` is its English words; a
 * message of the catalogue also keeps its key (`text`), for the renderer to
 * word in the reader's language.
 */
export class ProfileInputError extends ProfileError {
  override name = 'ProfileInputError';
  readonly text: MessageText | undefined;
  constructor(
    readonly field: keyof ProfileInput,
    message: string | MessageText,
  ) {
    super(typeof message === 'string' ? message : englishOf(message));
    this.text = typeof message === 'string' ? undefined : message;
  }
}
