// The API key, write-only: what the keychain holds is said (stored, none, or
// why it cannot be asked), never shown; a key typed here is stored when the
// profile is saved, and a stored key can be deleted. When the keychain cannot
// store one, the way around it (a key variable) is offered right here.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../../shared/api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Field } from '../../components/Field';
import type { KeychainTrouble } from './keychain-trouble';
import { KeychainTroubleNote } from './KeychainTroubleNote';
import { KeyStatusLine } from './KeyStatusLine';

export function KeyField(props: {
  /** Null for a profile not saved yet. */
  status: KeyStatus | null;
  saved: boolean;
  value: string;
  onChange: (key: string) => void;
  error: string | undefined;
  onDelete: () => Promise<void>;
  /** The keychain could not store the key just typed: said here, with the key variable's field. */
  trouble: KeychainTrouble | null;
  keyEnv: { value: string; onChange: (value: string) => void; error: string | undefined };
}) {
  const { t } = useTranslation();
  const stored = props.status?.state === 'stored';
  // Only the key being typed is ever shown: a stored one never leaves the keychain.
  const [shown, setShown] = useState(false);
  return (
    <section className="card stack">
      <h2>{t('profiles.key.title')}</h2>
      {props.saved && props.trouble === null && (
        <p className="key-status-row">
          <span className="muted">{t('profiles.key.now')}</span>{' '}
          <KeyStatusLine builtin={false} status={props.status} />
        </p>
      )}
      <Field
        label={stored ? t('profiles.key.replace') : t('profiles.key.set')}
        hint={props.saved ? t('profiles.key.hintSaved') : t('profiles.key.hintNew')}
        error={props.error}
      >
        {({ id, describedBy, invalid }) => (
          <div className="input-with-action">
            <input
              id={id}
              type={shown ? 'text' : 'password'}
              className="mono"
              value={props.value}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => props.onChange(e.target.value)}
            />
            <button
              type="button"
              aria-controls={id}
              aria-pressed={shown}
              onClick={() => setShown((s) => !s)}
            >
              {t('profiles.key.show')}
            </button>
          </div>
        )}
      </Field>
      {props.trouble !== null && (
        <KeychainTroubleNote
          trouble={props.trouble}
          keyEnv={props.keyEnv.value}
          onKeyEnv={props.keyEnv.onChange}
          keyEnvError={props.keyEnv.error}
        />
      )}
      {stored && (
        <div className="page-actions">
          <ConfirmButton
            label={t('profiles.key.delete')}
            question={t('profiles.key.deleteQuestion')}
            confirmLabel={t('profiles.key.deleteConfirm')}
            onConfirm={props.onDelete}
          />
        </div>
      )}
    </section>
  );
}
