// The history screen's filters and page, kept in the address after the route
// (`#/history?profile=demo&page=3`): a user who opens a run and comes back
// finds the list as they left it, and a filtered view can be bookmarked.
// router.ts ignores what follows `?`, so the route stays `history`.

import {
  RUN_STATUSES,
  type RunListFilter,
  type RunListOrder,
  type RunStatus,
} from '../../../../shared/run';
import { pagesFor } from '../../components/paging';

export interface HistoryQuery {
  profile: string | null;
  model: string | null;
  /** A local calendar day, `YYYY-MM-DD`: runs started on it or later. */
  from: string | null;
  /** A local calendar day, `YYYY-MM-DD`: runs started on it or earlier. */
  to: string | null;
  status: RunStatus | null;
  /** The runs of one series (repeated runs). */
  series: string | null;
  /** By start, the store's way (the list is paged): newest first unless said. */
  order?: RunListOrder;
  /** 1-based. */
  page: number;
}

export const PAGE_SIZE = 50;

export const NO_FILTERS: HistoryQuery = {
  profile: null,
  model: null,
  from: null,
  to: null,
  status: null,
  series: null,
  page: 1,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function day(value: string | null): string | null {
  if (!value) return null;
  return localDayStart(value) ? value : null;
}

/** Midnight of a local calendar day; null for anything that is not one (`2026-02-30`). */
export function localDayStart(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  const real =
    start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date;
  return real ? start : null;
}

function nextDayStart(value: string): Date | null {
  const start = localDayStart(value);
  return start && new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
}

export function parseHistoryQuery(hash: string): HistoryQuery {
  const index = hash.indexOf('?');
  const params = new URLSearchParams(index < 0 ? '' : hash.slice(index + 1));
  const text = (name: string): string | null => params.get(name)?.trim() || null;
  const status = text('status');
  const page = Number(text('page') ?? '1');
  return {
    profile: text('profile'),
    model: text('model'),
    from: day(text('from')),
    to: day(text('to')),
    status: RUN_STATUSES.find((s) => s === status) ?? null,
    series: text('series'),
    ...(text('order') === 'oldest' ? { order: 'oldest' as const } : {}),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function formatHistoryQuery(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.profile) params.set('profile', query.profile);
  if (query.model) params.set('model', query.model);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.status) params.set('status', query.status);
  if (query.series) params.set('series', query.series);
  if (query.order === 'oldest') params.set('order', query.order);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `#/history?${search}` : '#/history';
}

export function isFiltered(query: HistoryQuery): boolean {
  return Boolean(
    query.profile || query.model || query.from || query.to || query.status || query.series,
  );
}

/** The end day comes before the start day: nothing could match, so the user is told instead. */
export function dateRangeReversed(query: HistoryQuery): boolean {
  return Boolean(query.from && query.to && query.from > query.to);
}

/** The runs list's filter: local days as instants, `to` made exclusive (the day after). */
export function listFilter(query: HistoryQuery, page: number): RunListFilter {
  const filter: RunListFilter = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  if (query.profile) filter.profile_id = query.profile;
  if (query.model) filter.model = query.model;
  if (query.status) filter.status = query.status;
  if (query.series) filter.series_id = query.series;
  if (query.order === 'oldest') filter.order = query.order;
  const from = query.from && localDayStart(query.from);
  const to = query.to && nextDayStart(query.to);
  if (from) filter.from = from.toISOString();
  if (to) filter.to = to.toISOString();
  return filter;
}

/** Whether a run started within the query's days (the trend's points are filtered as the list is). */
export function withinDays(query: HistoryQuery, startedAt: string): boolean {
  const filter = listFilter(query, 1);
  const at = Date.parse(startedAt);
  if (filter.from && at < Date.parse(filter.from)) return false;
  if (filter.to && at >= Date.parse(filter.to)) return false;
  return true;
}

export function pageCount(total: number): number {
  return pagesFor(total, PAGE_SIZE);
}
