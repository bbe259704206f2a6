// Choosing two runs to compare: two at most, the earlier one as A.

import { describe, expect, it } from 'vitest';
import { comparePair, toggleChosen } from '../../src/renderer/src/pages/history/run-selection';

const early = { id: 'z-early', started_at: '2026-03-01T10:00:00.000Z' };
const late = { id: 'a-late', started_at: '2026-03-02T10:00:00.000Z' };
const third = { id: 'm', started_at: '2026-03-03T10:00:00.000Z' };

describe('run selection', () => {
  it('adds and removes a run', () => {
    const one = toggleChosen([], late);
    expect(one).toEqual([late]);
    expect(toggleChosen(one, late)).toEqual([]);
  });

  it('refuses a third run', () => {
    const two = toggleChosen(toggleChosen([], late), early);
    expect(toggleChosen(two, third)).toEqual(two);
  });

  it('compares the earlier run (A) with the later (B), whatever the order chosen', () => {
    expect(comparePair([late, early])).toEqual({ a: 'z-early', b: 'a-late' });
    expect(comparePair([early, late])).toEqual({ a: 'z-early', b: 'a-late' });
    expect(comparePair([early])).toBeNull();
  });
});
