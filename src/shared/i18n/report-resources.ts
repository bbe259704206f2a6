// The words of main's reports: the app's own (resources.ts, the same keys for
// the same things) and the few only a report says (report.json), kept out of
// the renderer's bundle, which never shows them.

import enReport from './locales/en/report.json';
import zhReport from './locales/zh-CN/report.json';
import { resources } from './resources';

export const reportResources = {
  en: { translation: { ...resources.en.translation, report: enReport } },
  'zh-CN': { translation: { ...resources['zh-CN'].translation, report: zhReport } },
} as const;
