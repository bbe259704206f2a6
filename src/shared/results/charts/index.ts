// Every chart of a finished run, and every view of it, that the results page
// offers, in the page's order: what main's report draws, so that it has the
// page's charts from the page's own code. A chart the page would not show (no
// data for it) is left out, as is a view the page does not offer.

import type { RunCharts, RunView } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import { MODES } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import type { RunProfile } from '../run-profiles';
import type { Words } from '../words';
import { boxesChart, offeredBoxComparisons } from './boxes';
import { CHUNK_UNITS, chunksChart } from './chunks';
import { differencesChart, offeredDifferenceFigures } from './differences';
import { phasesChart } from './phases';
import { prefillChart } from './prefill';
import { timelineChart } from './timeline';

export function runChartSpecs(
  view: RunView,
  charts: RunCharts,
  profiles: readonly RunProfile[],
  words: Words,
  theme: ChartTheme,
  /** The width the box plots are drawn at, in pixels, their labels fitted to it; null: not known. */
  width: number | null,
): ChartSpec[] {
  const specs = [
    prefillChart(view.prefill, profiles, words, theme),
    phasesChart(charts.phase_medians, profiles, words, theme),
    ...offeredBoxComparisons(charts.boxes, profiles).map((comparison) =>
      boxesChart(charts.boxes, comparison, profiles, words, theme, width),
    ),
    ...offeredDifferenceFigures(view.comparisons).map((figure) =>
      differencesChart(view.comparisons, figure, profiles, words, theme),
    ),
    // Warm-ups are measured, not counted: the page shows them only when asked.
    ...MODES.filter((mode) => view.run.config.modes.includes(mode)).map((mode) =>
      timelineChart(
        charts.arrivals,
        { mode, warmups: false, every: charts.arrival_every },
        profiles,
        words,
        theme,
      ),
    ),
    ...CHUNK_UNITS.map((unit) => chunksChart(charts.histograms, unit, profiles, words, theme)),
  ];
  return specs.filter((spec) => spec !== null);
}
