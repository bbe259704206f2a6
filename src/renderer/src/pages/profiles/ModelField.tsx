// The model: typed, or picked from the provider's own list ("Load models"),
// searchable, with the models the provider says are free marked. The list is
// asked with the saved profile's key when the form still points where the
// profile was saved; a URL typed but not saved is asked without any key.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelList } from '../../../../shared/api';
import { lasttoken } from '../../api/client';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { ModelPicker } from './ModelPicker';
import type { ModelsQuery } from './model-list';

type ListState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; list: ModelList }
  | { kind: 'failed'; error: unknown };

export function ModelField(props: {
  value: string;
  onChange: (model: string) => void;
  error: string | undefined;
  query: ModelsQuery;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<ListState>({ kind: 'idle' });
  const withKey = 'profile_id' in props.query;
  const canLoad = withKey || ('base_url' in props.query && props.query.base_url !== '');

  const keyHint = !canLoad
    ? t('profiles.models.needUrl')
    : withKey
      ? t('profiles.models.withKey')
      : t('profiles.models.withoutKey');

  const load = (): void => {
    setList({ kind: 'loading' });
    lasttoken()
      .modelsList(props.query)
      .then(
        (answer) => setList({ kind: 'loaded', list: answer }),
        (error: unknown) => setList({ kind: 'failed', error }),
      );
  };

  return (
    <div className="model-field">
      <Field
        label={t('profiles.fields.model')}
        hint={t('profiles.twoSentences', { first: t('profiles.form.modelHint'), second: keyHint })}
        error={props.error}
      >
        {({ id, describedBy, invalid }) => (
          <div className="input-with-action">
            <input
              id={id}
              className="mono"
              value={props.value}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="off"
              spellCheck={false}
              required
              onChange={(e) => props.onChange(e.target.value)}
            />
            <button type="button" disabled={!canLoad || list.kind === 'loading'} onClick={load}>
              {list.kind === 'loaded' ? t('profiles.models.reload') : t('profiles.models.load')}
            </button>
          </div>
        )}
      </Field>
      <div className="model-live" aria-live="polite">
        {list.kind === 'loading' && <p className="loading">{t('profiles.models.loading')}</p>}
        {list.kind === 'failed' && (
          <div className="stack">
            <p className="field-error">{t('profiles.models.failed')}</p>
            <ErrorMessage error={list.error} onRetry={load} />
          </div>
        )}
      </div>
      {list.kind === 'loaded' && (
        <ModelPicker list={list.list} value={props.value} onPick={props.onChange} />
      )}
    </div>
  );
}
