// The arrival timeline's words, the same on the live page and the results
// page: one set of keys, so the two charts never name a thing two ways.

import type { TFunction } from 'i18next';
import type { TimelineText } from '../../../../shared/charts/arrival-timeline';
import type { Formatters } from '../../i18n/format';

export function timelineText(t: TFunction, format: Pick<Formatters, 'ms' | 'count'>): TimelineText {
  return {
    time: t('results.timeline.time'),
    tokens: t('results.timeline.tokens'),
    pings: t('results.timeline.pings'),
    stall: t('results.timeline.stall'),
    wait: t('results.timeline.wait'),
    bursts: t('results.timeline.bursts'),
    point: (values) => t('results.timeline.point', values),
    burst: (values) => t('results.timeline.burst', values),
    ms: format.ms,
    count: format.count,
  };
}
