export {
  DEFAULT_RUN_DEFAULTS,
  languageFor,
  readerPaceSetting,
  SettingsError,
  SettingsService,
  type SettingsPatch,
  type SettingsStore,
} from './settings-service';
