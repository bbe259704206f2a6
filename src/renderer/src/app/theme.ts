// Light or dark: the setting, or the system's when it is `system`, applied to
// the page as <html data-theme>, which the stylesheet's variables follow.

import { useEffect, useState } from 'react';
import type { Theme } from '../../../shared/api';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): ResolvedTheme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme in force, following the system's while the setting is `system`. */
export function useResolvedTheme(setting: Theme): ResolvedTheme {
  const [system, setSystem] = useState(systemTheme);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const update = (): void => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  const resolved = setting === 'system' ? system : setting;
  useEffect(() => {
    document.documentElement.dataset['theme'] = resolved;
  }, [resolved]);
  return resolved;
}
