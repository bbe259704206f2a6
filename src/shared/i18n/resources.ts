// Every locale file, by language and area. An area added here and in both
// languages is all a new screen needs. Main's messages (`messages.<area>`)
// come from the catalogue main words its English from.

import { MESSAGES } from '../messages';
import enCommon from './locales/en/common.json';
import enHistory from './locales/en/history.json';
import enProfiles from './locales/en/profiles.json';
import enResults from './locales/en/results.json';
import enRuns from './locales/en/runs.json';
import enSettings from './locales/en/settings.json';
import zhCommon from './locales/zh-CN/common.json';
import zhHistory from './locales/zh-CN/history.json';
import zhProfiles from './locales/zh-CN/profiles.json';
import zhResults from './locales/zh-CN/results.json';
import zhRuns from './locales/zh-CN/runs.json';
import zhSettings from './locales/zh-CN/settings.json';

export const resources = {
  en: {
    translation: {
      common: enCommon,
      history: enHistory,
      messages: MESSAGES.en,
      profiles: enProfiles,
      results: enResults,
      runs: enRuns,
      settings: enSettings,
    },
  },
  'zh-CN': {
    translation: {
      common: zhCommon,
      history: zhHistory,
      messages: MESSAGES['zh-CN'],
      profiles: zhProfiles,
      results: zhResults,
      runs: zhRuns,
      settings: zhSettings,
    },
  },
} as const;
