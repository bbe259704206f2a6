// Loading what a screen shows: one call, its state (loading, loaded, failed),
// and a reload after a change. A screen never goes blank on a failure: the
// error is state, shown as a message.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppEvent } from '../../../shared/api';
import { lasttoken } from './client';

export type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

export interface ApiValue<T> {
  loaded: Loaded<T>;
  /** Loads again; the current value stays on screen meanwhile. */
  reload: () => void;
}

/** Calls `load` when a dependency changes (and on reload); only the latest call's answer is kept. */
export function useApiValue<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiValue<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  // The dependencies are the caller's: `load` is a new closure on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableLoad = useCallback(load, deps);

  useEffect(() => {
    const call = ++latest.current;
    stableLoad().then(
      (value) => call === latest.current && setLoaded({ state: 'ready', value }),
      (error: unknown) => call === latest.current && setLoaded({ state: 'failed', error }),
    );
  }, [stableLoad, generation]);

  return { loaded, reload: useCallback(() => setGeneration((g) => g + 1), []) };
}

/** Every AppEvent while the component is shown. */
export function useAppEvents(listener: (event: AppEvent) => void): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => lasttoken().subscribe((event) => current.current(event)), []);
}
