export {
  DEFAULT_RUN_DEFAULTS,
  languageFor,
  SettingsError,
  SettingsService,
  type SettingsPatch,
  type SettingsStore,
} from './settings-service';
