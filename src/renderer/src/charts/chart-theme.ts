// The chart colours of the page's current theme, from its CSS variables, so
// that charts follow light and dark as the rest of the page does.

import type { ChartTheme } from './chart-option';

const SERIES_COUNT = 8;

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string): string => style.getPropertyValue(name).trim();
  return {
    text: read('--text'),
    muted: read('--text-muted'),
    grid: read('--border'),
    background: read('--surface'),
    series: Array.from({ length: SERIES_COUNT }, (_, i) => read(`--series-${i}`)),
    danger: read('--danger'),
    warning: read('--warning'),
  };
}
