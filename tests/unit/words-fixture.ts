// The results' words in a language, as the page's i18next words them (its
// own instance over the same locales, nothing escaped: React and the
// Markdown writer escape what they write).

import i18next from 'i18next';
import type { Language } from '../../src/shared/api';
import { makeFormatters } from '../../src/shared/i18n/format';
import { resources } from '../../src/shared/i18n/resources';
import type { Words } from '../../src/shared/results/words';

export function wordsIn(language: Language): Words {
  const instance = i18next.createInstance();
  // Resources in hand: init completes before it returns.
  void instance.init({
    resources,
    lng: language,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const t = instance.t.bind(instance) as Words['t'];
  return { t, format: makeFormatters(t, language) };
}
