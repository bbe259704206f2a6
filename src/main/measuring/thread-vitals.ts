// How well a thread kept time over a stretch: how late its event loop ran
// what was due (a socket read waits that long before it is stamped, whatever
// the cause), its garbage collections (no read is stamped during one) and how
// busy it was. Per thread: each thread has its own loop and its own heap, so
// the measuring thread's figures are its own, apart from main's.

import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

export interface ThreadVitals {
  /** The stretch watched. */
  watched_ms: number;
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  gc_pauses: number;
  gc_longest_ms: number;
  gc_total_ms: number;
  /** Share of the stretch the thread spent running code rather than waiting (event-loop utilization). */
  busy_share: number;
}

/** Starts watching this thread; the returned function stops and says what was seen. */
export function watchThreadVitals(): () => ThreadVitals {
  const gc = { pauses: 0, longest: 0, total: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.pauses++;
      gc.total += entry.duration;
      gc.longest = Math.max(gc.longest, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const utilization = performance.eventLoopUtilization();
  const started = performance.now();
  return () => {
    observer.disconnect();
    loop.disable();
    const busy = performance.eventLoopUtilization(utilization);
    // The histogram counts nanoseconds; with no sample yet its figures are 0.
    return {
      watched_ms: performance.now() - started,
      loop_delay_p99_ms: loop.count === 0 ? 0 : loop.percentile(99) / 1e6,
      loop_delay_max_ms: loop.count === 0 ? 0 : loop.max / 1e6,
      gc_pauses: gc.pauses,
      gc_longest_ms: gc.longest,
      gc_total_ms: gc.total,
      busy_share: busy.utilization,
    };
  };
}
