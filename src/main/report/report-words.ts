// The results' words in Node: an i18next instance of its own per language over
// the renderer's locales (shared/i18n), so that a report says what the page
// says, in the same words and with the same number formats.

import i18next from 'i18next';
import type { Language } from '../../shared/api';
import { makeFormatters } from '../../shared/i18n/format';
import { reportResources } from '../../shared/i18n/report-resources';
import type { Words } from '../../shared/results/words';

const made = new Map<Language, Words>();

export function reportWords(language: Language): Words {
  const known = made.get(language);
  if (known) return known;
  const instance = i18next.createInstance();
  // Resources in hand: init completes before it returns.
  void instance.init({
    resources: reportResources,
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // The report escapes what it writes (html.ts); i18next must not escape it a second time.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const t = instance.t.bind(instance) as Words['t'];
  const words = { t, format: makeFormatters(t, language) };
  made.set(language, words);
  return words;
}
