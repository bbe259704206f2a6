// The option type of every chart LastToken draws: ECharts' option composed of
// only the series and components echarts-parts.ts registers, so an option
// builder cannot use a chart kind the bundle does not carry.

import type {
  BarSeriesOption,
  BoxplotSeriesOption,
  LineSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import type {
  AriaComponentOption,
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | BoxplotSeriesOption
  | LineSeriesOption
  | ScatterSeriesOption
  | AriaComponentOption
  | DataZoomComponentOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | MarkLineComponentOption
  | TooltipComponentOption
>;

/** The colours a chart is drawn in: read from the page's theme (chart-theme.ts), passed to every builder. */
export interface ChartTheme {
  text: string;
  muted: string;
  grid: string;
  background: string;
  /** The profiles' palette: slot N is Profile.color N. */
  series: readonly string[];
  /** The phases of a request, in phase-bars' PHASES order: a ramp no profile uses. */
  phases: readonly string[];
  /** For failures and stalls. */
  danger: string;
  warning: string;
}

export function seriesColor(theme: ChartTheme, index: number): string {
  return theme.series[index % theme.series.length] as string;
}
