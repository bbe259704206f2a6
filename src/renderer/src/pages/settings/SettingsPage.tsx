// Settings: the language and theme (applied at once), what a new run starts
// from, the reading pace of the reader figures, and where the history is kept.

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, type RunDefaults } from '../../../../shared/api';
import { ApiCallError } from '../../api/client';
import { useApp } from '../../app/app-context';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { fieldMessage } from '../../i18n/error-text';
import { ReaderPaceForm } from './ReaderPaceForm';
import { SaveActions } from './SaveActions';

const SECOND = 1000;

/** What the keyboard does beyond Tab and Enter, as Settings lists it. */
const SHORTCUTS = ['startRun', 'escape', 'chartLegend', 'trialRow'] as const;

export function SettingsPage() {
  const { t } = useTranslation();
  const { settings, updateSettings } = useApp();
  const [error, setError] = useState<unknown>(null);

  const apply = (patch: Parameters<typeof updateSettings>[0]): void => {
    setError(null);
    updateSettings(patch).catch(setError);
  };

  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <h1>{t('settings.title')}</h1>
          <p>{t('settings.intro')}</p>
        </div>
      </header>
      {error !== null && !(error instanceof ApiCallError && error.field) && (
        <ErrorMessage error={error} />
      )}
      <section className="card stack">
        <h2>{t('settings.appearance')}</h2>
        <div className="form-grid">
          <Field label={t('settings.language')}>
            {({ id }) => (
              <select
                id={id}
                value={settings.language}
                onChange={(e) => apply({ language: e.target.value as (typeof LANGUAGES)[number] })}
              >
                {LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`common.language.${language}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('settings.theme')}>
            {({ id }) => (
              <select
                id={id}
                value={settings.theme}
                onChange={(e) => apply({ theme: e.target.value as (typeof THEMES)[number] })}
              >
                {THEMES.map((theme) => (
                  <option key={theme} value={theme}>
                    {t(`common.theme.${theme}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </section>
      <RunDefaultsForm
        defaults={settings.run_defaults}
        onSave={(run_defaults) => updateSettings({ run_defaults })}
      />
      <ReaderPaceForm
        pace={settings.reader_pace_tps}
        onSave={(reader_pace_tps) => updateSettings({ reader_pace_tps })}
      />
      <section className="card stack">
        <h2>{t('settings.shortcuts.title')}</h2>
        <dl className="shortcuts">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut}>
              <dt>
                <kbd>{t(`settings.shortcuts.${shortcut}Keys`)}</kbd>
              </dt>
              <dd>{t(`settings.shortcuts.${shortcut}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card stack">
        <h2>{t('settings.storage')}</h2>
        <p className="muted">{t('settings.databaseHint')}</p>
        <p className="mono wrap-anywhere">{settings.database_path}</p>
      </section>
    </div>
  );
}

function RunDefaultsForm(props: {
  defaults: RunDefaults;
  onSave: (defaults: RunDefaults) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.defaults);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const fieldError = (field: keyof RunDefaults): string | null =>
    fieldMessage(t, error, `run_defaults.${field}`);
  const set = <K extends keyof RunDefaults>(field: K, value: RunDefaults[K]): void => {
    setSaved(false);
    setDraft((d) => ({ ...d, [field]: value }));
  };
  const seconds = (
    field: 'connect_timeout_ms' | 'idle_timeout_ms' | 'stall_ms' | 'deadline_ms',
  ) => (
    <Field label={t(`settings.defaults.${field}`)} error={fieldError(field)}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          min={0.001}
          step="any"
          aria-describedby={describedBy}
          value={draft[field] / SECOND}
          onChange={(e) => set(field, Number(e.target.value) * SECOND)}
        />
      )}
    </Field>
  );

  const whole = (field: 'trials' | 'max_tokens' | 'give_up_after', min: number) => (
    <Field label={t(`settings.defaults.${field}`)} error={fieldError(field)}>
      {({ id }) => (
        <input
          id={id}
          type="number"
          min={min}
          value={draft[field]}
          onChange={(e) => set(field, Number(e.target.value))}
        />
      )}
    </Field>
  );

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setError(null);
    props.onSave(draft).then(
      () => setSaved(true),
      (failure: unknown) => setError(failure),
    );
  };

  return (
    <form className="card stack" onSubmit={submit}>
      <h2>{t('settings.defaults.title')}</h2>
      <p className="muted">{t('settings.defaults.intro')}</p>
      {error !== null && !(error instanceof ApiCallError && error.field) && (
        <ErrorMessage error={error} />
      )}
      <div className="form-grid">
        {whole('trials', 1)}
        {whole('max_tokens', 1)}
        {seconds('connect_timeout_ms')}
        {seconds('idle_timeout_ms')}
        {seconds('stall_ms')}
        {seconds('deadline_ms')}
        <Field
          label={t('settings.defaults.max_retry_wait_ms')}
          error={fieldError('max_retry_wait_ms')}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              min={0}
              step="any"
              aria-describedby={describedBy}
              value={draft.max_retry_wait_ms / SECOND}
              onChange={(e) => set('max_retry_wait_ms', Number(e.target.value) * SECOND)}
            />
          )}
        </Field>
        {whole('give_up_after', 0)}
      </div>
      <Field label={t('settings.defaults.prompt')} error={fieldError('prompt')}>
        {({ id }) => (
          <textarea id={id} value={draft.prompt} onChange={(e) => set('prompt', e.target.value)} />
        )}
      </Field>
      <label className="choice-row">
        <input
          type="checkbox"
          checked={draft.warmup}
          onChange={(e) => set('warmup', e.target.checked)}
        />
        {t('settings.defaults.warmup')}
      </label>
      <SaveActions saved={saved} />
    </form>
  );
}
