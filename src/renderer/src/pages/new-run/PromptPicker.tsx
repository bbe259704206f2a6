// The prompt every profile gets: a preset that makes one kind of wait
// visible, or the user's own text; and how long an input it is sent in: as
// written, or after filler text of one or several lengths (a sweep).

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useFormat } from '../../i18n/format';
import { PROMPT_PRESETS, presetOf, type PromptPreset } from './prompt-presets';

export function PromptPicker(props: {
  prompt: string;
  inputTokens: string;
  inputTokensError: string | null;
  onPrompt: (prompt: string) => void;
  onInputTokens: (inputTokens: string) => void;
  onPreset: (preset: PromptPreset) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const active = presetOf(props.prompt, props.inputTokens);
  const presetsId = useId();

  return (
    <section className="card stack">
      <h2>{t('runs.new.prompt.title')}</h2>
      <div className="preset-row" role="group" aria-labelledby={presetsId}>
        <span className="preset-label" id={presetsId}>
          {t('runs.new.prompt.presets')}
        </span>
        {PROMPT_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="preset"
            aria-pressed={active?.id === preset.id}
            onClick={() => props.onPreset(preset)}
          >
            {t(`runs.new.prompt.preset.${preset.id}`)}
          </button>
        ))}
      </div>
      <Field
        label={t('runs.new.prompt.label')}
        hint={
          active
            ? t(`runs.new.prompt.presetHint.${active.id}`, {
                maxTokens: format.count(active.maxTokens),
              })
            : t('runs.new.prompt.customHint', {
                count: props.prompt.length,
                chars: format.count(props.prompt.length),
              })
        }
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={4}
            aria-describedby={describedBy}
            value={props.prompt}
            onChange={(e) => props.onPrompt(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('runs.new.prompt.inputTokens')}
        hint={t('runs.new.prompt.inputTokensHint')}
        error={props.inputTokensError}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            className="input-tokens"
            // Digits, k and commas: a text field, not a number one.
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('runs.new.prompt.inputTokensPlaceholder')}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={props.inputTokens}
            onChange={(e) => props.onInputTokens(e.target.value)}
          />
        )}
      </Field>
    </section>
  );
}
