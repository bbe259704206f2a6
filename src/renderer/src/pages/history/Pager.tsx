// Paging through the runs list: which runs are shown of how many, the first,
// previous, next and last pages, and a page number to jump to (a history of
// 10,000 runs has 200 pages). The list has one above it and one below.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { PAGE_SIZE, pageCount } from './history-query';

export function Pager(props: {
  /** Names this pager among the page's navigation (there is one above and one below the list). */
  label: string;
  /** Says each new range to screen readers: one of the two pagers does. */
  announce?: boolean;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { page, total } = props;
  const pages = pageCount(total);
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return (
    <nav className="history-pager" aria-label={props.label}>
      <p className="history-pager-range" role={props.announce ? 'status' : undefined}>
        {t('history.pager.range', {
          first: format.count(first),
          last: format.count(last),
          total: format.count(total),
        })}
      </p>
      {pages > 1 && (
        <div className="history-pager-controls">
          <button type="button" disabled={page <= 1} onClick={() => props.onPage(1)}>
            {t('history.pager.first')}
          </button>
          <button type="button" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
            {t('history.pager.previous')}
          </button>
          <PageNumber key={page} page={page} pages={pages} onPage={props.onPage} />
          <button type="button" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
            {t('history.pager.next')}
          </button>
          <button type="button" disabled={page >= pages} onClick={() => props.onPage(pages)}>
            {t('history.pager.last')}
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
    <span className="history-pager-page">
      <span aria-hidden="true">{t('history.pager.pageBefore')}</span>
      <input
        type="number"
        inputMode="numeric"
        aria-label={t('history.pager.pageNumber')}
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
      <span id={ofId}>{t('history.pager.pageAfter', { pages: format.count(props.pages) })}</span>
    </span>
  );
}
