// The errors a profile's checks raise: something the user can fix, with a
// message for people that never repeats a credential. A profile is checked
// field by field and every field's problem is said at once (ProfileIssues),
// so that a form is fixed in one go, not one refusal per submit.

import { englishOf, type MessageText } from '../../shared/messages';
import type { ProfileInput } from '../../shared/run';

/**
 * Something the user can fix about a profile. `message` is its English words;
 * a message of the catalogue also keeps its key (`text`), for the renderer to
 * word in the reader's language.
 */
export class ProfileError extends Error {
  override name = 'ProfileError';
  readonly text: MessageText | undefined;
  constructor(message: string | MessageText) {
    super(typeof message === 'string' ? message : englishOf(message));
    this.text = typeof message === 'string' ? undefined : message;
  }
}

/** A field of a profile is not acceptable. */
export class ProfileInputError extends ProfileError {
  override name = 'ProfileInputError';
  constructor(
    readonly field: keyof ProfileInput,
    message: string | MessageText,
  ) {
    super(message);
  }
}

/**
 * Several fields are not acceptable: `field` and `text` are the first's, and
 * `message` says how many, then every one on a line of its own (what the CLI
 * prints).
 */
export class ProfileInputErrors extends ProfileInputError {
  override name = 'ProfileInputErrors';
  constructor(readonly issues: readonly ProfileInputError[]) {
    const [first] = issues;
    if (first === undefined) throw new Error('ProfileInputErrors needs at least one issue');
    super(first.field, first.text ?? first.message);
    const heading = englishOf({
      key: 'profiles.several_problems',
      values: { count: issues.length },
    });
    this.message = [heading, ...issues.map((issue) => `  - ${issue.message}`)].join('\n');
  }
}

/** One refusal for the issues found: the issue itself when there is one. */
export function refusalOf(issues: readonly ProfileInputError[]): ProfileInputError {
  return issues.length === 1 && issues[0] ? issues[0] : new ProfileInputErrors(issues);
}

/** The issues of a ProfileInputError: its own, or each of several. */
export function issuesOf(error: ProfileInputError): readonly ProfileInputError[] {
  return error instanceof ProfileInputErrors ? error.issues : [error];
}

/**
 * Checks run one after another, each refusal kept instead of ending the
 * checks: `check` gives the check's value, or `fallback` when it refused;
 * `done` throws what was found (one ProfileInputError, or ProfileInputErrors).
 */
export class ProfileIssues {
  private readonly found: ProfileInputError[] = [];

  check<T>(run: () => T, fallback: T): T {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof ProfileInputError)) throw error;
      this.found.push(...issuesOf(error));
      return fallback;
    }
  }

  done(): void {
    if (this.found.length > 0) throw refusalOf(this.found);
  }
}
