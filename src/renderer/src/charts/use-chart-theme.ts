import { useMemo } from 'react';
import { useApp } from '../app/app-context';
import type { ChartTheme } from '../../../shared/charts/chart-option';
import { readChartTheme } from './chart-theme';

/** The chart colours of the theme in force, read again when it changes. */
export function useChartTheme(): ChartTheme {
  const { theme } = useApp();
  // The stylesheet switches its variables on <html data-theme>; `theme` says when.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readChartTheme(), [theme]);
}
