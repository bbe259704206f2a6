// The profiles and their key statuses, as useApiValue loads a value, except
// that a reload can be awaited: after a save the screen goes back to the list
// only once the list shows what was saved, never the old profile for a moment.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Loaded } from '../../api/use-api';
import { loadProfiles, type ProfilesData } from './profiles-data';

export interface ProfilesValue {
  loaded: Loaded<ProfilesData>;
  /** Loads again (the current list stays meanwhile); resolves once the answer is shown. */
  reload: () => Promise<void>;
}

/** A load's outcome as state: its value, or its error (a failure is shown, not thrown). */
function settle<T>(load: Promise<T>): Promise<Loaded<T>> {
  return load.then(
    (value): Loaded<T> => ({ state: 'ready', value }),
    (error: unknown): Loaded<T> => ({ state: 'failed', error }),
  );
}

export function useProfilesData(): ProfilesValue {
  const [loaded, setLoaded] = useState<Loaded<ProfilesData>>({ state: 'loading' });
  // Only the latest call's answer is kept: an older one may arrive after it.
  const latest = useRef(0);
  const reload = useCallback(async (): Promise<void> => {
    const call = ++latest.current;
    const next = await settle(loadProfiles());
    if (call === latest.current) setLoaded(next);
  }, []);
  useEffect(() => {
    const call = ++latest.current;
    void settle(loadProfiles()).then((next) => {
      if (call === latest.current) setLoaded(next);
    });
    return () => {
      latest.current += 1;
    };
  }, []);
  return { loaded, reload };
}
