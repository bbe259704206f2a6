// The token-arrival timeline, growing while the run streams: running lines
// grow from the progress events' points, a finished line is replaced by the
// trial's final points. Plain mode has no token stream, so only stream
// trials are drawn.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  arrivalTimelineOption,
  type TimelineLine,
} from '../../../../../shared/charts/arrival-timeline';
import { ChartCard } from '../../../charts/ChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { useFormat } from '../../../i18n/format';
import { displayName } from '../../../../../shared/i18n/profile-name';
import { timelineText } from '../../../../../shared/results/charts/timeline';
import type { ChartLine, ProfileProgress } from './live-snapshot';
import { useTrialLabel } from './trial-label';

export function LiveTimeline(props: {
  runId: string;
  lines: readonly ChartLine[];
  profiles: readonly ProfileProgress[];
  streams: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const theme = useChartTheme();
  const trialLabel = useTrialLabel();

  const option = useMemo(() => {
    const names = new Map(props.profiles.map((p) => [p.id, displayName(p, t)]));
    const lines = props.lines.map((line): TimelineLine => ({
      id: line.id,
      profile: names.get(line.profileId) ?? line.profileId,
      color: line.color,
      trial: trialLabel(line.position),
      points: line.points,
      pings: [],
      stall: null,
      wait: null,
      bursts: [],
      failed: line.failed,
    }));
    return arrivalTimelineOption(
      lines,
      theme,
      timelineText(t, format),
      props.profiles.map((p) => displayName(p, t)),
    );
    // trialLabel, t and format change with the language, as `t` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.lines, props.profiles, theme, t]);

  if (!props.streams) {
    return (
      <section className="card stack">
        <h2>{t('runs.live.timeline.title')}</h2>
        <p className="muted">{t('runs.live.timeline.plainOnly')}</p>
      </section>
    );
  }
  return (
    <ChartCard
      title={t('runs.live.timeline.title')}
      description={
        <p>
          {props.lines.length === 0
            ? t('runs.live.timeline.waiting')
            : t('runs.live.timeline.description')}
        </p>
      }
      option={option}
      height={360}
      fileName={`lasttoken-${props.runId}-live-timeline`}
    />
  );
}
