// Where the time went, as data: one stacked bar per profile × mode.

import { describe, expect, it } from 'vitest';
import type { PhaseBreakdown } from '../../src/shared/api';
import {
  PHASES,
  phaseBarsOption,
  phaseSegments,
  type PhaseBar,
  type PhaseBarsText,
} from '../../src/shared/charts/phase-bars';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

const phases = (overrides: Partial<PhaseBreakdown> = {}): PhaseBreakdown => ({
  dns_ms: 2,
  connect_ms: 8,
  proxy_ms: 6,
  tls_ms: 20,
  wait_headers_ms: 100,
  wait_first_token_ms: 50,
  streaming_ms: 400,
  tail_ms: 3,
  ...overrides,
});

const text: PhaseBarsText = {
  time: 'ms',
  phase: {
    connect: 'connect',
    proxy: 'proxy',
    tls: 'TLS',
    wait_headers: 'headers',
    wait_first_token: 'first token',
    streaming: 'streaming',
    tail: 'tail',
  },
  category: (bar) => `${bar.profile} · ${bar.mode} (n = ${bar.n})`,
  heading: (bar) => `${bar.profile} · ${bar.mode}, n = ${bar.n}`,
  sum: 'sum',
  ms: (v) => `${v} ms`,
};

const bars: PhaseBar[] = [
  { profile: 'fast', mode: 'stream', n: 5, phases: phases() },
  {
    profile: XSS,
    mode: 'plain',
    n: 3,
    phases: phases({ streaming_ms: 10, wait_first_token_ms: 900 }),
  },
];

type Series = {
  type: string;
  name: string;
  stack: string;
  data: number[];
  itemStyle: { color: string };
};

describe('phase bars', () => {
  const option = phaseBarsOption(bars, theme, text);
  const series = option.series as Series[];

  it('counts DNS with connecting, and keeps every other phase as measured', () => {
    expect(phaseSegments(phases())).toEqual({
      connect: 10,
      proxy: 6,
      tls: 20,
      wait_headers: 100,
      wait_first_token: 50,
      streaming: 400,
      tail: 3,
    });
  });

  it('stacks one series per phase, in the order the time passes, a bar per profile × mode', () => {
    expect(series.map((s) => [s.type, s.name, s.stack])).toEqual(
      PHASES.map((phase) => ['bar', text.phase[phase], 'time']),
    );
    expect(series.map((s) => s.data)).toEqual([
      [10, 10],
      [6, 6],
      [20, 20],
      [100, 100],
      [50, 900],
      [400, 10],
      [3, 3],
    ]);
    expect(option.yAxis).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['fast · stream (n = 5)', `${XSS} · plain (n = 3)`],
    });
    expect(option.animation).toBe(false);
  });

  it('draws the proxy tunnel only when some bar went through a proxy', () => {
    const direct = bars.map((bar) => ({ ...bar, phases: { ...bar.phases, proxy_ms: 0 } }));
    const drawn = phaseBarsOption(direct, theme, text);
    const names = (drawn.series as Series[]).map((s) => s.name);
    expect(names).toEqual(PHASES.filter((p) => p !== 'proxy').map((p) => text.phase[p]));
    expect(drawn.legend).toMatchObject({ data: names });
    const html = tooltipOf(drawn)(names.map((_, i) => ({ dataIndex: 0, seriesIndex: i })));
    expect(html).not.toContain('proxy');
    expect(html).toContain('sum: 583 ms');
  });

  it('gives each phase its own colour from the phases’ ramp, none a profile’s', () => {
    const colours = series.map((s) => s.itemStyle.color);
    expect(new Set(colours).size).toBe(PHASES.length);
    expect(colours).toEqual(theme.phases);
    expect(colours.some((c) => theme.series.includes(c))).toBe(false);
  });

  it('lists a bar’s phases in its tooltip, the profile name escaped', () => {
    const html = tooltipOf(option)(
      PHASES.map((_, i) => ({ dataIndex: 1, seriesIndex: i, marker: '<span class="dot"></span>' })),
    );
    expect(html).toContain(`<strong>${XSS_ESCAPED} · plain, n = 3</strong>`);
    expect(html).not.toContain('<img');
    expect(html).toContain('<span class="dot"></span>first token: 900 ms');
    expect(html).toContain('<span class="dot"></span>proxy: 6 ms');
    expect(html).toContain('sum: 1049 ms');
  });
});
