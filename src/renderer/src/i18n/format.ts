// Numbers, durations and dates in the UI's language (shared/i18n/format.ts
// words them; main's reports use the same code).

import { useTranslation } from 'react-i18next';
import { makeFormatters, type Formatters } from '../../../shared/i18n/format';

export { MISSING, msNumber, type Formatters } from '../../../shared/i18n/format';

export function useFormat(): Formatters {
  const { t, i18n } = useTranslation();
  return makeFormatters(t, i18n.language);
}
