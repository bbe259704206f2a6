// The measuring thread's side of the protocol: takes jobs, runs them on a
// measurer here (next to the sockets), and sends back what they report in
// batches. A batch leaves from a setImmediate, in the check phase: after the
// poll phase has stamped every read that was ready, so copying a finished
// trial into a message never sits between a socket and its timestamp; and
// one batch per loop turn, not one message per chunk's progress.

import type { EndpointSpec, TrialProgress } from '../probe';
import type { MeasureReports, Measurer, TrialPlace } from './measurer';
import { watchThreadVitals, type ThreadVitals } from './thread-vitals';
import {
  trialKey,
  type FromMeasuringThread,
  type ThreadReport,
  type ToMeasuringThread,
} from './protocol';

/** What the host needs of its end of the channel (a worker's parentPort, a MessagePort). */
export interface HostPort {
  postMessage(message: FromMeasuringThread): void;
  on(event: 'message', listener: (message: ToMeasuringThread) => void): unknown;
}

interface HostedRun {
  stop: AbortController;
  endpoints: Map<number, { resolve(endpoint: EndpointSpec): void; reject(error: Error): void }>;
}

/** Reports queued for the next batch; each trial's progress merged into one. */
function createOutbox(port: HostPort) {
  let batch: ThreadReport[] = [];
  const progressInBatch = new Map<string, { progress: TrialProgress }>();

  const flush = (): void => {
    const reports = batch;
    batch = [];
    progressInBatch.clear();
    port.postMessage({ kind: 'reports', reports });
  };

  const push = (report: ThreadReport): void => {
    if (batch.length === 0) setImmediate(flush);
    batch.push(report);
  };

  const progress = (place: TrialPlace, latest: TrialProgress): void => {
    const key = `${place.run_id}\u0000${trialKey(place)}`;
    const queued = progressInBatch.get(key);
    if (queued) {
      queued.progress = { ...latest, points: [...queued.progress.points, ...latest.points] };
      return;
    }
    const report = { kind: 'progress' as const, place, progress: latest };
    progressInBatch.set(key, report);
    push(report);
  };

  return { push, progress };
}

export function hostMeasuring(port: HostPort, measurer: Measurer): void {
  const outbox = createOutbox(port);
  const runs = new Map<string, HostedRun>();
  let nextRequest = 0;
  let stopWatching: (() => ThreadVitals) | undefined;

  const reportsFor = (run_id: string): MeasureReports => ({
    waiting: (wait) => outbox.push({ kind: 'waiting', run_id, wait }),
    trialStarted: (place) => outbox.push({ kind: 'trial_started', place }),
    progressOf: (place) => (progress) => outbox.progress(place, progress),
    trialEnded: (place, trial) => outbox.push({ kind: 'trial_ended', place, trial }),
    trialDropped: (place, trial) => outbox.push({ kind: 'trial_dropped', place, trial }),
    profileFailed: (profile_id, reason, message) =>
      outbox.push({ kind: 'profile_failed', run_id, profile_id, reason, message }),
  });

  const start = (job: Extract<ToMeasuringThread, { kind: 'measure' }>['job']): void => {
    const hosted: HostedRun = { stop: new AbortController(), endpoints: new Map() };
    runs.set(job.runId, hosted);
    const endpoint = (profile: { id: string }) =>
      new Promise<EndpointSpec>((resolve, reject) => {
        const request = nextRequest++;
        hosted.endpoints.set(request, { resolve, reject });
        outbox.push({
          kind: 'endpoint_wanted',
          run_id: job.runId,
          request,
          profile_id: profile.id,
        });
      });
    void measurer
      .measure(job, {
        reports: reportsFor(job.runId),
        signal: hosted.stop.signal,
        endpoint,
      })
      .finally(() => {
        runs.delete(job.runId);
        outbox.push({ kind: 'measured', run_id: job.runId });
      });
  };

  const answerEndpoint = (
    run_id: string,
    request: number,
    settle: (pending: {
      resolve(endpoint: EndpointSpec): void;
      reject(error: Error): void;
    }) => void,
  ): void => {
    const pending = runs.get(run_id)?.endpoints;
    const waiting = pending?.get(request);
    if (!waiting) return;
    pending?.delete(request);
    settle(waiting);
  };

  port.on('message', (message) => {
    switch (message.kind) {
      case 'measure':
        return start(message.job);
      case 'cancel':
        return runs.get(message.run_id)?.stop.abort();
      case 'endpoint':
        return answerEndpoint(message.run_id, message.request, (p) => p.resolve(message.endpoint));
      case 'endpoint_refused':
        return answerEndpoint(message.run_id, message.request, (p) =>
          p.reject(new Error(message.message)),
        );
      case 'watch_vitals':
        stopWatching?.();
        stopWatching = watchThreadVitals();
        return;
      case 'read_vitals': {
        const vitals = stopWatching?.() ?? watchThreadVitals()();
        stopWatching = undefined;
        return outbox.push({ kind: 'vitals', request: message.request, vitals });
      }
    }
  });
}
