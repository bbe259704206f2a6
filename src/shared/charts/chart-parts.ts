// The pieces every chart draws alike: a value axis in the theme's colours
// (named at its end beside the plot, or under it at its middle), and an item
// tooltip that hands its builder the hovered item. One place for them, so
// that the charts keep one look.

import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { XAXisComponentOption } from 'echarts';
import type { ChartTheme } from './chart-option';

// Without mainType, so that one option serves as an x or a y axis.
type ValueAxisOption = Omit<XAXisComponentOption & { type: 'value' }, 'mainType'>;

/** What ECharts passes a tooltip formatter about the hovered item, as far as LastToken reads it. */
export interface TooltipItem {
  seriesType?: string;
  seriesIndex?: number;
  dataIndex?: number;
  value?: unknown;
  /** ECharts' own coloured dot for the series, as markup it made (not user text). */
  marker?: unknown;
}

export interface ValueAxisLook {
  name: string;
  /** `end`: the name above the axis' end, left-aligned (a y axis); `middle`: under it, `nameGap` px away (an x axis). */
  nameAt: 'end' | 'middle';
  nameGap?: number;
  format?: (value: number) => string;
  /** Absent: the axis starts at 0. null: ECharts chooses (for values below 0). */
  min?: number | null;
  max?: number;
}

export function valueAxis(theme: ChartTheme, look: ValueAxisLook): ValueAxisOption {
  const { format } = look;
  return {
    type: 'value',
    name: look.name,
    ...(look.nameAt === 'middle'
      ? {
          nameLocation: 'middle',
          nameGap: look.nameGap ?? 26,
          nameTextStyle: { color: theme.muted },
        }
      : { nameTextStyle: { color: theme.muted, align: 'left' } }),
    ...(look.min !== null && { min: look.min ?? 0 }),
    ...(look.max !== undefined && { max: look.max }),
    // Not at the other axis' zero: beside a hidden value axis that is inside the plot.
    axisLine: { onZero: false, lineStyle: { color: theme.grid } },
    axisLabel: {
      color: theme.muted,
      ...(format !== undefined && { formatter: (value: number) => format(value) }),
    },
    splitLine: { lineStyle: { color: theme.grid, opacity: 0.5 } },
  };
}

/** A tooltip for the hovered item: `describe` returns its HTML, escaped by the caller ('' shows none). */
export function itemTooltip(describe: (item: TooltipItem) => string): TooltipComponentOption {
  return {
    trigger: 'item',
    confine: true,
    className: 'chart-tooltip',
    formatter: (params) => {
      const item = (Array.isArray(params) ? params[0] : params) as TooltipItem | undefined;
      return item === undefined ? '' : describe(item);
    },
  };
}

/** A tooltip for a category's whole band (every series' item in it): `describe` returns its HTML. */
export function bandTooltip(describe: (items: TooltipItem[]) => string): TooltipComponentOption {
  return {
    trigger: 'axis',
    axisPointer: { type: 'shadow' },
    confine: true,
    className: 'chart-tooltip',
    formatter: (params) => describe((Array.isArray(params) ? params : [params]) as TooltipItem[]),
  };
}

/**
 * A grid whose box holds its axis labels too: ECharts 6's words for what
 * `containLabel: true` said before (which it now takes only with its legacy
 * layout registered, and warns about otherwise).
 */
export const LABELS_INSIDE = { outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;

/** The space between two side-by-side panels, in % of the chart's width. */
const PANEL_GAP = 4;

/**
 * Grids for panels side by side (one per mode, each with its own scale),
 * each as wide as its share of the items: `sizes` counts each panel's items.
 */
export function sideBySideGrids(sizes: readonly number[]): GridComponentOption[] {
  const all = Math.max(
    1,
    sizes.reduce((sum, size) => sum + size, 0),
  );
  const widths = sizes.map((size) => ((100 - PANEL_GAP * (sizes.length - 1)) * size) / all);
  let left = 0;
  return widths.map((width) => {
    const grid = { left: `${left}%`, width: `${width}%`, top: 36, bottom: 8, ...LABELS_INSIDE };
    left += width + PANEL_GAP;
    return grid;
  });
}
