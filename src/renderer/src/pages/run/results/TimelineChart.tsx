// The token-arrival timeline of one mode: cumulative tokens against time, a
// line per trial coloured by profile, keep-alive pings and stalls marked;
// warm-ups hidden unless asked for.

import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArrivalSeries } from '../../../../../shared/api';
import { timelineChart } from '../../../../../shared/results/charts/timeline';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { MODES, type Mode } from '../../../../../shared/trial';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { useWords } from './use-results-text';

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
  const words = useWords();
  const theme = useChartTheme();
  const modeId = useId();
  const available = MODES.filter((mode) => modes.includes(mode));
  const [mode, setMode] = useState<Mode>(available[0] ?? 'stream');
  const [warmups, setWarmups] = useState(false);
  const hasWarmups = arrivals.some((a) => a.warmup);
  const spec = useMemo(
    () => timelineChart(arrivals, { mode, warmups, every }, profiles, words, theme),
    [arrivals, mode, warmups, every, profiles, words, theme],
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
  if (!spec) {
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
  return <SpecChartCard spec={spec} fileName={`${fileName}-${mode}`} controls={controls} />;
}
