// The errors a profile's checks raise: something the user can fix, with a
// message for people that never repeats a credential.

import type { ProfileInput } from '../../shared/run';

/** Something the user can fix about a profile; the message is for people. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

/** A field of a profile is not acceptable. */
export class ProfileInputError extends ProfileError {
  override name = 'ProfileInputError';
  constructor(
    readonly field: keyof ProfileInput,
    message: string,
  ) {
    super(message);
  }
}
