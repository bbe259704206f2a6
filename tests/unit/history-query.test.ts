// The history screen's filters in the address, and as the runs list's filter.

import { describe, expect, it } from 'vitest';
import {
  dateRangeReversed,
  formatHistoryQuery,
  isFiltered,
  listFilter,
  localDayStart,
  NO_FILTERS,
  PAGE_SIZE,
  pageCount,
  parseHistoryQuery,
  withinDays,
} from '../../src/renderer/src/pages/history/history-query';

describe('history query', () => {
  it('round-trips through the address', () => {
    const query = {
      profile: 'p 1/é',
      model: 'sim-steady:tokens=60,gap=5',
      from: '2026-03-01',
      to: '2026-03-31',
      status: 'completed' as const,
      series: '0c907057-3e69-4382-96e8-002d9d275b30',
      page: 4,
    };
    const hash = formatHistoryQuery(query);
    expect(hash.startsWith('#/history?')).toBe(true);
    expect(parseHistoryQuery(hash)).toEqual(query);
  });

  it('writes nothing after the route when there is nothing to keep', () => {
    expect(formatHistoryQuery(NO_FILTERS)).toBe('#/history');
    expect(parseHistoryQuery('#/history')).toEqual(NO_FILTERS);
  });

  it('ignores what is not a filter: unknown status, impossible day, bad page', () => {
    expect(
      parseHistoryQuery('#/history?status=lost&from=2026-02-30&to=soon&page=-2&profile=%20'),
    ).toEqual(NO_FILTERS);
    expect(parseHistoryQuery('#/history?page=2.5').page).toBe(1);
  });

  it('knows when a filter is set, and when the days are reversed', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, page: 3 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, status: 'running' })).toBe(true);
    expect(dateRangeReversed({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(dateRangeReversed({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toBe(false);
  });

  it('turns local days into instants, the end day included', () => {
    const filter = listFilter(
      { ...NO_FILTERS, profile: 'demo', from: '2026-03-01', to: '2026-03-01' },
      3,
    );
    expect(filter).toEqual({
      profile_id: 'demo',
      limit: PAGE_SIZE,
      offset: 2 * PAGE_SIZE,
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2).toISOString(),
    });
  });

  it('narrows the list to one series of repeated runs', () => {
    const series = '0c907057-3e69-4382-96e8-002d9d275b30';
    expect(listFilter({ ...NO_FILTERS, series }, 1)).toEqual({
      series_id: series,
      limit: PAGE_SIZE,
      offset: 0,
    });
    expect(isFiltered({ ...NO_FILTERS, series })).toBe(true);
  });

  it('reads a calendar day as local midnight, and refuses days that do not exist', () => {
    expect(localDayStart('2026-12-31')?.getTime()).toBe(new Date(2026, 11, 31).getTime());
    expect(localDayStart('2026-02-29')).toBeNull();
    expect(localDayStart('2026-3-1')).toBeNull();
  });

  it('keeps a run inside the days, the end day whole', () => {
    const days = { ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' };
    expect(withinDays(days, new Date(2026, 2, 1, 0, 0).toISOString())).toBe(true);
    expect(withinDays(days, new Date(2026, 2, 1, 23, 59).toISOString())).toBe(true);
    expect(withinDays(days, new Date(2026, 2, 2, 0, 0).toISOString())).toBe(false);
    expect(withinDays(days, new Date(2026, 1, 28, 23, 59).toISOString())).toBe(false);
    expect(withinDays(NO_FILTERS, '2001-01-01T00:00:00Z')).toBe(true);
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(PAGE_SIZE)).toBe(1);
    expect(pageCount(10_000)).toBe(10_000 / PAGE_SIZE);
    expect(pageCount(10_001)).toBe(10_000 / PAGE_SIZE + 1);
  });
});
