// The messages between the main thread (measuring-thread.ts) and the
// measuring thread (measuring-worker.ts). Plain data, copied by postMessage's
// structured clone. The thread's reports travel in batches, one per loop
// turn, in the order they happened; a batch carries each trial's progress at
// most once.

import type { EndpointSpec, TrialProgress } from '../probe';
import type { MessageText } from '../../shared/messages';
import type { ProfileFailureReason, ProfileWait } from '../../shared/run';
import type { Trial } from '../../shared/trial';
import type { MeasureJob, TrialPlace } from './measurer';
import type { ThreadVitals } from './thread-vitals';

/** What the measuring thread needs besides its messages. */
export interface MeasuringWorkerData {
  /** The built token worker, which the measuring thread starts (href). */
  tokenWorkerUrl: string;
}

export type ToMeasuringThread =
  | { kind: 'measure'; job: MeasureJob }
  | { kind: 'cancel'; run_id: string }
  | { kind: 'endpoint'; run_id: string; request: number; endpoint: EndpointSpec }
  | { kind: 'endpoint_refused'; run_id: string; request: number; message: string }
  /** Starts watching the thread's vitals; `read_vitals` stops and answers what was seen. */
  | { kind: 'watch_vitals' }
  | { kind: 'read_vitals'; request: number };

export type ThreadReport =
  | { kind: 'waiting'; run_id: string; wait: ProfileWait }
  | { kind: 'trial_started'; place: TrialPlace }
  | { kind: 'progress'; place: TrialPlace; progress: TrialProgress }
  | { kind: 'trial_ended'; place: TrialPlace; trial: Trial }
  | { kind: 'trial_dropped'; place: TrialPlace; trial: Trial }
  | {
      kind: 'profile_failed';
      run_id: string;
      profile_id: string;
      reason: ProfileFailureReason;
      message: string;
      text?: MessageText;
    }
  /** The run's key or proxy credentials for one profile, asked for just before its first call. */
  | { kind: 'endpoint_wanted'; run_id: string; request: number; profile_id: string }
  /** Every profile of the run is done. */
  | { kind: 'measured'; run_id: string }
  | { kind: 'vitals'; request: number; vitals: ThreadVitals };

export interface FromMeasuringThread {
  kind: 'reports';
  reports: ThreadReport[];
}
