// The chart kinds and components LastToken draws, registered by whoever draws:
// the page's Echart.tsx (with the canvas renderer) and main's report (with the
// SVG renderer). A bundle carries only these; ChartOption (chart-option.ts)
// lets a builder use nothing else.

import { BarChart, BoxplotChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';

export const ECHARTS_PARTS = [
  BarChart,
  BoxplotChart,
  LineChart,
  ScatterChart,
  AriaComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
];
