// The one component that owns ECharts instances (as Superset's Echart.tsx
// does): it registers only the charts and components LastToken draws (the
// bundle carries nothing else), follows its box's size, replaces the option
// when it changes, disposes on unmount, and marks its host with
// data-chart-finished once ECharts has drawn, so tests and screenshots wait
// for a drawn chart rather than a blank canvas, and data-series-colors with
// the colours its series are drawn in, so that they can check a profile keeps
// its colour without reading pixels. What to draw comes from the pure option
// builders beside it.

import { init, use as registerCharts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { ChartOption } from '../../../shared/charts/chart-option';
import { ECHARTS_PARTS } from '../../../shared/charts/echarts-parts';

registerCharts([...ECHARTS_PARTS, CanvasRenderer]);

export interface EchartHandle {
  /** The chart as a PNG data URL, on the given background. */
  toPng(background: string): string | null;
  /** Shows or hides a legend entry's series, as a click on the legend does. */
  toggleLegend(name: string): void;
}

interface EchartProps {
  option: ChartOption;
  /** CSS height of the chart's box (its width follows the layout). */
  height: number;
  /** What the chart shows, for screen readers: a canvas is an image to them. */
  label: string;
  /** The id of the text that says how to read it, if there is one. */
  describedBy?: string | undefined;
  /** The legend entries hidden now, after each toggle (a click or toggleLegend). */
  onLegendChange?: ((hidden: ReadonlySet<string>) => void) | undefined;
}

export const Echart = forwardRef<EchartHandle, EchartProps>(function Echart(
  { option, height, label, describedBy, onLegendChange },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  // Read when ECharts reports a toggle: the listener is added once, with the instance.
  const legendChanged = useRef(onLegendChange);
  useEffect(() => {
    legendChanged.current = onLegendChange;
  });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('finished', () => {
      element.dataset['chartFinished'] = 'true';
    });
    instance.on('legendselectchanged', (event) => {
      const { selected } = event as { selected: Record<string, boolean> };
      const hidden = Object.keys(selected).filter((name) => !selected[name]);
      legendChanged.current?.(new Set(hidden));
    });
    // The observer also reports the size the chart was just drawn at: redrawing
    // a long run's chart for nothing costs a frame or more.
    const resize = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      const height = Math.round(entry?.contentRect.height ?? 0);
      if (width !== instance.getWidth() || height !== instance.getHeight()) instance.resize();
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !host.current) return;
    host.current.dataset['chartFinished'] = 'false';
    host.current.dataset['seriesColors'] = seriesColors(option).join(' ');
    // The whole option each time: builders return complete charts, never patches.
    // ECharts' aria writes its own description (in English, "consists of N
    // series count") over the host's label: it is told the label instead.
    instance.setOption(
      { ...option, aria: { enabled: true, label: { description: label } } },
      { notMerge: true, lazyUpdate: true },
    );
  }, [option, label]);

  useImperativeHandle(ref, () => ({
    toPng: (background) =>
      chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background }) ??
      null,
    toggleLegend: (name) => chart.current?.dispatchAction({ type: 'legendToggleSelect', name }),
  }));

  return (
    <div
      ref={host}
      className="echart"
      style={{ height }}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
});

/** The distinct colours the option's series are drawn in, in their order. */
function seriesColors(option: ChartOption): string[] {
  const series = Array.isArray(option.series) ? option.series : [option.series];
  const colors = series.map((s) => {
    const styled = s as { itemStyle?: { color?: unknown }; lineStyle?: { color?: unknown } };
    const color = styled.lineStyle?.color ?? styled.itemStyle?.color;
    return typeof color === 'string' ? color : null;
  });
  return [...new Set(colors.filter((c): c is string => c !== null))];
}
