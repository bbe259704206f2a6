// When a run started, to the second: runs made a few seconds apart (a user
// trying settings one after another) must not read as the same run.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function useRunTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}
