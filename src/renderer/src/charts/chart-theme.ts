// The chart colours of the page's current theme, from its CSS variables, so
// that charts follow light and dark as the rest of the page does.

import type { ChartTheme } from '../../../shared/charts/chart-option';
import { chartThemeFrom } from '../../../shared/charts/theme-colors';

export function readChartTheme(element: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(element);
  return chartThemeFrom((name) => style.getPropertyValue(`--${name}`).trim());
}
