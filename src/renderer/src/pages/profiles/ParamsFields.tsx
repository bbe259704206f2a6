// What each request says besides the prompt and its token limit: a system
// prompt, sampling, the reasoning effort (or Anthropic's thinking budget),
// the token limit's name and an extra body of the provider's own fields. Only
// the fields given: the chosen API format's for a profile, the shared ones for
// a run. Folded away until opened, or open when any is set: most endpoints
// are measured with none.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_STOP_SEQUENCES,
  MIN_THINKING_BUDGET,
  REASONING_EFFORTS,
  type ReasoningEffort,
  type TokenParam,
} from '../../../../shared/request-params';
import { Field } from '../../components/Field';
import { useFormat } from '../../i18n/format';
import type { ErrorField } from './form-errors';
import { paramsSetCount, PARAM_FIELDS, type ParamsDraft } from './profile-draft';

/** The section's own words (i18n keys): a profile's parameters, or a run's for all its profiles. */
export interface ParamsText {
  title: string;
  summaryNone: string;
  hint: string;
}

export const PROFILE_PARAMS_TEXT: ParamsText = {
  title: 'profiles.params.title',
  summaryNone: 'profiles.params.summaryNone',
  hint: 'profiles.params.hint',
};

// JSON, not words: the same in every language.
const EXTRA_BODY_EXAMPLE = '{"provider": {"order": ["deepinfra"]}}';
/** The token limit's name besides the default max_tokens. */
const OTHER_TOKEN_PARAM: TokenParam = 'max_completion_tokens';

export function ParamsFields(props: {
  /** Shown in the form's order (PARAM_FIELDS): paramFieldsOf(dialect), or SHARED_PARAM_FIELDS. */
  fields: readonly (typeof PARAM_FIELDS)[number][];
  text: ParamsText;
  draft: ParamsDraft;
  onChange: (patch: Partial<ParamsDraft>) => void;
  errors: Partial<Record<ErrorField, string>>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { draft, onChange, errors } = props;
  const shown = new Set(props.fields);
  const count = paramsSetCount(draft, props.fields);
  // Decided once, then the user's: a section that folded itself while its last field is cleared would lose their place.
  const [open, setOpen] = useState(() => count > 0);
  // A refusal inside opens the section, in the same render, so that the focus can go to the field.
  const [seenErrors, setSeenErrors] = useState(errors);
  if (seenErrors !== errors) {
    setSeenErrors(errors);
    if (!open && (errors.params || PARAM_FIELDS.some((field) => errors[field]))) setOpen(true);
  }
  const error = (field: ErrorField): string | undefined => errors[field];

  return (
    <details
      className="card folding-card params-fields"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>
        <h2>{t(props.text.title)}</h2>
        <span className="muted">
          {count === 0 ? t(props.text.summaryNone) : t('profiles.params.summary', { count })}
        </span>
      </summary>
      <div className="stack">
        <p className="hint">{t(props.text.hint)}</p>
        <Field
          label={t('profiles.params.system')}
          hint={t('profiles.params.systemHint')}
          error={error('system')}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              value={draft.system}
              rows={3}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => onChange({ system: e.target.value })}
            />
          )}
        </Field>
        <div className="form-grid params-grid">
          {(['temperature', 'top_p', 'seed'] as const)
            .filter((field) => shown.has(field))
            .map((field) => (
              <NumberField
                key={field}
                label={t(`profiles.params.${field}`)}
                hint={t(`profiles.params.${field}Hint`)}
                numeric={field === 'seed'}
                value={draft[field]}
                error={error(field)}
                onChange={(value) => onChange({ [field]: value })}
              />
            ))}
          {shown.has('thinking_budget') && (
            <NumberField
              label={t('profiles.params.thinking_budget')}
              hint={t('profiles.params.thinkingBudgetHint', {
                min: format.count(MIN_THINKING_BUDGET),
              })}
              numeric
              value={draft.thinking_budget}
              error={error('thinking_budget')}
              onChange={(value) => onChange({ thinking_budget: value })}
            />
          )}
        </div>
        {(shown.has('reasoning_effort') || shown.has('token_param')) && (
          <div className="form-grid params-grid">
            {shown.has('reasoning_effort') && (
              <Field
                label={t('profiles.params.reasoning_effort')}
                hint={t('profiles.params.reasoningEffortHint')}
                error={error('reasoning_effort')}
              >
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    value={draft.reasoning_effort}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    onChange={(e) =>
                      onChange({ reasoning_effort: e.target.value as ReasoningEffort | '' })
                    }
                  >
                    <option value="">{t('profiles.params.effortDefault')}</option>
                    {REASONING_EFFORTS.map((effort) => (
                      <option key={effort} value={effort}>
                        {t(`profiles.params.efforts.${effort}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {shown.has('token_param') && (
              <Field
                label={t('profiles.params.token_param')}
                hint={t('profiles.params.tokenParamHint')}
                error={error('token_param')}
              >
                {({ id, describedBy, invalid }) => (
                  <select
                    id={id}
                    className="mono"
                    // An explicit max_tokens (remembered after a 400) shows as the default it equals, and stays as saved.
                    value={draft.token_param === OTHER_TOKEN_PARAM ? draft.token_param : ''}
                    aria-describedby={describedBy}
                    aria-invalid={invalid}
                    onChange={(e) =>
                      onChange({
                        token_param: e.target.value === OTHER_TOKEN_PARAM ? OTHER_TOKEN_PARAM : '',
                      })
                    }
                  >
                    <option value="">{t('profiles.params.tokenParamDefault')}</option>
                    {/* The name as the API spells it, in every language. */}
                    <option value={OTHER_TOKEN_PARAM}>{OTHER_TOKEN_PARAM}</option>
                  </select>
                )}
              </Field>
            )}
          </div>
        )}
        <Field
          label={t('profiles.params.stop')}
          hint={t('profiles.params.stopHint', { max: MAX_STOP_SEQUENCES })}
          error={error('stop')}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              className="mono"
              value={draft.stop}
              rows={textRows(draft.stop, 2, 5)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              spellCheck={false}
              onChange={(e) => onChange({ stop: e.target.value })}
            />
          )}
        </Field>
        {shown.has('extra_body') && (
          <Field
            label={t('profiles.params.extra_body')}
            hint={t('profiles.params.extraBodyHint', { example: EXTRA_BODY_EXAMPLE })}
            error={error('extra_body')}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                className="mono"
                value={draft.extra_body}
                rows={textRows(draft.extra_body, 3, 12)}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onChange({ extra_body: e.target.value })}
              />
            )}
          </Field>
        )}
        {errors.params && (
          <p className="field-error" role="alert">
            {errors.params}
          </p>
        )}
      </div>
    </details>
  );
}

/** A textarea's height: its lines and one to type on, within bounds. */
function textRows(text: string, min: number, max: number): number {
  return Math.min(max, Math.max(min, text.split('\n').length + 1));
}

/** A number typed as text, so that what is not a number is said, not silently dropped. */
function NumberField(props: {
  label: string;
  hint: string;
  /** A whole number: the numeric keyboard. */
  numeric?: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          inputMode={props.numeric ? 'numeric' : 'decimal'}
          value={props.value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          autoComplete="off"
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
