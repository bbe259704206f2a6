// The profiles screen's part of the address, followed as it changes (links,
// Back), and a way to move to another part.

import { useEffect, useState } from 'react';
import { hrefOfProfilesView, parseProfilesView, type ProfilesView } from './profiles-view';

export function showProfilesView(view: ProfilesView): void {
  window.location.hash = hrefOfProfilesView(view);
}

export function useProfilesView(): ProfilesView {
  const [view, setView] = useState(() => parseProfilesView(window.location.hash));
  useEffect(() => {
    const update = (): void => setView(parseProfilesView(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return view;
}
