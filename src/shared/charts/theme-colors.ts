// A ChartTheme from the theme's CSS variables (shared/theme.css): the page
// reads them as computed, main's report from the file's text, so that a chart
// in a report is drawn in the colours the app draws it in.

import { PROFILE_COLORS } from '../run';
import type { ChartTheme } from './chart-option';
import { PHASES } from './phase-bars';

export type ThemeName = 'light' | 'dark';

/** A ChartTheme from `read`, which gives a variable's value by its name without the dashes. */
export function chartThemeFrom(read: (variable: string) => string): ChartTheme {
  return {
    text: read('text'),
    muted: read('text-muted'),
    grid: read('border'),
    background: read('surface'),
    series: Array.from({ length: PROFILE_COLORS }, (_, i) => read(`series-${i}`)),
    phases: PHASES.map((phase) => read(`phase-${phase}`)),
    danger: read('danger'),
    warning: read('warning'),
  };
}

/** The variables of `theme`'s block in theme.css, by name without the dashes. */
export function themeVariables(css: string, theme: ThemeName): Map<string, string> {
  const selector = theme === 'dark' ? ":root[data-theme='dark']" : ":root[data-theme='light']";
  const from = css.indexOf(selector);
  if (from < 0) throw new Error(`theme.css has no ${selector} block`);
  const block = css.slice(from, css.indexOf('}', from));
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [
      m[1] as string,
      (m[2] as string).trim(),
    ]),
  );
}
