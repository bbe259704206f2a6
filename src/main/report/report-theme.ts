// A report's colours: the theme's variables from the app's own theme.css, for
// its page as CSS and for its charts as a ChartTheme, so that a report looks
// like the app in the theme it was asked in.

import type { ReportTheme } from '../../shared/api';
import type { ChartTheme } from '../../shared/charts/chart-option';
import { chartThemeFrom, themeVariables } from '../../shared/charts/theme-colors';
import themeCss from '../../shared/theme.css?raw';

export interface ReportColors {
  /** `:root { --text: …; … }` for the report's style sheet. */
  css: string;
  chart: ChartTheme;
}

export function reportColors(theme: ReportTheme): ReportColors {
  const variables = themeVariables(themeCss, theme);
  const read = (name: string): string => {
    const value = variables.get(name);
    if (value === undefined) throw new Error(`theme.css has no --${name} in its ${theme} theme`);
    return value;
  };
  const declarations = [...variables].map(([name, value]) => `  --${name}: ${value};`);
  return { css: `:root {\n${declarations.join('\n')}\n}`, chart: chartThemeFrom(read) };
}
