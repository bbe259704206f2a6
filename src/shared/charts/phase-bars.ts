// Where the time went: one stacked bar per profile × mode, from the median of
// each phase over its ok trials (connecting, the proxy's tunnel, TLS, waiting for the headers,
// waiting for the first token, streaming to the last token, the tail). The
// first-token figure is one segment among several: the bar shows how much of
// the wait comes after it.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BarSeriesOption } from 'echarts/charts';
import type { PhaseBreakdown } from '../api';
import type { ChartOption, ChartTheme } from './chart-option';
import { bandTooltip, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export const PHASES = [
  'connect',
  'proxy',
  'tls',
  'wait_headers',
  'wait_first_token',
  'streaming',
  'tail',
] as const;
export type Phase = (typeof PHASES)[number];

/** The segments of a breakdown as drawn: DNS counts with connecting, as the user waits for both. */
export function phaseSegments(phases: PhaseBreakdown): Record<Phase, number> {
  return {
    connect: phases.dns_ms + phases.connect_ms,
    proxy: phases.proxy_ms,
    tls: phases.tls_ms,
    wait_headers: phases.wait_headers_ms,
    wait_first_token: phases.wait_first_token_ms,
    streaming: phases.streaming_ms,
    tail: phases.tail_ms,
  };
}

export interface PhaseBar {
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** The mode, as people read it ("stream"). */
  mode: string;
  /** ok counted trials behind the medians. */
  n: number;
  phases: PhaseBreakdown;
}

export interface PhaseBarsText {
  /** The value axis' name. */
  time: string;
  phase: Record<Phase, string>;
  /** A bar's label on its axis (drawn on canvas). */
  category: (bar: PhaseBar) => string;
  /** The tooltip's first line: "{{profile}} · {{mode}}, medians of n = {{n}}". */
  heading: (bar: PhaseBar) => string;
  /** "sum of the medians", for the tooltip's last line. */
  sum: string;
  ms: (value: number) => string;
}

export function phaseBarsOption(
  bars: readonly PhaseBar[],
  theme: ChartTheme,
  text: PhaseBarsText,
): ChartOption {
  const segments = bars.map((bar) => phaseSegments(bar.phases));
  // The tunnel's segment only where some trial went through a proxy: most runs have none.
  const shown = PHASES.filter(
    (phase) => phase !== 'proxy' || segments.some((segment) => segment.proxy > 0),
  );
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    // ECharts 6 keeps axis labels and names inside the canvas by shrinking the grid.
    grid: { left: 8, right: 24, top: 40, bottom: 40 },
    legend: {
      top: 0,
      textStyle: { color: theme.text },
      data: shown.map((phase) => text.phase[phase]),
    },
    tooltip: bandTooltip((items) => {
      const index = items[0]?.dataIndex ?? 0;
      const bar = bars[index];
      const segment = segments[index];
      if (!bar || !segment) return '';
      const lines = shown.map((phase, i) => {
        // The marker is ECharts' own coloured dot (markup it made, not user text).
        const marker = items.find((item) => item.seriesIndex === i)?.marker;
        return `${typeof marker === 'string' ? marker : ''}${escapeHtml(
          `${text.phase[phase]}: ${text.ms(segment[phase])}`,
        )}`;
      });
      const total = shown.reduce((sum, phase) => sum + segment[phase], 0);
      return [
        `<strong>${escapeHtml(text.heading(bar))}</strong>`,
        ...lines,
        escapeHtml(`${text.sum}: ${text.ms(total)}`),
      ].join('<br>');
    }),
    xAxis: valueAxis(theme, { name: text.time, nameAt: 'middle' }),
    yAxis: {
      type: 'category',
      // The first profile on top, as the table lists it.
      inverse: true,
      data: bars.map((bar) => text.category(bar)),
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { show: false },
      axisLabel: { color: theme.text, width: 220, overflow: 'truncate' },
    },
    series: shown.map((phase): BarSeriesOption => ({
      type: 'bar',
      name: text.phase[phase],
      stack: 'time',
      barMaxWidth: 28,
      // The phases' own ramp (no profile's colour), each segment parted from the next.
      itemStyle: {
        color: theme.phases[PHASES.indexOf(phase)],
        borderColor: theme.background,
        borderWidth: 1,
      },
      emphasis: { focus: 'series' },
      data: segments.map((segment) => segment[phase]),
    })),
  };
}
