// A chart with its title, what it shows, and a way to save it as a PNG.

import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { legendNames } from '../../../shared/charts/chart-legend';
import type { ChartOption } from '../../../shared/charts/chart-option';
import { Echart, type EchartHandle } from './Echart';
import { LegendKeys } from './LegendKeys';
import { useChartTheme } from './use-chart-theme';

export function ChartCard(props: {
  title: string;
  description?: ReactNode;
  option: ChartOption;
  height: number;
  /** The saved file's name, without .png. */
  fileName: string;
  /** Controls above the chart (a switch between views). */
  controls?: ReactNode;
}) {
  const { t } = useTranslation();
  const chart = useRef<EchartHandle>(null);
  const descriptionId = useId();
  const theme = useChartTheme();
  const names = useMemo(() => legendNames(props.option), [props.option]);
  // A new option is drawn whole (notMerge), every entry shown again.
  const [hidden, setHidden] = useState<{ of: ChartOption; names: ReadonlySet<string> }>({
    of: props.option,
    names: new Set(),
  });
  const hiddenNow = hidden.of === props.option ? hidden.names : new Set<string>();
  const save = (): void => {
    const url = chart.current?.toPng(theme.background);
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${props.fileName}.png`;
    link.click();
  };
  return (
    <section className="card chart-card">
      <header className="card-header">
        <h3>{props.title}</h3>
        <div className="card-actions">
          {props.controls}
          <button type="button" onClick={save}>
            {t('common.actions.savePng')}
          </button>
        </div>
      </header>
      {props.description && (
        <div className="card-description" id={descriptionId}>
          {props.description}
        </div>
      )}
      <Echart
        ref={chart}
        option={props.option}
        height={props.height}
        label={props.title}
        describedBy={props.description ? descriptionId : undefined}
        onLegendChange={(names) => setHidden({ of: props.option, names })}
      />
      <LegendKeys
        names={names}
        hidden={hiddenNow}
        onToggle={(name) => chart.current?.toggleLegend(name)}
      />
    </section>
  );
}
