// The chart colours of the page's current theme, from its CSS variables, so
// that charts follow light and dark as the rest of the page does.

import { PROFILE_COLORS } from '../../../shared/run';
import type { ChartTheme } from '../../../shared/charts/chart-option';
import { PHASES } from '../../../shared/charts/phase-bars';

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string): string => style.getPropertyValue(name).trim();
  return {
    text: read('--text'),
    muted: read('--text-muted'),
    grid: read('--border'),
    background: read('--surface'),
    series: Array.from({ length: PROFILE_COLORS }, (_, i) => read(`--series-${i}`)),
    phases: PHASES.map((phase) => read(`--phase-${phase}`)),
    danger: read('--danger'),
    warning: read('--warning'),
  };
}
