// The arrival timeline's option, as data: no DOM, no canvas.

import { describe, expect, it } from 'vitest';
import {
  arrivalTimelineOption,
  type TimelineLine,
  type TimelineText,
} from '../../src/shared/charts/arrival-timeline';
import type { ChartTheme } from '../../src/shared/charts/chart-option';

const theme: ChartTheme = {
  text: '#111',
  muted: '#555',
  grid: '#ddd',
  background: '#fff',
  series: ['#a00', '#0a0', '#00a'],
  phases: [],
  danger: '#f00',
  warning: '#fa0',
};

const text: TimelineText = {
  time: 'ms since the request',
  tokens: 'tokens',
  pings: 'keep-alive pings',
  stall: 'stall',
  wait: 'waiting for the first token',
  bursts: 'buffer bursts',
  point: ({ profile, trial, tokens, time }) => `${profile} · ${trial}: ${tokens} tokens at ${time}`,
  burst: ({ profile, trial, events, time }) =>
    `${profile} · ${trial}: ${events} events in one read at ${time}`,
  ms: (v) => `${v} ms`,
  count: (v) => String(v),
};

const XSS = '<img src=x onerror=alert(1)>';

function line(overrides: Partial<TimelineLine>): TimelineLine {
  return {
    id: 'p1-stream-1',
    profile: 'fast',
    color: 0,
    trial: 'stream #1',
    points: [
      [100, 2],
      [150, 5],
    ],
    pings: [],
    stall: null,
    wait: null,
    bursts: [],
    failed: false,
    ...overrides,
  };
}

type Series = {
  type: string;
  id?: string;
  name: string;
  lineStyle?: { color: string; type: string };
  step?: string;
  data: number[][];
  markArea?: unknown;
};

describe('arrival timeline', () => {
  const option = arrivalTimelineOption(
    [
      line({}),
      line({ id: 'p1-stream-2', trial: 'stream #2', pings: [40, 80] }),
      line({ id: 'p2-stream-1', profile: XSS, color: 1, failed: true, stall: [150, 4000] }),
    ],
    theme,
    text,
  );
  const series = option.series as Series[];

  it('draws a stepped line per trial, coloured by profile, failures dashed', () => {
    const lines = series.filter((s) => s.type === 'line');
    expect(lines.map((s) => [s.id, s.name, s.lineStyle?.color, s.lineStyle?.type])).toEqual([
      ['p1-stream-1', 'fast', '#a00', 'solid'],
      ['p1-stream-2', 'fast', '#a00', 'solid'],
      ['p2-stream-1', XSS, '#0a0', 'dashed'],
    ]);
    expect(lines.every((s) => s.step === 'end')).toBe(true);
    expect(lines[0]?.data).toEqual([
      [100, 2],
      [150, 5],
    ]);
  });

  it('marks keep-alive pings on the time axis and shades a stall', () => {
    const pings = series.filter((s) => s.type === 'scatter' && s.id === undefined);
    expect(pings.map((s) => [s.name, s.data])).toEqual([
      [
        'fast · keep-alive pings',
        [
          [40, 0],
          [80, 0],
        ],
      ],
    ]);
    expect(series[2]?.markArea).toMatchObject({
      data: [[{ name: 'stall', xAxis: 150 }, { xAxis: 4000 }]],
    });
    expect(series[0]?.markArea).toBeUndefined();
  });

  it('shades a long wait for the first token in a neutral colour, apart from a stall', () => {
    const waited = arrivalTimelineOption(
      [line({ wait: [0, 1500], stall: [1600, 3200] })],
      theme,
      text,
    );
    const [drawn] = waited.series as Series[];
    expect(drawn?.markArea).toMatchObject({
      data: [
        [
          { name: 'waiting for the first token', xAxis: 0, itemStyle: { color: '#555' } },
          { xAxis: 1500 },
        ],
        [{ name: 'stall', xAxis: 1600, itemStyle: { color: '#fa0' } }, { xAxis: 3200 }],
      ],
    });
  });

  it('shows user text as text in tooltips: a profile name is escaped, never markup', () => {
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter({ seriesId: 'p2-stream-1', seriesName: XSS, value: [150, 5] });
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt; · stream #1: 5 tokens at 150 ms');
    expect(
      tooltip.formatter({ seriesName: `${XSS} · keep-alive pings`, value: [40, 0] }),
    ).not.toContain('<');
  });

  it("marks a rebuffered stream's bursts on its line, in its profile's colour, with their event counts", () => {
    const bursty = line({
      id: 'p3-stream-1',
      profile: XSS,
      color: 2,
      points: [
        [400, 30],
        [800, 60],
      ],
      bursts: [
        [400, 30, 24],
        [800, 60, 23],
      ],
    });
    const withBursts = arrivalTimelineOption([line({}), bursty], theme, text);
    const marks = (
      withBursts.series as (Series & { itemStyle?: { borderColor?: string } })[]
    ).filter((s) => s.id === 'p3-stream-1:bursts');
    expect(marks.map((s) => [s.type, s.name, s.data, s.itemStyle?.borderColor])).toEqual([
      [
        'scatter',
        `${XSS} · buffer bursts`,
        [
          [400, 30, 24],
          [800, 60, 23],
        ],
        '#00a',
      ],
    ]);
    expect((withBursts.legend as { data: string[] }).data).toContain(`${XSS} · buffer bursts`);
    const tooltip = withBursts.tooltip as { formatter: (p: unknown) => string };
    expect(tooltip.formatter({ seriesId: 'p3-stream-1:bursts', value: [800, 60, 23] })).toBe(
      '&lt;img src=x onerror=alert(1)&gt; · stream #1: 23 events in one read at 800 ms',
    );
    // A line without bursts gets no marks.
    expect(arrivalTimelineOption([line({})], theme, text).series).toHaveLength(1);
  });

  it("lists the profiles in the legend in the profile list's order, not the order their trials started", () => {
    const started = [
      line({ id: 'c-stream-1', profile: 'third', color: 2, pings: [10] }),
      line({ id: 'a-stream-1', profile: 'first', color: 0, pings: [20] }),
      line({ id: 'b-stream-1', profile: 'second', color: 1 }),
    ];
    const legend = (order?: string[]) =>
      (arrivalTimelineOption(started, theme, text, order).legend as { data: string[] }).data;
    expect(legend(['first', 'second', 'third'])).toEqual([
      'first',
      'second',
      'third',
      'first · keep-alive pings',
      'third · keep-alive pings',
    ]);
    // A profile the list does not name comes after those it does, as its lines came.
    expect(legend(['second'])).toEqual([
      'second',
      'third',
      'first',
      'third · keep-alive pings',
      'first · keep-alive pings',
    ]);
  });
});
