// Figures in milliseconds are rounded once, from the stored value, to the
// decimals msDecimals gives, alike in the CLI and on the results page.
import { describe, expect, it } from 'vitest';
import { formatMs } from '../../src/main/cli/format';
import { msNumber } from '../../src/renderer/src/i18n/format';
import { msDecimals } from '../../src/shared/duration';

const cases: [number, string][] = [
  // Rounded to tenths first, this read 205.
  [204.452, '204'],
  [204.5, '205'],
  [99.96, '100'],
  [99.94, '99.9'],
  [0.05, '0.1'],
  [1234.6, '1,235'],
  [-40.04, '-40.0'],
  // Float noise around zero reads 0, not -0.0.
  [-0.04, '0.0'],
  [2.842170943040401e-14, '0.0'],
  [-2.842170943040401e-14, '0.0'],
];

describe('a figure in milliseconds', () => {
  it('has no decimals from 100 up, one below', () => {
    expect([99.94, 99.95, 100, -150, 12].map(msDecimals)).toEqual([1, 0, 0, 0, 1]);
  });

  it.each(cases)('%s reads %s on the results page', (value, shown) => {
    expect(msNumber('en', value)).toBe(shown);
  });

  it.each(cases)('%s reads %s ms in the CLI', (value, shown) => {
    expect(formatMs(value)).toBe(`${shown.replace(',', '')} ms`);
  });

  it('is written as the language writes numbers', () => {
    expect(msNumber('zh-CN', 1234.6)).toBe('1,235');
    expect(msNumber('de', 12.25)).toBe('12,3');
  });
});
