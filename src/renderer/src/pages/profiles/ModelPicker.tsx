// The provider's models as a searchable list of choices: picking one fills the
// model field. Radio buttons, so the arrow keys move through the list.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelList } from '../../../../shared/api';
import { useFormat } from '../../i18n/format';
import { anyFree, filterModels } from './model-list';

export function ModelPicker(props: {
  list: ModelList;
  value: string;
  onPick: (model: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const group = useId();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [freeOnly, setFreeOnly] = useState(false);
  const { models, url } = props.list;
  if (models.length === 0) {
    return <p className="message message-info">{t('profiles.models.none', { url })}</p>;
  }
  const offerFree = anyFree(models);
  const matches = filterModels(models, search, offerFree && freeOnly);
  return (
    <div className="model-picker stack">
      <p className="small muted wrap-anywhere">
        {t('profiles.models.listed', { n: format.count(models.length), url })}
      </p>
      <div className="model-picker-tools">
        <div className="field">
          <label htmlFor={searchId}>{t('profiles.models.search')}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        {offerFree && (
          <label className="choice-row free-only">
            <input
              type="checkbox"
              checked={freeOnly}
              onChange={(e) => setFreeOnly(e.target.checked)}
            />
            {t('profiles.models.freeOnly')}
          </label>
        )}
      </div>
      {matches.matched === 0 ? (
        <p className="muted">{t('profiles.models.noMatch')}</p>
      ) : (
        <fieldset className="model-options">
          <legend className="visually-hidden">{t('profiles.models.choices')}</legend>
          <ul>
            {matches.shown.map((model) => (
              <li key={model.id}>
                <label
                  className={model.id === props.value ? 'model-option chosen' : 'model-option'}
                >
                  <input
                    type="radio"
                    name={group}
                    value={model.id}
                    checked={model.id === props.value}
                    onChange={() => props.onPick(model.id)}
                  />
                  <span className="model-id mono wrap-anywhere">{model.id}</span>
                  {model.name !== null && (
                    <span className="model-name muted wrap-anywhere">{model.name}</span>
                  )}
                  {model.free === true && (
                    <span className="badge badge-ok">{t('profiles.models.free')}</span>
                  )}
                  {model.context_length !== null && (
                    <span className="small muted">
                      {t('profiles.models.context', { n: format.count(model.context_length) })}
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {matches.matched > matches.shown.length && (
        <p className="hint">
          {t('profiles.models.more', {
            shown: format.count(matches.shown.length),
            matched: format.count(matches.matched),
          })}
        </p>
      )}
    </div>
  );
}
