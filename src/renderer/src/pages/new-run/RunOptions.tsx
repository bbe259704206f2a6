// How the run measures: the modes, how many trials, how long an answer may
// be, when a trial gives up, the connection policy, what a prompt cache may
// serve, and how a profile meets a rate limit. Each option says what it
// changes in the figures, next to it.

import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CACHE_POLICIES, TIME_LIMITS, type CachePolicy } from '../../../../shared/run';
import { Field } from '../../components/Field';
import {
  MODE_CHOICES,
  type DraftField,
  type FieldError,
  type RunDraft,
  type TimeLimit,
} from './run-draft';
import { useFieldErrorText } from './use-field-error-text';

type Patch = (patch: Partial<RunDraft>) => void;

export function RunOptions(props: {
  draft: RunDraft;
  errors: Partial<Record<DraftField, FieldError>>;
  /** The input field asks for several lengths: a warm cache cannot be chosen. */
  sweep: boolean;
  onChange: Patch;
}) {
  const { t } = useTranslation();
  const { draft, sweep, onChange } = props;
  const errorText = useFieldErrorText();
  const error = (field: DraftField): string | null => errorText(props.errors[field]);
  const warm = draft.cache === 'warm';
  // A sweep sends a prompt per length: one warm-up cannot prime them all.
  const unprimable = (policy: CachePolicy): boolean => policy === 'warm' && sweep && !warm;

  return (
    <section className="card stack">
      <h2>{t('runs.new.options.title')}</h2>
      <fieldset>
        <legend>{t('runs.new.options.modes')}</legend>
        <div className="mode-options">
          {MODE_CHOICES.map((choice) => (
            <RadioOption
              key={choice}
              name="run-modes"
              value={choice}
              title={t(`runs.new.options.mode.${choice}`)}
              hint={t(`runs.new.options.modeHint.${choice}`)}
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
      <fieldset>
        <legend>{t('runs.new.options.cache')}</legend>
        <div className="mode-options">
          {CACHE_POLICIES.map((policy) => (
            <RadioOption
              key={policy}
              name="run-cache"
              value={policy}
              title={t(`runs.new.options.cacheOption.${policy}`)}
              hint={
                unprimable(policy)
                  ? t('runs.new.options.cacheHint.warmSweep')
                  : t(`runs.new.options.cacheHint.${policy}`)
              }
              checked={draft.cache === policy}
              disabled={unprimable(policy)}
              // A warm cache is primed by the warm-ups: choosing it turns them on.
              onSelect={() =>
                onChange(policy === 'warm' ? { cache: policy, warmup: true } : { cache: policy })
              }
            />
          ))}
        </div>
      </fieldset>
      <div className="check-options">
        <CheckOption
          checked={draft.warmup}
          disabled={warm}
          onChange={(warmup) => onChange({ warmup })}
          label={t('runs.new.options.warmup')}
          hint={warm ? t('runs.new.options.warmupForCache') : t('runs.new.options.warmupHint')}
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

/** One choice of a radio group, with what it changes said under it. */
function RadioOption(props: {
  name: string;
  value: string;
  title: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
}) {
  const hintId = useId();
  return (
    <label className="mode-option">
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={hintId}
        onChange={props.onSelect}
      />
      <span className="option-text">
        <span className="option-title">{props.title}</span>
        <span className="hint" id={hintId}>
          {props.hint}
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
  disabled?: boolean;
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
        disabled={props.disabled}
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
