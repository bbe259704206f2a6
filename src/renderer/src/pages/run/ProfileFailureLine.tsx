// Why a profile of a run stopped or was not measured: its name and the reason,
// then the run's own message (the provider's last error, redacted). One
// wording for the live run and for its results later, which read it back
// from the history (RunRecord.profile_failures). And a profile that made its
// calls but had no ok trial, or mostly failed: how many, and why
// (shared/results/failures-text.ts words both).

import type { FailingProfile } from '../../../../shared/failing-profiles';
import type { ProfileFailure } from '../../../../shared/run';
import { failingProfileText, profileFailureText } from '../../../../shared/results/failures-text';
import { useWords } from './results/use-results-text';

export function ProfileFailureLine({ failure, name }: { failure: ProfileFailure; name: string }) {
  const { headline, message } = profileFailureText(failure, name, useWords());
  return (
    <>
      <strong className="wrap-anywhere">{headline}</strong>{' '}
      <span className="wrap-anywhere">{message}</span>
    </>
  );
}

export function FailingProfileLine({ failure, name }: { failure: FailingProfile; name: string }) {
  const { headline, message } = failingProfileText(failure, name, useWords());
  return (
    <>
      <strong className="wrap-anywhere">{headline}</strong>
      {message !== null && (
        <>
          {' '}
          {/* The provider's own words for its last failure: not ours to translate. */}
          <span className="wrap-anywhere trial-message-text">{message}</span>
        </>
      )}
    </>
  );
}
