// The token-arrival timeline of one mode: cumulative tokens against time, a
// line per trial coloured by profile, keep-alive pings and stalls marked;
// warm-ups only when asked for.

import type { ArrivalPoint, ArrivalSeries } from '../../api';
import {
  arrivalTimelineOption,
  type TimelineLine,
  type TimelineText,
} from '../../charts/arrival-timeline';
import type { ChartTheme } from '../../charts/chart-option';
import type { Formatters, Translate } from '../../i18n/format';
import { lttb } from '../../lttb';
import type { Mode } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import { profileOf, type RunProfile } from '../run-profiles';
import { trialLabel } from '../trial-label';
import type { Words } from '../words';

const HEIGHT = 420;
const ORIGIN: ArrivalPoint = [0, 0];
/**
 * Points drawn across all lines. A plot a thousand pixels wide shows no more
 * per line; beyond it a run of many long trials takes seconds to draw. Lines
 * are thinned by LTTB (main has thinned each to 2,000 already): every point
 * drawn is a real arrival.
 */
const POINT_BUDGET = 24_000;
const MIN_POINTS_PER_LINE = 150;

/** Each line's share of the budget, never below a line's worth of pixels. */
function pointsPerLine(lines: number): number {
  return Math.max(MIN_POINTS_PER_LINE, Math.floor(POINT_BUDGET / Math.max(1, lines)));
}

/** What the timeline shows of a run's arrivals. */
export interface TimelineChoice {
  mode: Mode;
  warmups: boolean;
  /** The lines are of one round in this many (RunCharts.arrival_every). */
  every: number;
}

/**
 * The arrival timeline's words, the same on the live page and the results
 * page: one set of keys, so the two charts never name a thing two ways.
 */
export function timelineText(t: Translate, format: Pick<Formatters, 'ms' | 'count'>): TimelineText {
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

export function timelineChart(
  arrivals: readonly ArrivalSeries[],
  { mode, warmups, every }: TimelineChoice,
  profiles: readonly RunProfile[],
  { t, format }: Words,
  theme: ChartTheme,
): ChartSpec | null {
  // A trial that failed before its first token has no line to draw (the failures list has it).
  const shown = arrivals.filter(
    (a) => a.mode === mode && (warmups || !a.warmup) && a.points.length > 0,
  );
  if (shown.length === 0) return null;
  const budget = pointsPerLine(shown.length);
  let thinned = false;
  // Every profile has a "stream #3": each label is translated once.
  const labels = new Map<string, string>();
  const labelOf = (a: ArrivalSeries): string => {
    const key = `${a.mode}/${a.trial_index}/${a.warmup}`;
    const known = labels.get(key);
    if (known !== undefined) return known;
    const label = trialLabel(t, a.mode, a.trial_index, a.warmup);
    labels.set(key, label);
    return label;
  };
  const lines = shown.map((a): TimelineLine => {
    const profile = profileOf(profiles, a.profile_id);
    thinned ||= a.points.length > budget;
    const points = lttb(a.points, budget);
    return {
      id: `${a.profile_id}-${a.mode}-${a.trial_index}`,
      profile: profile.name,
      color: profile.color,
      trial: labelOf(a),
      // Nothing has arrived at the request: the line starts flat until the first token.
      points: points.length > 0 && points[0]?.[0] !== 0 ? [ORIGIN, ...points] : points,
      pings: a.pings,
      stall: a.stall,
      wait: a.wait,
      bursts: a.bursts,
      failed: a.status !== 'ok',
    };
  });
  return {
    id: `timeline-${mode}`,
    view: t(`common.modes.${mode}`),
    hints: [t('results.timeline.zoom')],
    title: t('results.timeline.title'),
    description: [
      t(mode === 'stream' ? 'results.timeline.description' : 'results.timeline.descriptionPlain'),
      ...(every > 1 ? [t('results.timeline.sampled', { every: format.count(every) })] : []),
      ...(thinned ? [t('results.timeline.thinned', { points: format.count(budget) })] : []),
    ],
    option: arrivalTimelineOption(lines, theme, timelineText(t, format)),
    height: HEIGHT,
  };
}
