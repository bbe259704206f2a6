// The names a chart's legend toggles, read from its option: ECharts draws its
// legend on the canvas, where a keyboard cannot reach it, so ChartCard offers
// the same toggles as buttons (LegendKeys.tsx).

import type { ChartOption } from './chart-option';

/** The legend's entries in its order; none when the chart has no legend. */
export function legendNames(option: ChartOption): string[] {
  const legends = option.legend === undefined ? [] : [option.legend].flat();
  const names = legends.flatMap((legend) =>
    (legend.data ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.name)),
  );
  return [...new Set(names.filter((name): name is string => typeof name === 'string'))];
}
