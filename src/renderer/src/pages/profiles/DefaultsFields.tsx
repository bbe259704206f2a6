// What a run with this profile starts from: max_tokens and the timeouts, in
// seconds as people think of them, and its pacing (a free tier's calls per
// minute). Empty: the run's own setting applies.
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
  maxRpm: string;
  onMaxRpm: (value: string) => void;
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
        <DefaultInput
          label={t('profiles.defaults.max_tokens')}
          numeric
          value={props.maxTokens}
          error={props.errors.max_tokens}
          describedBy={hintId}
          onChange={props.onMaxTokens}
        />
        {TIMEOUT_FIELDS.map((field) => (
          <DefaultInput
            key={field}
            label={t(`profiles.defaults.${field}`)}
            value={props.timeouts[field]}
            error={props.errors[field]}
            describedBy={hintId}
            onChange={(value) => props.onTimeout(field, value)}
          />
        ))}
        <DefaultInput
          label={t('profiles.defaults.max_rpm')}
          hint={t('profiles.defaults.maxRpmHint')}
          numeric
          value={props.maxRpm}
          error={props.errors.max_rpm}
          describedBy={hintId}
          onChange={props.onMaxRpm}
        />
      </div>
      {props.errors.defaults && (
        <p className="field-error" role="alert">
          {props.errors.defaults}
        </p>
      )}
    </fieldset>
  );
}

/** One default as typed: a whole number (`numeric`) or seconds. */
function DefaultInput(props: {
  label: string;
  hint?: string;
  numeric?: boolean;
  value: string;
  error: string | undefined;
  /** The section's hint, which every field refers to. */
  describedBy: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode={props.numeric ? 'numeric' : 'decimal'}
          value={props.value}
          aria-describedby={[props.describedBy, describedBy].filter(Boolean).join(' ')}
          aria-invalid={invalid}
          autoComplete="off"
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
