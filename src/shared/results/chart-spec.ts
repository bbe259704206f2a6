// One chart of a run as both sides draw it: the results page mounts it in a
// ChartCard (canvas), main's report renders it to SVG. Each chart kind has one
// function from the run's data (and a view's choices: a metric, a mode, a
// unit) to a ChartSpec, in src/shared/results/charts/, over the pure option
// builders of src/shared/charts/.

import type { ChartOption } from '../charts/chart-option';

export interface ChartSpec {
  /** Which chart and view: `phases`, `boxes-first`, `timeline-stream`... (unique within a run's charts). */
  id: string;
  title: string;
  /**
   * Which of the chart's views this is, as the page's switch names it ("First
   * token", "tokens"); null for a chart of one view. A report, which shows
   * every view, says it with the title.
   */
  view: string | null;
  /** How to read it, a paragraph each. */
  description: string[];
  /** What a pointer can do on the page's chart (zoom, hover): said there, not in a file. */
  hints: string[];
  option: ChartOption;
  /** Its height in CSS pixels (the width follows the page). */
  height: number;
}
