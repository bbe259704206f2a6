// How requests reach the endpoint and carry the key, beyond the URL: the
// header the key travels in and what precedes it, extra query parameters, a
// key taken from an environment variable, and the proxy with its credentials
// (write-only: stored ones are said, never shown). Folded away until opened,
// or open when the profile uses any of it: most endpoints need none.

import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALECT_KEY_HEADERS } from '../../../../shared/presets';
import { PROXY_MODES, type ProxyMode } from '../../../../shared/run';
import { Field } from '../../components/Field';
import type { ErrorField } from './form-errors';
import { HeaderRows } from './HeaderRows';
import type { ProfileDraft } from './profile-draft';

type ConnectionDraft = Pick<
  ProfileDraft,
  | 'dialect'
  | 'key_header'
  | 'key_prefix'
  | 'query'
  | 'key_env'
  | 'proxy_mode'
  | 'proxy_url'
  | 'proxy_username'
  | 'proxy_password'
  | 'proxy_forget'
>;

// An address, not words: the same in every language.
const PROXY_PLACEHOLDER = 'http://proxy.example:3128';

const PROXY_LABELS: Record<ProxyMode, string> = {
  env: 'profiles.connection.proxyEnv',
  direct: 'profiles.connection.proxyDirect',
  url: 'profiles.connection.proxyUrl',
};

/** Whether the profile says anything here: then the section starts open. */
export function usesConnectionFields(draft: ConnectionDraft): boolean {
  return (
    draft.key_header !== '' ||
    draft.query.length > 0 ||
    draft.key_env !== '' ||
    draft.proxy_mode !== 'env'
  );
}

export function ConnectionFields(props: {
  draft: ConnectionDraft;
  onChange: (patch: Partial<ConnectionDraft>) => void;
  /** The keychain holds credentials for the saved profile's proxy. */
  credentialsStored: boolean;
  error: (field: ErrorField) => string | undefined;
  /** The key variable's field is shown by the key (the keychain could not store one). */
  keyEnvElsewhere: boolean;
}) {
  const { t } = useTranslation();
  const { draft, onChange } = props;
  const own = DIALECT_KEY_HEADERS[draft.dialect];
  // Decided once: a section that folded itself while its last field is cleared would lose the user's place.
  const [startsOpen] = useState(() => usesConnectionFields(draft));
  return (
    <details className="card folding-card connection-fields" open={startsOpen}>
      <summary>
        <h2>{t('profiles.connection.title')}</h2>
        <span className="muted">{t('profiles.connection.summary')}</span>
      </summary>
      <div className="stack">
        <div className="form-grid">
          <CodeField
            label={t('profiles.connection.keyHeader')}
            hint={t('profiles.connection.keyHeaderHint', {
              header: `${own.name}: ${own.prefix}…`,
            })}
            error={props.error('key_header')}
            value={draft.key_header}
            placeholder={own.name}
            onChange={(value) => onChange({ key_header: value })}
          />
          <CodeField
            label={t('profiles.connection.keyPrefix')}
            hint={t('profiles.connection.keyPrefixHint')}
            error={props.error('key_prefix')}
            value={draft.key_prefix}
            onChange={(value) => onChange({ key_prefix: value })}
          />
        </div>
        {!props.keyEnvElsewhere && (
          <KeyEnvField
            value={draft.key_env}
            onChange={(value) => onChange({ key_env: value })}
            error={props.error('key_env')}
          />
        )}
        <HeaderRows
          kind="query"
          rows={draft.query}
          onChange={(rows) => onChange({ query: rows })}
          error={props.error('query')}
        />
        <fieldset className="proxy-choice">
          <legend>{t('profiles.connection.proxy')}</legend>
          {PROXY_MODES.map((mode) => (
            <label key={mode} className="choice-row">
              <input
                type="radio"
                name="proxy_mode"
                value={mode}
                checked={draft.proxy_mode === mode}
                onChange={() => onChange({ proxy_mode: mode })}
              />
              {t(PROXY_LABELS[mode])}
            </label>
          ))}
          {props.error('proxy_mode') && (
            <p className="field-error" role="alert">
              {props.error('proxy_mode')}
            </p>
          )}
        </fieldset>
        {draft.proxy_mode === 'url' && (
          <ProxyFields
            draft={draft}
            onChange={onChange}
            credentialsStored={props.credentialsStored}
            error={props.error('proxy_url')}
          />
        )}
      </div>
    </details>
  );
}

function ProxyFields(props: {
  draft: ConnectionDraft;
  onChange: (patch: Partial<ConnectionDraft>) => void;
  credentialsStored: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { draft, onChange } = props;
  return (
    <div className="stack proxy-fields">
      <CodeField
        label={t('profiles.connection.proxyUrlLabel')}
        hint={t('profiles.connection.proxyUrlHint')}
        error={props.error}
        value={draft.proxy_url}
        placeholder={PROXY_PLACEHOLDER}
        onChange={(value) => onChange({ proxy_url: value })}
      />
      <div className="form-grid">
        <Field
          label={t('profiles.connection.proxyUser')}
          hint={t('profiles.connection.credentialsHint')}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              value={draft.proxy_username}
              aria-describedby={describedBy}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => onChange({ proxy_username: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('profiles.connection.proxyPassword')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="password"
              value={draft.proxy_password}
              aria-describedby={describedBy}
              autoComplete="new-password"
              onChange={(e) => onChange({ proxy_password: e.target.value })}
            />
          )}
        </Field>
      </div>
      {props.credentialsStored && (
        <div>
          <p className="muted">{t('profiles.connection.credentialsStored')}</p>
          <label className="choice-row">
            <input
              type="checkbox"
              checked={draft.proxy_forget}
              onChange={(e) => onChange({ proxy_forget: e.target.checked })}
            />
            {t('profiles.connection.credentialsRemove')}
          </label>
        </div>
      )}
    </div>
  );
}

/** The name of the variable a run reads the key from: the way to a key without a keychain. */
export function KeyEnvField(props: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <CodeField
      label={t('profiles.connection.keyEnv')}
      hint={t('profiles.connection.keyEnvHint')}
      {...props}
    />
  );
}

/** A one-line field for names and addresses: monospace, no autocomplete, no spell check. */
function CodeField(props: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={props.inputRef}
          id={id}
          className="mono"
          value={props.value}
          placeholder={props.placeholder}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
