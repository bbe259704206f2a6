// What the option builders' tests share: a theme of plain colours, and the
// profile name that must never become markup.

import type { ChartTheme } from '../../src/shared/charts/chart-option';

export const theme: ChartTheme = {
  text: '#111',
  muted: '#555',
  grid: '#ddd',
  background: '#fff',
  series: ['#a00', '#0a0', '#00a', '#aa0', '#0aa', '#a0a', '#777', '#333'],
  phases: ['#e1e1e1', '#d1d1d1', '#c1c1c1', '#b1b1b1', '#515151', '#818181', '#f1f1f1'],
  danger: '#f00',
  warning: '#fa0',
};

export const XSS = '<img src=x onerror=alert(1)>';
export const XSS_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

/** A builder's tooltip formatter, called as ECharts would. */
export function tooltipOf(option: { tooltip?: unknown }): (params: unknown) => string {
  return (option.tooltip as { formatter: (params: unknown) => string }).formatter;
}
