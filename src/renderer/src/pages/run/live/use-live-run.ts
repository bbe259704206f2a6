// Follows one run: its state from runsLive, then its events, redrawn at most
// four times a second. Events sent while the page was not listening (the
// event stream still opening, a tab that slept, a reconnect) are lost, so
// the page asks runsLive again when the stream is first heard from, when it
// is shown again, and when the run has been silent for a while; a run that
// runsLive no longer lists has ended.

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { AppEvent, LiveRun } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { LiveRunModel, type RunEnd } from './live-run-model';
import { liveSnapshot, type LiveSnapshot } from './live-snapshot';
import { RenderThrottle, type FrameScheduler } from './render-throttle';

/** At most this often the page and the timeline are redrawn. */
const REDRAW_MS = 250;
/** The elapsed time and the estimates move on at least this often. */
const CLOCK_MS = 1000;
/** A running run this long without an event of its own is asked about again. */
const SILENCE_MS = 10_000;

const browserFrames: FrameScheduler = {
  now: () => performance.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
  requestFrame: (run) => window.requestAnimationFrame(run),
  cancelFrame: (handle) => window.cancelAnimationFrame(handle),
};

export function useLiveRun(initial: LiveRun, onEnded: (end: RunEnd) => void): LiveSnapshot {
  const [model] = useState(() => new LiveRunModel(initial));
  const [snapshot, setSnapshot] = useState(() => liveSnapshot(model, Date.now()));
  const throttle = useRef<RenderThrottle | null>(null);
  const lastEventAt = useRef(0);

  const changed = useEffectEvent(() => {
    if (model.end) onEnded(model.end);
    else throttle.current?.request();
  });

  const resync = useEffectEvent(() => {
    lastEventAt.current = performance.now();
    lasttoken()
      .runsLive()
      .then(
        (runs) => {
          const run = runs.find((r) => r.record.id === model.runId);
          if (run) model.applySnapshot(run);
          else model.markGone();
          changed();
        },
        // Asked again at the next silence: the events may still come meanwhile.
        () => {},
      );
  });

  const onEvent = useEffectEvent((event: AppEvent) => {
    if (!model.apply(event)) return;
    lastEventAt.current = performance.now();
    changed();
  });

  useEffect(() => {
    const redraw = new RenderThrottle(REDRAW_MS, browserFrames, () => {
      const now = Date.now();
      setSnapshot((previous) => liveSnapshot(model, now, previous));
    });
    throttle.current = redraw;
    lastEventAt.current = performance.now();
    const clock = window.setInterval(() => {
      if (performance.now() - lastEventAt.current > SILENCE_MS) resync();
      redraw.request();
    }, CLOCK_MS);
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') resync();
    };
    document.addEventListener('visibilitychange', onVisible);
    // Subscribed here rather than through useAppEvents: the listener calls this
    // hook's Effect Events, which only this hook's own effects may call.
    let heard = false;
    const unsubscribe = lasttoken().subscribe((event) => {
      if (!heard) {
        // The stream is open now: what it missed while opening is in a fresh state.
        heard = true;
        resync();
      }
      onEvent(event);
    });
    return () => {
      unsubscribe();
      redraw.dispose();
      throttle.current = null;
      window.clearInterval(clock);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [model]);

  return snapshot;
}
