// What is saved of a trial the store refused. Nothing a provider sends can
// make the store refuse a trial (the engine keeps every value in a form its
// columns take), so a refusal is a bug in LastToken: the trial is kept as an
// internal_error that says so in the store's words, with none of the values
// that may have been the ones refused, and the run goes on.

import { unmeasuredTrial } from '../probe/trial-metrics';
import type { Trial } from '../../shared/trial';

export function unsavedTrial(trial: Trial, storeMessage: string): Trial {
  const error = `LastToken could not save this trial as measured (please report it): ${storeMessage}`;
  return {
    ...unmeasuredTrial(trial.mode, 'internal_error', error, trial.proxy, trial.input_tokens),
    started_at: trial.started_at,
  };
}
