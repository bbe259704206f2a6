// A chart as an SVG element, drawn in Node by ECharts' server-side renderer
// from the same option the page draws on a canvas: no DOM, no script in the
// output, so a report shows it wherever it is opened and prints it sharp.

import { init, setPlatformAPI, use as registerCharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartOption } from '../../shared/charts/chart-option';
import { ECHARTS_PARTS } from '../../shared/charts/echarts-parts';

registerCharts([...ECHARTS_PARTS, SVGRenderer]);

/**
 * A character's width in ems, for the sans-serif faces a reader's system
 * draws the SVG in (DejaVu Sans, Segoe UI, PingFang). Node has no canvas to
 * measure with, and zrender's own estimate follows Helvetica, narrower, so
 * legend entries and axis labels ran into each other; a little wide leaves
 * a little room instead.
 */
function emWidth(char: string): number {
  if (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(char)) return 1;
  if (/[iIjl.,:;|!'’() ]/.test(char)) return 0.32;
  if (/[mwMW@%]/.test(char)) return 0.9;
  if (/[A-Z]/.test(char)) return 0.7;
  return 0.6;
}

setPlatformAPI({
  measureText(text: string, font?: string) {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? '')?.[1] ?? 12);
    let ems = 0;
    for (const char of text ?? '') ems += emWidth(char);
    return { width: ems * size };
  },
});

/** What a printed page or a laptop's window shows at once: a report's chart width in CSS pixels. */
export const REPORT_CHART_WIDTH = 960;

/**
 * The option drawn whole and still: a file has no pointer to hover with, so
 * no animation (SVG would carry its keyframes), no tooltip and no zoom.
 */
function stillOption(option: ChartOption): ChartOption {
  return { ...option, animation: false, tooltip: { show: false }, dataZoom: [] };
}

/** The chart as one `<svg>` element of `width` × `height` that scales to its box. */
export function renderChartSvg(option: ChartOption, width: number, height: number): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(stillOption(option));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
