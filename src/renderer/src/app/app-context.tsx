// What every screen may need of the app: its settings (and a way to change
// them), the theme in force, and the app's own description.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SettingsView } from '../../../shared/api';
import type { AppInfo, InputOf, IpcContract } from '../../../shared/ipc-contract';
import { lasttoken } from '../api/client';
import { changeLanguage } from '../i18n';
import { useResolvedTheme, type ResolvedTheme } from './theme';

export type SettingsPatch = InputOf<IpcContract['settingsUpdate']>;

export interface AppContextValue {
  info: AppInfo;
  settings: SettingsView;
  /** Saves the patch; the language and theme change at once. Throws ApiCallError. */
  updateSettings(patch: SettingsPatch): Promise<void>;
  theme: ResolvedTheme;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider(props: {
  info: AppInfo;
  initialSettings: SettingsView;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState(props.initialSettings);
  const theme = useResolvedTheme(settings.theme);
  const updateSettings = useCallback(async (patch: SettingsPatch) => {
    const next = await lasttoken().settingsUpdate(patch);
    setSettings(next);
    if (patch.language) await changeLanguage(next.language);
  }, []);
  const value = useMemo(
    () => ({ info: props.info, settings, updateSettings, theme }),
    [props.info, settings, updateSettings, theme],
  );
  return <AppContext.Provider value={value}>{props.children}</AppContext.Provider>;
}

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside AppProvider');
  return value;
}
