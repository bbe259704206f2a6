// How the run measures: the modes, how many trials, how long an answer may
// be, when a trial gives up, the connection policy, and how a profile meets a
// rate limit. Each option says what it changes in the figures, next to it.

import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_LIMITS } from '../../../../shared/run';
import { Field } from '../../components/Field';
import { useFormat } from '../../i18n/format';
import {
  MODE_CHOICES,
  type DraftField,
  type FieldError,
  type ModeChoice,
  type RunDraft,
  type TimeLimit,
} from './run-draft';

type Patch = (patch: Partial<RunDraft>) => void;

export function RunOptions(props: {
  draft: RunDraft;
  errors: Partial<Record<DraftField, FieldError>>;
  onChange: Patch;
}) {
  const { t } = useTranslation();
  const { draft, onChange } = props;
  const errorText = useFieldErrorText();
  const error = (field: DraftField): string | null => errorText(props.errors[field]);

  return (
    <section className="card stack">
      <h2>{t('runs.new.options.title')}</h2>
      <fieldset>
        <legend>{t('runs.new.options.modes')}</legend>
        <div className="mode-options">
          {MODE_CHOICES.map((choice) => (
            <ModeOption
              key={choice}
              choice={choice}
              checked={draft.modes === choice}
              onSelect={() => onChange({ modes: choice })}
            />
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        <NumberField
          kind="whole"
          label={t('runs.new.options.trials')}
          hint={t('runs.new.options.trialsHint')}
          error={error('trials')}
          value={draft.trials}
          onChange={(trials) => onChange({ trials })}
        />
        <NumberField
          kind="whole"
          label={t('runs.new.options.maxTokens')}
          hint={t('runs.new.options.maxTokensHint')}
          error={error('max_tokens')}
          value={draft.maxTokens}
          onChange={(maxTokens) => onChange({ maxTokens })}
        />
      </div>
      <fieldset>
        <legend>{t('runs.new.options.timeouts')}</legend>
        <div className="form-grid timeout-grid">
          {TIME_LIMITS.map((limit) => (
            <TimeoutField
              key={limit}
              limit={limit}
              value={draft.timeouts[limit]}
              error={error(limit)}
              onChange={(value) => onChange({ timeouts: { ...draft.timeouts, [limit]: value } })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('runs.new.options.rateLimits')}</legend>
        <div className="form-grid">
          <NumberField
            kind="seconds"
            min={0}
            label={t('runs.new.options.maxRetryWait')}
            hint={t('runs.new.options.maxRetryWaitHint')}
            error={error('max_retry_wait_ms')}
            value={draft.maxRetryWait}
            onChange={(maxRetryWait) => onChange({ maxRetryWait })}
          />
          <NumberField
            kind="whole"
            min={0}
            label={t('runs.new.options.giveUpAfter')}
            hint={t('runs.new.options.giveUpAfterHint')}
            error={error('give_up_after')}
            value={draft.giveUpAfter}
            onChange={(giveUpAfter) => onChange({ giveUpAfter })}
          />
        </div>
      </fieldset>
      <div className="check-options">
        <CheckOption
          checked={draft.warmup}
          onChange={(warmup) => onChange({ warmup })}
          label={t('runs.new.options.warmup')}
          hint={t('runs.new.options.warmupHint')}
        />
        <CheckOption
          checked={draft.reuseConnection}
          onChange={(reuseConnection) => onChange({ reuseConnection })}
          label={t('runs.new.options.reuse')}
          hint={t('runs.new.options.reuseHint')}
        />
      </div>
    </section>
  );
}

/** A field's error in words. */
function useFieldErrorText(): (error: FieldError | undefined) => string | null {
  const { t } = useTranslation();
  const format = useFormat();
  return (error) => {
    if (!error) return null;
    if (error.kind === 'integer') {
      return t('runs.new.errors.integer', {
        min: format.count(error.min),
        max: format.count(error.max),
      });
    }
    return t(error.min === 0 ? 'runs.new.errors.secondsOrZero' : 'runs.new.errors.seconds', {
      max: format.count(error.max),
    });
  };
}

function ModeOption(props: { choice: ModeChoice; checked: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <label className="mode-option">
      <input
        type="radio"
        name="run-modes"
        value={props.choice}
        checked={props.checked}
        aria-describedby={hintId}
        onChange={props.onSelect}
      />
      <span className="option-text">
        <span className="option-title">{t(`runs.new.options.mode.${props.choice}`)}</span>
        <span className="hint" id={hintId}>
          {t(`runs.new.options.modeHint.${props.choice}`)}
        </span>
      </span>
    </label>
  );
}

function TimeoutField(props: {
  limit: TimeLimit;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <NumberField
      kind="seconds"
      label={t(`runs.new.options.limit.${props.limit}`)}
      hint={t(`runs.new.options.limitHint.${props.limit}`)}
      error={props.error}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/** A number typed as text: the draft keeps what was typed, so a half-typed value is not lost. */
function NumberField(props: {
  /** `whole`: a count (1 or more); `seconds`: a duration, fractions allowed. */
  kind: 'whole' | 'seconds';
  /** The least value; default 1 (whole) or 0.001 (seconds). */
  min?: number;
  label: string;
  hint: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
}) {
  const whole = props.kind === 'whole';
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="number"
          min={props.min ?? (whole ? 1 : 0.001)}
          step={whole ? 1 : 'any'}
          inputMode={whole ? 'numeric' : 'decimal'}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

function CheckOption(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: ReactNode;
}) {
  const hintId = useId();
  return (
    <label className="check-option">
      <input
        type="checkbox"
        checked={props.checked}
        aria-describedby={hintId}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span className="option-text">
        <span className="option-title">{props.label}</span>
        <span className="hint" id={hintId}>
          {props.hint}
        </span>
      </span>
    </label>
  );
}
