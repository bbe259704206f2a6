// The form for a new profile or a saved one. Every refusal comes from the
// services and is shown next to the field it names; the key typed here is
// stored once the profile is saved (a new profile has no id to store it under
// before that). The form can be tested as it stands, before it is saved, and
// leaving it with unsaved changes asks first.

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../../shared/api';
import type { Profile } from '../../../../shared/run';
import { DIALECTS, type Dialect } from '../../../../shared/trial';
import { lasttoken } from '../../api/client';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Field } from '../../components/Field';
import { ConnectionFields } from './ConnectionFields';
import { ConnectionTestResult } from './ConnectionTestResult';
import { DefaultsFields } from './DefaultsFields';
import { insecureHostOf } from './endpoint-url';
import { errorText } from '../../i18n/error-text';
import {
  formErrorsOf,
  mergedErrors,
  NO_ERRORS,
  withoutField,
  type ErrorField,
  type FormErrors,
} from './form-errors';
import { hasUnsavedChanges } from './form-changes';
import { HeaderRows } from './HeaderRows';
import { keychainTroubleOf, type KeychainTrouble } from './keychain-trouble';
import { KeyField } from './KeyField';
import { LeaveDialog } from './LeaveDialog';
import { ModelField } from './ModelField';
import { modelsQueryOf } from './model-list';
import { ColorField } from './ColorField';
import { ParamsFields, PROFILE_PARAMS_TEXT } from './ParamsFields';
import { PresetPicker } from './PresetPicker';
import {
  draftOf,
  inputOfDraft,
  paramFieldsOf,
  withPreset,
  type BuiltInput,
  type ProfileDraft,
} from './profile-draft';
import { hrefOfProfilesView } from './profiles-view';
import { useConnectionTest } from './use-connection-test';
import { useLeaveGuard } from './use-leave-guard';

export function ProfileEditor(props: {
  profile: Profile | null;
  /** A new profile's colour until the user picks one: the one fewest profiles have (null: unknown yet). */
  suggestedColor?: number | null;
  keyStatus: KeyStatus | null;
  /** Saved, with its key if one was typed: the form is done. */
  onSaved: (profile: Profile, keyStored: boolean) => Promise<void>;
  /** Something was saved and the form stays (a key deleted, a key refused after the profile was saved). */
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(props.profile);
  const [keyStatus, setKeyStatus] = useState(props.keyStatus);
  const [opened] = useState(() => draftOf(props.profile, props.suggestedColor ?? null));
  const [draft, setDraft] = useState(opened);
  // What saving last kept (for a new profile: the form as it opened), to tell unsaved changes.
  const [lastSaved, setLastSaved] = useState(opened);
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [trouble, setTrouble] = useState<KeychainTrouble | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useLeaveGuard(hasUnsavedChanges(lastSaved, draft, key));
  const formRef = useRef<HTMLFormElement>(null);
  const insecureHost = insecureHostOf(draft.base_url);
  const fieldError = (field: ErrorField): string | undefined => errors.fields[field];

  // A refused field is where the eye and the keyboard go next.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof ProfileDraft>(field: K, value: ProfileDraft[K]): void =>
    setDraft((d) => ({ ...d, [field]: value }));

  /** The form's own problems, and main's about the rest at the same time: every one at once. */
  const allProblems = async (built: Extract<BuiltInput, { ok: false }>): Promise<FormErrors> => {
    const checked = await lasttoken()
      .profilesValidate({ ...(saved && { id: saved.id }), profile: built.input })
      .then(
        () => NO_ERRORS,
        (error: unknown) => formErrorsOf(t, error),
      );
    return mergedErrors(t, built.problems, checked);
  };

  const test = useConnectionTest(async () => {
    const built = inputOfDraft(draft);
    if (!built.ok) {
      // A request needs no name: an empty one is no reason not to test.
      setErrors(withoutField(await allProblems(built), 'name'));
      return null;
    }
    setErrors(NO_ERRORS);
    try {
      return await lasttoken().profilesTestDraft({
        ...(saved && { id: saved.id }),
        profile: built.input,
        ...(key !== '' && { key }),
      });
    } catch (error) {
      const refused = formErrorsOf(t, error);
      if (refused.form !== null) throw error;
      setErrors(refused);
      return null;
    }
  });

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const submitted = draft;
    const built = inputOfDraft(submitted);
    const api = lasttoken();
    if (!built.ok) {
      setErrors(await allProblems(built));
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    let profile: Profile;
    try {
      profile = saved
        ? await api.profilesUpdate({ id: saved.id, patch: built.input })
        : await api.profilesCreate(built.input);
    } catch (error) {
      setBusy(false);
      setErrors(formErrorsOf(t, error));
      return;
    }
    if (key === '') {
      guard.release();
      await props.onSaved(profile, false);
      return;
    }
    try {
      await api.keysSet({ profile_id: profile.id, key });
    } catch (error) {
      // The profile exists now: saving again must update it, not create a second one.
      if (!saved)
        window.history.replaceState(null, '', hrefOfProfilesView({ kind: 'edit', id: profile.id }));
      setSaved(profile);
      setLastSaved(submitted);
      setBusy(false);
      void props.onChanged();
      // What the keychain holds now (nothing new, or why it cannot be asked).
      api.keysStatus({ profile_ids: [profile.id] }).then(
        (statuses) => setKeyStatus(statuses[profile.id] ?? null),
        () => setKeyStatus(null),
      );
      const refusal = keychainTroubleOf(error);
      if (refusal !== null) {
        // A key the keychain cannot hold would be refused again by the next save: the way on is a variable.
        setKey('');
        setTrouble(refusal);
        return;
      }
      setErrors({
        fields: { key: t('profiles.key.notStored', { message: errorText(t, error) }) },
        form: null,
      });
      return;
    }
    guard.release();
    await props.onSaved(profile, true);
  };

  const deleteKey = async (): Promise<void> => {
    if (!saved) return;
    try {
      setKeyStatus(await lasttoken().keysDelete({ profile_id: saved.id }));
      void props.onChanged();
    } catch (error) {
      setErrors({ fields: { key: errorText(t, error) }, form: null });
    }
  };

  return (
    <form ref={formRef} className="stack profile-form" noValidate onSubmit={(e) => void submit(e)}>
      <header className="page-header">
        <div>
          <a href={hrefOfProfilesView({ kind: 'list' })}>{t('profiles.form.back')}</a>
          <h1>{saved ? t('profiles.form.editTitle') : t('profiles.form.newTitle')}</h1>
          {saved && <p className="wrap-anywhere">{saved.name}</p>}
        </div>
      </header>

      <section className="card stack">
        <h2>{t('profiles.form.endpoint')}</h2>
        {!saved && <PresetPicker onPick={(preset) => setDraft((d) => withPreset(d, preset))} />}
        <div className="form-grid">
          <Field
            label={t('profiles.fields.name')}
            hint={t('profiles.form.nameHint')}
            error={fieldError('name')}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                value={draft.name}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                autoComplete="off"
                required
                onChange={(e) => set('name', e.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('profiles.fields.dialect')}
            hint={t('profiles.form.dialectHint')}
            error={fieldError('dialect')}
          >
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                value={draft.dialect}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => set('dialect', e.target.value as Dialect)}
              >
                {DIALECTS.map((dialect) => (
                  <option key={dialect} value={dialect}>
                    {t(`common.dialects.${dialect}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <ColorField
          value={draft.color}
          onChange={(color) => set('color', color)}
          error={fieldError('color')}
        />
        <Field
          label={t('profiles.fields.base_url')}
          hint={t(`profiles.form.baseUrlHint.${draft.dialect}`)}
          error={fieldError('base_url')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="mono"
              type="url"
              value={draft.base_url}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="off"
              spellCheck={false}
              required
              onChange={(e) => set('base_url', e.target.value)}
            />
          )}
        </Field>
        {insecureHost !== null && (
          <InsecureKeyConfirm
            host={insecureHost}
            checked={draft.allow_insecure_key}
            onChange={(allow) => set('allow_insecure_key', allow)}
            error={fieldError('allow_insecure_key')}
          />
        )}
        <ModelField
          value={draft.model}
          onChange={(model) => set('model', model)}
          error={fieldError('model')}
          query={modelsQueryOf(saved, draft)}
        />
      </section>

      <KeyField
        status={keyStatus}
        saved={saved !== null}
        value={key}
        onChange={setKey}
        error={fieldError('key')}
        onDelete={deleteKey}
        trouble={trouble}
        keyEnv={{
          value: draft.key_env,
          onChange: (value) => set('key_env', value),
          error: fieldError('key_env'),
        }}
      />

      <section className="card stack draft-test">
        <h2>{t('profiles.test.draftTitle')}</h2>
        <p className="hint">
          {saved ? t('profiles.test.draftHintSaved') : t('profiles.test.draftHintNew')}
        </p>
        <div className="page-actions">
          <button type="button" disabled={test.state.kind === 'running'} onClick={test.start}>
            {t('profiles.test.action')}
          </button>
        </div>
        <ConnectionTestResult state={test.state} />
      </section>

      <ConnectionFields
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        credentialsStored={saved?.proxy_auth === true && saved.proxy_mode === 'url'}
        error={fieldError}
        keyEnvElsewhere={trouble !== null}
      />

      <section className="card stack">
        <h2>{t('profiles.form.requestsTitle')}</h2>
        <HeaderRows
          rows={draft.headers}
          onChange={(rows) => set('headers', rows)}
          error={fieldError('headers')}
        />
        <DefaultsFields
          maxTokens={draft.max_tokens}
          timeouts={draft.timeouts}
          onMaxTokens={(value) => set('max_tokens', value)}
          maxRpm={draft.max_rpm}
          onMaxRpm={(value) => set('max_rpm', value)}
          onTimeout={(field, value) => set('timeouts', { ...draft.timeouts, [field]: value })}
          errors={errors.fields}
        />
      </section>

      <ParamsFields
        fields={paramFieldsOf(draft.dialect)}
        text={PROFILE_PARAMS_TEXT}
        draft={draft.params}
        onChange={(patch) => setDraft((d) => ({ ...d, params: { ...d.params, ...patch } }))}
        errors={errors.fields}
      />

      <section className="card stack">
        <Field
          label={t('profiles.fields.notes')}
          hint={t('profiles.form.notesHint')}
          error={fieldError('notes')}
        >
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              value={draft.notes}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
      </section>

      {errors.form !== null && <ErrorMessage error={errors.form} />}
      <div className="page-actions form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy
            ? t('profiles.form.saving')
            : saved
              ? t('profiles.form.save')
              : t('profiles.form.create')}
        </button>
        <a className="button" href={hrefOfProfilesView({ kind: 'list' })}>
          {t('common.actions.cancel')}
        </a>
      </div>
      {guard.pending !== null && (
        <LeaveDialog isNew={saved === null} onStay={guard.stay} onLeave={guard.leave} />
      )}
    </form>
  );
}

/** Sending the key over plain http to another machine: asked, with what it means. */
function InsecureKeyConfirm(props: {
  host: string;
  checked: boolean;
  onChange: (allow: boolean) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const explanationId = useId();
  return (
    <div className="insecure-key">
      <p id={explanationId}>{t('profiles.form.insecureWhy', { host: props.host })}</p>
      <label className="choice-row">
        <input
          type="checkbox"
          checked={props.checked}
          aria-describedby={explanationId}
          aria-invalid={Boolean(props.error)}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        {t('profiles.form.insecureConfirm', { host: props.host })}
      </label>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
