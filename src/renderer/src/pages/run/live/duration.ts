// Elapsed and remaining times as people read them: seconds, then minutes and
// seconds, then hours and minutes. Words and units come from the locale.

import { useTranslation } from 'react-i18next';

export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds (rounded up below one, so "0 s" never stands for work in progress). */
export function durationParts(ms: number): DurationParts {
  const total = ms > 0 && ms < 1000 ? 1 : Math.round(Math.max(0, ms) / 1000);
  return {
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function useDuration(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms) => {
    const { hours, minutes, seconds } = durationParts(ms);
    if (hours > 0) return t('runs.live.duration.hours', { hours, minutes });
    if (minutes > 0) return t('runs.live.duration.minutes', { minutes, seconds });
    return t('runs.live.duration.seconds', { seconds });
  };
}
