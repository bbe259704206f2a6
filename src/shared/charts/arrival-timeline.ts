// The token-arrival timeline: cumulative tokens against time since the
// request, one line per trial, coloured by profile. What TTFT hides is its
// shape: a line that rises late, flattens (a stall), or jumps at the end (a
// buffered stream). Keep-alive pings are marked on the time axis, stalls are
// shaded, and a rebuffered stream's bursts (many events in one read) are
// marked where its line jumps. Used for a finished run's results and, growing, for a live run.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { ArrivalPoint } from '../api';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export interface TimelineLine {
  /** Unique per line (profile, mode, trial). */
  id: string;
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** The profile's colour: its palette slot (Profile.color). */
  color: number;
  /** Which trial, for people ("stream #2"). */
  trial: string;
  points: readonly ArrivalPoint[];
  /** Keep-alive pings, ms since t0. */
  pings: readonly number[];
  /** Content stopped longer than the stall limit here: [from, to] ms. */
  stall: readonly [number, number] | null;
  /** The wait for the first token lasted the stall limit or longer: [0, TTFT] ms, shaded apart from a stall. */
  wait: readonly [number, number] | null;
  /** A rebuffered stream's reads of many events: [at ms, tokens so far, events]. */
  bursts: readonly (readonly [number, number, number])[];
  /** A trial that did not end ok is drawn dashed. */
  failed: boolean;
}

export interface TimelineText {
  time: string;
  tokens: string;
  pings: string;
  stall: string;
  /** The label of a long wait for the first token. */
  wait: string;
  /** The legend's name for a profile's burst marks. */
  bursts: string;
  /** "{{profile}} · {{trial}}: {{tokens}} at {{time}}", filled in by the caller's translation. */
  point: (values: { profile: string; trial: string; tokens: string; time: string }) => string;
  /** "{{profile}} · {{trial}}: {{events}} events in one read at {{time}}". */
  burst: (values: { profile: string; trial: string; events: string; time: string }) => string;
  ms: (value: number) => string;
  count: (value: number) => string;
}

/** Pings sit on the time axis, below the lines. */
const PING_Y = 0;

/**
 * A line's shaded stretches: a stall (content stopped after it began) in the
 * warning colour, a long wait for the first token in a neutral one, never
 * taken for a stall. Each kind is labelled once per chart (`labelled` keeps
 * which were), the wait at its left where the stall's label, centred, is not:
 * one label per line stacked the same words over each other.
 */
function shadedAreas(
  line: TimelineLine,
  theme: ChartTheme,
  text: TimelineText,
  labelled: Set<'wait' | 'stall'>,
): LineSeriesOption['markArea'] {
  type Area = NonNullable<NonNullable<LineSeriesOption['markArea']>['data']>[number];
  const area = (
    kind: 'wait' | 'stall',
    [from, to]: readonly [number, number],
    color: string,
  ): Area => {
    const show = !labelled.has(kind);
    labelled.add(kind);
    return [
      {
        name: text[kind],
        xAxis: from,
        itemStyle: { color, opacity: 0.12 },
        label: { show, color, position: kind === 'wait' ? 'insideTopLeft' : 'insideTop' },
      },
      { xAxis: to },
    ];
  };
  const data = [
    ...(line.wait ? [area('wait', line.wait, theme.muted)] : []),
    ...(line.stall ? [area('stall', line.stall, theme.warning)] : []),
  ];
  return data.length === 0 ? undefined : { silent: true, data };
}

const BURSTS_SUFFIX = ':bursts';
const burstSeriesId = (line: TimelineLine): string => `${line.id}${BURSTS_SUFFIX}`;

/**
 * The profiles of `lines`, in `order` (the profile list's, by name) where it
 * names them, then the rest as they first appear: lines come in the order
 * their trials started, which is not the order a reader knows the profiles in.
 */
function profilesInOrder(
  lines: readonly TimelineLine[],
  order: readonly string[],
): [profile: string, color: number][] {
  const seen = [...new Map(lines.map((l) => [l.profile, l.color])).entries()];
  const rank = (profile: string): number => {
    const at = order.indexOf(profile);
    return at === -1 ? order.length : at;
  };
  return seen
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
    .map(({ entry }) => entry);
}

export function arrivalTimelineOption(
  lines: readonly TimelineLine[],
  theme: ChartTheme,
  text: TimelineText,
  /** The profiles' names in the order the page lists them: the legend follows it. */
  profileOrder: readonly string[] = [],
): ChartOption {
  const profiles = profilesInOrder(lines, profileOrder);
  const pingsByProfile = new Map<string, { index: number; times: number[] }>();
  for (const line of lines) {
    const entry = pingsByProfile.get(line.profile) ?? { index: line.color, times: [] };
    entry.times.push(...line.pings);
    pingsByProfile.set(line.profile, entry);
  }
  const pingSeriesName = (profile: string): string => `${profile} · ${text.pings}`;
  const burstSeriesName = (profile: string): string => `${profile} · ${text.bursts}`;
  const bursting = lines.filter((line) => line.bursts.length > 0);
  const labelled = new Set<'wait' | 'stall'>();
  const burstProfiles = profiles
    .map(([profile]) => profile)
    .filter((profile) => bursting.some((line) => line.profile === profile));

  return {
    animation: false,
    aria: { enabled: true },
    color: theme.series.slice(),
    textStyle: { color: theme.text },
    // Room above the plot for a legend of many profiles and the tokens axis name.
    grid: { left: 56, right: 24, top: 56, bottom: 48 },
    legend: {
      type: 'scroll',
      top: 0,
      textStyle: { color: theme.text },
      data: [
        ...profiles.map(([profile]) => profile),
        ...profiles
          .filter(([profile]) => (pingsByProfile.get(profile)?.times.length ?? 0) > 0)
          .map(([profile]) => pingSeriesName(profile)),
        ...burstProfiles.map(burstSeriesName),
      ],
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        // A point of a line [at, tokens], or a burst mark [at, tokens, events].
        const value = (item?.value ?? [0, 0]) as [number, number, number?];
        const id = String(item?.seriesId ?? '');
        const burst = id.endsWith(BURSTS_SUFFIX);
        const line = lines.find((l) => l.id === (burst ? id.slice(0, -BURSTS_SUFFIX.length) : id));
        if (!line) return escapeHtml(`${item?.seriesName ?? ''}: ${text.ms(value[0])}`);
        const where = { profile: line.profile, trial: line.trial, time: text.ms(value[0]) };
        return escapeHtml(
          burst
            ? text.burst({ ...where, events: text.count(value[2] ?? 0) })
            : text.point({ ...where, tokens: text.count(value[1]) }),
        );
      },
    },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    xAxis: valueAxis(theme, { name: text.time, nameAt: 'middle', nameGap: 28 }),
    yAxis: valueAxis(theme, { name: text.tokens, nameAt: 'end' }),
    series: [
      ...lines.map((line): LineSeriesOption => ({
        type: 'line',
        id: line.id,
        name: line.profile,
        // A count holds until the next chunk arrives: a step at each arrival.
        step: 'end',
        showSymbol: false,
        symbolSize: 4,
        lineStyle: {
          width: 1.5,
          color: seriesColor(theme, line.color),
          type: line.failed ? 'dashed' : 'solid',
          opacity: line.failed ? 0.6 : 0.85,
        },
        itemStyle: { color: seriesColor(theme, line.color) },
        emphasis: { focus: 'series', lineStyle: { width: 2.5 } },
        // Pairs, not {value} objects: ECharts copies each datum object on every update.
        data: line.points.map((point) => [point[0], point[1]]),
        markArea: shadedAreas(line, theme, text, labelled),
      })),
      ...[...pingsByProfile]
        .filter(([, pings]) => pings.times.length > 0)
        .map(([profile, pings]): ScatterSeriesOption => ({
          type: 'scatter',
          name: pingSeriesName(profile),
          symbol: 'triangle',
          symbolSize: 7,
          itemStyle: { color: seriesColor(theme, pings.index), opacity: 0.7 },
          data: pings.times.map((at) => [at, PING_Y]),
        })),
      ...bursting.map((line): ScatterSeriesOption => ({
        type: 'scatter',
        id: burstSeriesId(line),
        name: burstSeriesName(line.profile),
        symbol: 'diamond',
        symbolSize: 8,
        itemStyle: {
          color: theme.background,
          borderColor: seriesColor(theme, line.color),
          borderWidth: 1.5,
        },
        // [at, tokens so far] places it on the line; the events ride along for the tooltip.
        data: line.bursts.map((burst) => [burst[0], burst[1], burst[2]]),
      })),
    ],
  };
}
