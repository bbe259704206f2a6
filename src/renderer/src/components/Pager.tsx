// Paging through a long list: which items are shown of how many, the first,
// previous, next and last pages, and a page number to jump to (a history of
// 10,000 runs has 200 pages, a run of 100,000 trials more). A long list has
// one above it and one below.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/format';
import { pagesFor } from './paging';

/** The shown range, formatted, for the list's own sentence ("Runs 1–50 of 812"). */
export type PagerRange = Record<'first' | 'last' | 'total', string>;

export function Pager(props: {
  /** Names this pager among the page's navigation (a list may have one above and one below). */
  label: string;
  /** Says each new range to screen readers: one of a list's pagers does. */
  announce?: boolean;
  page: number;
  pageSize: number;
  total: number;
  rangeText: (range: PagerRange) => string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { page, pageSize, total } = props;
  const pages = pagesFor(total, pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <nav className="pager" aria-label={props.label}>
      <p className="pager-range" role={props.announce ? 'status' : undefined}>
        {props.rangeText({
          first: format.count(first),
          last: format.count(last),
          total: format.count(total),
        })}
      </p>
      {pages > 1 && (
        <div className="pager-controls">
          <button type="button" disabled={page <= 1} onClick={() => props.onPage(1)}>
            {t('common.pager.first')}
          </button>
          <button type="button" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
            {t('common.pager.previous')}
          </button>
          <PageNumber key={page} page={page} pages={pages} onPage={props.onPage} />
          <button type="button" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
            {t('common.pager.next')}
          </button>
          <button type="button" disabled={page >= pages} onClick={() => props.onPage(pages)}>
            {t('common.pager.last')}
          </button>
        </div>
      )}
    </nav>
  );
}

/** The page shown, editable: Enter (or leaving the field) goes there. */
function PageNumber(props: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [draft, setDraft] = useState(String(props.page));
  const go = (): void => {
    const page = Math.round(Number(draft));
    if (!Number.isFinite(page) || draft.trim() === '') return setDraft(String(props.page));
    const bounded = Math.min(Math.max(page, 1), props.pages);
    setDraft(String(bounded));
    if (bounded !== props.page) props.onPage(bounded);
  };
  const ofId = useId();
  return (
    <span className="pager-page">
      <span aria-hidden="true">{t('common.pager.pageBefore')}</span>
      <input
        type="number"
        inputMode="numeric"
        aria-label={t('common.pager.pageNumber')}
        aria-describedby={ofId}
        min={1}
        max={props.pages}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={go}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go();
        }}
      />
      <span id={ofId}>{t('common.pager.pageAfter', { pages: format.count(props.pages) })}</span>
    </span>
  );
}
