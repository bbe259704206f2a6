// The measuring thread's side of the protocol: takes jobs, runs them on a
// measurer here (next to the sockets), and sends back what they report in
// batches. A batch leaves from a setImmediate, in the check phase: after the
// poll phase has stamped every read that was ready, so copying a finished
// trial into a message never sits between a socket and its timestamp; and
// progress waits for the next batch (createOutbox), so a message carries many.

import { setMaxListeners } from 'node:events';
import { trialKey } from '../../shared/api';
import type { EndpointSpec, TrialProgress } from '../probe';
import type { MeasureReports, Measurer, TrialPlace } from './measurer';
import { watchThreadVitals, type ThreadVitals } from './thread-vitals';
import { type FromMeasuringThread, type ThreadReport, type ToMeasuringThread } from './protocol';

/** What the host needs of its end of the channel (a worker's parentPort, a MessagePort). */
export interface HostPort {
  postMessage(message: FromMeasuringThread): void;
  on(event: 'message', listener: (message: ToMeasuringThread) => void): unknown;
}

interface HostedRun {
  stop: AbortController;
  endpoints: Map<number, { resolve(endpoint: EndpointSpec): void; reject(error: Error): void }>;
}

/**
 * How long a trial's progress may wait for the next batch. Progress is only
 * for eyes (the app shows it at most 10 times a second, the CLI redraws a
 * line): sent every turn, 32 streams made over a thousand messages a second,
 * each cloned and posted on this thread.
 */
export const PROGRESS_BATCH_MS = 50;

/**
 * Reports queued for the next batch; each trial's progress merged into one.
 * A report that changes what the run is (a trial started or ended, a profile
 * that stopped or waits, an endpoint wanted) leaves at the next check phase;
 * progress alone waits up to PROGRESS_BATCH_MS, then leaves from a check
 * phase too, after the reads that were ready.
 */
function createOutbox(port: HostPort) {
  let batch: ThreadReport[] = [];
  const progressInBatch = new Map<string, { progress: TrialProgress }>();
  let immediate: NodeJS.Immediate | undefined;
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    clearTimeout(timer);
    immediate = undefined;
    timer = undefined;
    const reports = batch;
    batch = [];
    progressInBatch.clear();
    port.postMessage({ kind: 'reports', reports });
  };

  const flushSoon = (): void => {
    immediate ??= setImmediate(flush);
  };

  const push = (report: ThreadReport): void => {
    batch.push(report);
    flushSoon();
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
    batch.push(report);
    if (immediate === undefined) timer ??= setTimeout(flushSoon, PROGRESS_BATCH_MS);
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
    profileFailed: (profile_id, reason, message, text) =>
      outbox.push({
        kind: 'profile_failed',
        run_id,
        profile_id,
        reason,
        message,
        ...(text && { text }),
      }),
  });

  const start = (job: Extract<ToMeasuringThread, { kind: 'measure' }>['job']): void => {
    const hosted: HostedRun = { stop: new AbortController(), endpoints: new Map() };
    // Each profile's loop and its trial in flight listen to it: many profiles are not a leak.
    setMaxListeners(0, hosted.stop.signal);
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
