// The profiles' palette as shared/theme.css has it, in both themes: each colour
// readable as a line on the chart's surface, and every two far enough apart
// as people with each common colour-vision deficiency see them (Machado,
// Oliveira and Fernandes 2009, severity 1), so that a profile is told from
// another by its colour alone. The phases' ramp uses none of them.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROFILE_COLORS } from '../../src/shared/run';
import { PHASES } from '../../src/shared/charts/phase-bars';
import { themeVariables } from '../../src/shared/charts/theme-colors';

const CSS = readFileSync(new URL('../../src/shared/theme.css', import.meta.url), 'utf8');
const themeVars = (dark: boolean): Map<string, string> =>
  themeVariables(CSS, dark ? 'dark' : 'light');

type Rgb = [number, number, number];

const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255)) as Rgb;
}

const luminance = ([r, g, b]: Rgb): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x);
  return ((high as number) + 0.05) / ((low as number) + 0.05);
}

const DEFICIENCIES: Record<string, number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function seenWith(rgb: Rgb, matrix: number[][] | null): Rgb {
  if (matrix === null) return rgb;
  return matrix.map((row) =>
    Math.min(
      1,
      Math.max(0, (row[0] ?? 0) * rgb[0] + (row[1] ?? 0) * rgb[1] + (row[2] ?? 0) * rgb[2]),
    ),
  ) as Rgb;
}

/** CIE L*a*b* (D65) of a linear sRGB colour. */
function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** The smallest ΔE*ab between two of the colours, as `matrix` sees them. */
function closest(colours: readonly string[], matrix: number[][] | null): number {
  const seen = colours.map((c) => lab(seenWith(rgbOf(c), matrix)));
  let least = Infinity;
  for (let i = 0; i < seen.length; i++) {
    for (let j = i + 1; j < seen.length; j++) {
      const [a, b] = [seen[i] as Rgb, seen[j] as Rgb];
      least = Math.min(least, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
    }
  }
  return least;
}

describe.each([
  ['light', false, 3],
  ['dark', true, 4.5],
] as const)('the profiles’ palette, %s', (_, dark, minContrast) => {
  const vars = themeVars(dark);
  const palette = Array.from({ length: PROFILE_COLORS }, (_, i) => vars.get(`series-${i}`));
  const surface = vars.get('surface') as string;

  it('has a colour for every slot, each readable on the surface', () => {
    expect(palette.every((c) => c !== undefined)).toBe(true);
    for (const colour of palette) {
      expect(contrast(colour as string, surface), colour).toBeGreaterThanOrEqual(minContrast);
    }
  });

  it('keeps every two colours apart with each common colour-vision deficiency', () => {
    const colours = palette as string[];
    expect(closest(colours, null)).toBeGreaterThan(20);
    expect(closest(colours, DEFICIENCIES.protanopia ?? null)).toBeGreaterThan(18);
    expect(closest(colours, DEFICIENCIES.deuteranopia ?? null)).toBeGreaterThan(18);
    expect(closest(colours, DEFICIENCIES.tritanopia ?? null)).toBeGreaterThan(12);
  });

  it('leaves the phases a ramp of their own, near no profile’s colour', () => {
    const phases = PHASES.map((phase) => vars.get(`phase-${phase}`) as string);
    expect(phases.every((c) => c !== undefined)).toBe(true);
    for (const phase of phases) {
      const nearest = Math.min(...(palette as string[]).map((c) => closest([phase, c], null)));
      expect(nearest, phase).toBeGreaterThan(15);
    }
  });
});
