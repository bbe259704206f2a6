// What the runs list (and the trend) shows: a profile, a model, the days the
// runs started on, their status. Each change applies at once, from page 1.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUN_STATUSES, type Profile, type RunStatus } from '../../../../shared/run';
import { Field } from '../../components/Field';
import { dateRangeReversed, isFiltered, type HistoryQuery } from './history-query';

export function HistoryFilters(props: {
  query: HistoryQuery;
  profiles: readonly Profile[];
  /** The chosen profile's name in its runs, when it is no longer among the profiles. */
  removedName: string | null;
  onChange: (query: HistoryQuery) => void;
}) {
  const { t } = useTranslation();
  const { query, profiles } = props;
  const apply = (patch: Partial<HistoryQuery>): void =>
    props.onChange({ ...query, ...patch, page: 1 });
  const models = [...new Set(profiles.map((p) => p.model))].sort((a, b) => a.localeCompare(b));
  const known = profiles.some((p) => p.id === query.profile);
  const reversed = dateRangeReversed(query);

  return (
    <section className="card history-filters" aria-labelledby="history-filters-title">
      <div className="card-header">
        <h2 id="history-filters-title">{t('history.filters.title')}</h2>
        {isFiltered(query) && (
          <div className="card-actions">
            <button type="button" onClick={() => apply(clearFilters())}>
              {t('history.filters.clear')}
            </button>
          </div>
        )}
      </div>
      <div className="history-filter-grid">
        <Field label={t('history.filters.profile')} hint={t('history.filters.profileHint')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={query.profile ?? ''}
              onChange={(e) => apply({ profile: e.target.value || null })}
            >
              <option value="">{t('history.filters.anyProfile')}</option>
              {!known && query.profile && (
                <option value={query.profile}>
                  {t('history.filters.removedProfile', {
                    name: props.removedName ?? query.profile,
                  })}
                </option>
              )}
              {profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('history.filters.model')} hint={t('history.filters.modelHint')}>
          {({ id, describedBy }) => (
            <ModelInput
              id={id}
              describedBy={describedBy}
              value={query.model}
              models={models}
              onCommit={(model) => {
                if (model !== query.model) apply({ model });
              }}
            />
          )}
        </Field>
        <Field label={t('history.filters.from')}>
          {({ id }) => (
            <input
              id={id}
              type="date"
              value={query.from ?? ''}
              max={query.to ?? undefined}
              onChange={(e) => apply({ from: e.target.value || null })}
            />
          )}
        </Field>
        <Field
          label={t('history.filters.to')}
          hint={t('history.filters.toHint')}
          error={reversed ? t('history.filters.reversed') : null}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="date"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={query.to ?? ''}
              min={query.from ?? undefined}
              onChange={(e) => apply({ to: e.target.value || null })}
            />
          )}
        </Field>
        <Field label={t('history.filters.status')}>
          {({ id }) => (
            <select
              id={id}
              value={query.status ?? ''}
              onChange={(e) => apply({ status: (e.target.value || null) as RunStatus | null })}
            >
              <option value="">{t('history.filters.anyStatus')}</option>
              {RUN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`common.runStatus.${status}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {query.series && (
        // Set from a run's series link in the list: it is cleared here, not typed.
        <p className="history-series-filter">
          <span>{t('history.filters.series', { series: query.series.slice(0, 8) })}</span>
          <button type="button" onClick={() => apply({ series: null })}>
            {t('history.filters.anySeries')}
          </button>
        </p>
      )}
    </section>
  );
}

export function clearFilters(): Partial<HistoryQuery> {
  return { profile: null, model: null, from: null, to: null, status: null, series: null };
}

/**
 * A model name, suggested from the profiles' models: a suggestion picked from
 * the list (or the field cleared) applies at once; typed text on Enter or when
 * the field is left, so each keystroke does not query the history.
 */
function ModelInput(props: {
  id: string;
  describedBy: string | undefined;
  value: string | null;
  models: readonly string[];
  onCommit: (model: string | null) => void;
}) {
  const listId = `${props.id}-models`;
  const [draft, setDraft] = useState(props.value ?? '');
  // The filter changed elsewhere (cleared, or the address): the field follows it.
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    setShown(props.value);
    setDraft(props.value ?? '');
  }
  const commit = (text: string): void => props.onCommit(text.trim() || null);
  return (
    <>
      <input
        id={props.id}
        type="search"
        list={listId}
        aria-describedby={props.describedBy}
        value={draft}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const picked = (e.nativeEvent as InputEvent).inputType === 'insertReplacementText';
          if (text === '' || picked) commit(text);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
      />
      <datalist id={listId}>
        {props.models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </>
  );
}
