// How the two threads kept time while a section measured: the measuring
// thread, whose delays are stamp errors, and the bench's main thread (the
// app's main: it saves, serves the API, builds summaries), whose delays are
// what every API call waits. Each has its own heap and event loop, so they
// are watched and printed apart.

import {
  sharedMeasuringThread,
  watchThreadVitals,
  type ThreadVitals,
} from '../../src/main/measuring';
import { underTarget } from './percentiles';

export interface SectionVitals {
  /** Null when the section measured on the main thread (the baseline). */
  measuring: ThreadVitals | null;
  main: ThreadVitals;
}

/**
 * Watches main and, when `measuringThread`, the shared measuring thread, until
 * the returned function is called.
 */
export function watchSection(measuringThread = true): () => Promise<SectionVitals> {
  const stopMeasuring = measuringThread ? sharedMeasuringThread().watchVitals() : null;
  const stopMain = watchThreadVitals();
  return async () => {
    const main = stopMain();
    return { main, measuring: stopMeasuring ? await stopMeasuring() : null };
  };
}

export function formatThreadVitals(
  label: string,
  vitals: ThreadVitals,
  loopTargetP99Ms?: number,
): string {
  const verdict =
    loopTargetP99Ms === undefined
      ? ''
      : `  ${underTarget(vitals.loop_delay_p99_ms, loopTargetP99Ms, 'p99 ')}`;
  return (
    `${label} busy ${(vitals.busy_share * 100).toFixed(0)}%; ` +
    `${vitals.gc_pauses} GC pauses, longest ${vitals.gc_longest_ms.toFixed(1)} ms, ${vitals.gc_total_ms.toFixed(0)} ms in all; ` +
    `event-loop delay p99 ${vitals.loop_delay_p99_ms.toFixed(1)} ms, max ${vitals.loop_delay_max_ms.toFixed(1)} ms${verdict}`
  );
}

/** Two lines: the measuring thread's vitals, then main's (with its event-loop target, if any). */
export function formatSectionVitals(vitals: SectionVitals, mainLoopTargetP99Ms?: number): string[] {
  return [
    vitals.measuring
      ? formatThreadVitals('  measuring thread:', vitals.measuring)
      : '  measuring thread: not used (the engine measured on the main thread)',
    formatThreadVitals(
      vitals.measuring ? '  main thread:     ' : '  main thread (measuring):',
      vitals.main,
      mainLoopTargetP99Ms,
    ),
  ];
}
