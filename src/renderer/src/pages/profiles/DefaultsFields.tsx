// What a run with this profile starts from: max_tokens and the timeouts, in
// seconds as people think of them. Empty: the run's own setting applies.
// Typed as text, so that what is not a number is said, not silently dropped.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import type { ErrorField } from './form-errors';
import { TIMEOUT_FIELDS, type TimeoutField } from './profile-draft';

export function DefaultsFields(props: {
  maxTokens: string;
  timeouts: Record<TimeoutField, string>;
  onMaxTokens: (value: string) => void;
  onTimeout: (field: TimeoutField, value: string) => void;
  errors: Partial<Record<ErrorField, string>>;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <fieldset className={props.errors.defaults ? 'field-invalid' : undefined}>
      <legend>{t('profiles.defaults.title')}</legend>
      <p className="hint" id={hintId}>
        {t('profiles.defaults.hint')}
      </p>
      <div className="form-grid defaults-grid">
        <Field label={t('profiles.defaults.max_tokens')} error={props.errors.max_tokens}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              inputMode="numeric"
              value={props.maxTokens}
              aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
              aria-invalid={invalid}
              autoComplete="off"
              onChange={(e) => props.onMaxTokens(e.target.value)}
            />
          )}
        </Field>
        {TIMEOUT_FIELDS.map((field) => (
          <Field key={field} label={t(`profiles.defaults.${field}`)} error={props.errors[field]}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                inputMode="decimal"
                value={props.timeouts[field]}
                aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
                aria-invalid={invalid}
                autoComplete="off"
                onChange={(e) => props.onTimeout(field, e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
      {props.errors.defaults && (
        <p className="field-error" role="alert">
          {props.errors.defaults}
        </p>
      )}
    </fieldset>
  );
}
