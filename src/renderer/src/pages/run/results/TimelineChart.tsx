// The token-arrival timeline of one mode: cumulative tokens against time, a
// line per trial coloured by profile, keep-alive pings and stalls marked;
// warm-ups hidden unless asked for.

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArrivalPoint, ArrivalSeries } from '../../../../../shared/api';
import { lttb } from '../../../../../shared/lttb';
import { MODES, type Mode } from '../../../../../shared/trial';
import {
  arrivalTimelineOption,
  type TimelineLine,
} from '../../../../../shared/charts/arrival-timeline';
import { ChartCard } from '../../../charts/ChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { timelineText } from '../timeline-text';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat, useTrialLabel } from './use-results-text';

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

export function TimelineChart({
  arrivals,
  every,
  profiles,
  modes,
  fileName,
}: {
  arrivals: readonly ArrivalSeries[];
  /** The lines are of one round in this many (RunCharts.arrival_every). */
  every: number;
  profiles: readonly RunProfile[];
  modes: readonly Mode[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const theme = useChartTheme();
  const trialLabel = useTrialLabel();
  const modeId = useId();
  const available = MODES.filter((mode) => modes.includes(mode));
  const [mode, setMode] = useState<Mode>(available[0] ?? 'stream');
  const [warmups, setWarmups] = useState(false);
  const hasWarmups = arrivals.some((a) => a.warmup);

  const { lines, thinnedTo } = useMemo(() => {
    // A trial that failed before its first token has no line to draw (the failures list has it).
    const shown = arrivals.filter(
      (a) => a.mode === mode && (warmups || !a.warmup) && a.points.length > 0,
    );
    const budget = pointsPerLine(shown.length);
    let thinned = false;
    // Every profile has a "stream #3": each label is translated once.
    const labels = new Map<string, string>();
    const labelOf = (a: ArrivalSeries): string => {
      const key = `${a.mode}/${a.trial_index}/${a.warmup}`;
      const known = labels.get(key);
      if (known !== undefined) return known;
      const label = trialLabel(a.mode, a.trial_index, a.warmup);
      labels.set(key, label);
      return label;
    };
    const drawn = shown.map((a): TimelineLine => {
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
    return { lines: drawn, thinnedTo: thinned ? budget : null };
  }, [arrivals, mode, warmups, profiles, trialLabel]);
  const drawn = lines.length > 0;
  const option = useMemo(
    () => arrivalTimelineOption(lines, theme, timelineText(t, format)),
    [lines, theme, t, format],
  );

  const controls = (
    <>
      {available.length > 1 && (
        <span className="inline-control">
          <label htmlFor={modeId}>{t('results.timeline.mode')}</label>
          <select id={modeId} value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            {available.map((m) => (
              <option key={m} value={m}>
                {t(`common.modes.${m}`)}
              </option>
            ))}
          </select>
        </span>
      )}
      {hasWarmups && (
        <label className="inline-control">
          <input type="checkbox" checked={warmups} onChange={(e) => setWarmups(e.target.checked)} />
          {t('results.timeline.warmups')}
        </label>
      )}
    </>
  );
  const description = (
    <>
      <p>
        {t(
          mode === 'stream' ? 'results.timeline.description' : 'results.timeline.descriptionPlain',
        )}
      </p>
      {every > 1 && <p>{t('results.timeline.sampled', { every: format.count(every) })}</p>}
      {thinnedTo !== null && (
        <p>{t('results.timeline.thinned', { points: format.count(thinnedTo) })}</p>
      )}
    </>
  );
  if (!drawn) {
    return (
      <section className="card chart-card">
        <header className="card-header">
          <h3>{t('results.timeline.title')}</h3>
          <div className="card-actions">{controls}</div>
        </header>
        <p className="muted">{t('results.timeline.empty')}</p>
      </section>
    );
  }
  return (
    <ChartCard
      title={t('results.timeline.title')}
      description={description}
      option={option}
      height={HEIGHT}
      fileName={`${fileName}-${mode}`}
      controls={controls}
    />
  );
}
