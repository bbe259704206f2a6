// Loading what a screen shows: one call, its state (loading, loaded, failed),
// and a reload after a change. A screen never goes blank on a failure: the
// error is state, shown as a message.

import { useCallback, useEffect, useEffectEvent, useState } from 'react';
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
  const run = useEffectEvent(load);
  useEffect(() => {
    let current = true;
    run().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) => current && setLoaded({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // The caller's dependencies decide when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, ...deps]);
  return { loaded, reload: useCallback(() => setGeneration((g) => g + 1), []) };
}

/** Every AppEvent while the component is shown. */
export function useAppEvents(listener: (event: AppEvent) => void): void {
  const onEvent = useEffectEvent(listener);
  useEffect(() => lasttoken().subscribe((event) => onEvent(event)), []);
}
