// The main thread's side of the protocol for the jobs of one measuring
// thread: sends each job, hands what the thread reports to the job's run, asks
// the run for a profile's endpoint when the thread wants it, and passes
// cancel on. When the thread is lost, every job still going ends there: the
// profiles that were still measuring are said to have stopped, with why, and
// the trials they finished before stay with the run.

import { trialKey } from '../../shared/api';
import type { TrialProgress } from '../probe';
import { secretsOf } from '../probe/probe-session';
import { redactSecrets } from '../probe/redact';
import { messageOf } from '../runs/message-of';
import type { MeasureEnd, MeasureJob, MeasureRun, Measurer, TrialPlace } from './measurer';
import type { ThreadVitals } from './thread-vitals';
import { type FromMeasuringThread, type ThreadReport, type ToMeasuringThread } from './protocol';

export interface MeasuringClient extends Measurer {
  /** A batch from the thread. */
  receive(message: FromMeasuringThread): void;
  /** The thread is gone (`why` says how): every job still going ends, cut short. */
  lost(why: string): void;
  /** Watches the thread's vitals until the returned function is called, which answers what was seen. */
  watchVitals(): () => Promise<ThreadVitals>;
  /** Jobs sent and not yet measured. */
  readonly jobs: number;
}

interface SentJob {
  job: MeasureJob;
  run: MeasureRun;
  progress: Map<string, (progress: TrialProgress) => void>;
  /** Trials each profile ended (measured or dropped), and the profiles that stopped early. */
  ended: Map<string, number>;
  stopped: Set<string>;
  /** The keys and credentials handed to the thread: a crash's text is redacted of them before it is kept. */
  secrets: string[];
  end(end: MeasureEnd): void;
}

type RunReport = Exclude<ThreadReport, { kind: 'vitals' }>;

const runOf = (report: RunReport): string =>
  'place' in report ? report.place.run_id : report.run_id;

export function createMeasuringClient(send: (message: ToMeasuringThread) => void): MeasuringClient {
  const sent = new Map<string, SentJob>();
  const vitalsWanted = new Map<
    number,
    { resolve(vitals: ThreadVitals): void; reject(error: Error): void }
  >();
  let nextRequest = 0;

  const trialOver = (job: SentJob, place: TrialPlace): void => {
    job.progress.delete(trialKey(place));
    job.ended.set(place.profile_id, (job.ended.get(place.profile_id) ?? 0) + 1);
  };

  const giveEndpoint = (job: SentJob, request: number, profile_id: string): void => {
    const run_id = job.job.runId;
    const profile = job.job.profiles.find((p) => p.id === profile_id);
    if (!profile) {
      send({
        kind: 'endpoint_refused',
        run_id,
        request,
        message: `no profile ${profile_id} in this run`,
      });
      return;
    }
    job.run.endpoint(profile).then(
      (endpoint) => {
        const proxy = endpoint.proxy?.kind === 'url' ? endpoint.proxy : null;
        job.secrets.push(
          ...secretsOf(endpoint, null),
          proxy?.username ?? '',
          proxy?.password ?? '',
        );
        send({ kind: 'endpoint', run_id, request, endpoint });
      },
      (error: unknown) =>
        send({ kind: 'endpoint_refused', run_id, request, message: messageOf(error) }),
    );
  };

  const deliver = (job: SentJob, report: RunReport): void => {
    const { reports } = job.run;
    switch (report.kind) {
      case 'waiting':
        return reports.waiting(report.wait);
      case 'trial_started':
        reports.trialStarted(report.place);
        job.progress.set(trialKey(report.place), reports.progressOf(report.place));
        return;
      case 'progress':
        return job.progress.get(trialKey(report.place))?.(report.progress);
      case 'trial_ended':
        trialOver(job, report.place);
        return reports.trialEnded(report.place, report.trial);
      case 'trial_dropped':
        trialOver(job, report.place);
        return reports.trialDropped(report.place, report.trial);
      case 'profile_failed':
        job.stopped.add(report.profile_id);
        return reports.profileFailed(report.profile_id, report.reason, report.message, report.text);
      case 'endpoint_wanted':
        return giveEndpoint(job, report.request, report.profile_id);
      case 'measured':
        return job.end({ broken: null });
    }
  };

  return {
    measure(job, run) {
      return new Promise<MeasureEnd>((resolve) => {
        const cancel = (): void => send({ kind: 'cancel', run_id: job.runId });
        const entry: SentJob = {
          job,
          run,
          progress: new Map(),
          ended: new Map(),
          stopped: new Set(),
          secrets: [],
          end(end) {
            sent.delete(job.runId);
            run.signal.removeEventListener('abort', cancel);
            resolve(end);
          },
        };
        sent.set(job.runId, entry);
        send({ kind: 'measure', job });
        if (run.signal.aborted) cancel();
        else run.signal.addEventListener('abort', cancel, { once: true });
      });
    },

    receive(message) {
      for (const report of message.reports) {
        if (report.kind === 'vitals') {
          vitalsWanted.get(report.request)?.resolve(report.vitals);
          vitalsWanted.delete(report.request);
          continue;
        }
        const job = sent.get(runOf(report));
        if (job) deliver(job, report);
      }
    },

    lost(why) {
      for (const job of [...sent.values()]) {
        // A thread's own error text may quote what it was sending.
        const said = redactSecrets(why, job.secrets);
        const planned = job.job.schedule.length;
        // After a cancel, the profiles still going were stopping anyway.
        const profiles = job.run.signal.aborted ? [] : job.job.profiles;
        for (const profile of profiles) {
          if (job.stopped.has(profile.id) || (job.ended.get(profile.id) ?? 0) >= planned) continue;
          job.run.reports.profileFailed(
            profile.id,
            'internal',
            `profile “${profile.name}” stopped: ${said}; the trials it finished before are saved`,
          );
        }
        job.end({ broken: said });
      }
      for (const wanted of vitalsWanted.values()) wanted.reject(new Error(why));
      vitalsWanted.clear();
    },

    watchVitals() {
      send({ kind: 'watch_vitals' });
      return () =>
        new Promise<ThreadVitals>((resolve, reject) => {
          const request = nextRequest++;
          vitalsWanted.set(request, { resolve, reject });
          send({ kind: 'read_vitals', request });
        });
    },

    get jobs() {
      return sent.size;
    },
  };
}
