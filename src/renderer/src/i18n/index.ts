// The app's words in English and Simplified Chinese: one key set, kept in a
// file per screen (locales/<language>/<area>.json), each area's keys under
// its own name (`profiles.title`). tests/unit/i18n.test.ts fails when a key
// is in one language and not the other, or when visible text is written into
// a component instead of a key.

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/api';
import { resources } from '../../../shared/i18n/resources';

export async function startI18n(language: Language): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    // React escapes what it renders; i18next must not escape it a second time.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
