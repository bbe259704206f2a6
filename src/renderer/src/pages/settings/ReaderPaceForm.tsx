// The reading pace of the reader figures (DESIGN.md, "What a reader feels"):
// new runs store theirs at it, and results and comparisons are shown at it,
// recomputed from the timelines for runs measured at another.

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_READER_PACE_TPS, MIN_READER_PACE_TPS } from '../../../../shared/reader';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { fieldMessage } from '../../i18n/error-text';
import { SaveActions } from './SaveActions';

export function ReaderPaceForm(props: { pace: number; onSave: (pace: number) => Promise<void> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(props.pace));
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const fieldError = fieldMessage(t, error, 'reader_pace_tps');

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setError(null);
    props.onSave(Number(draft)).then(
      () => setSaved(true),
      (failure: unknown) => setError(failure),
    );
  };

  return (
    // noValidate: the pace is checked where it is kept, and the field says why it was refused.
    <form className="card stack" onSubmit={submit} data-settings="reader" noValidate>
      <h2>{t('settings.reader.title')}</h2>
      <p className="muted">{t('settings.reader.intro')}</p>
      {error !== null && fieldError === null && <ErrorMessage error={error} />}
      <div className="form-grid">
        <Field label={t('settings.reader.pace')} error={fieldError}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              min={MIN_READER_PACE_TPS}
              max={MAX_READER_PACE_TPS}
              step="any"
              aria-describedby={describedBy}
              value={draft}
              onChange={(e) => {
                setSaved(false);
                setDraft(e.target.value);
              }}
            />
          )}
        </Field>
      </div>
      <SaveActions saved={saved} />
    </form>
  );
}
