// The keychain could not store the key: why, in one sentence, and the way
// around it right there (the key from an environment variable, its field
// focused), with what to do about the keychain and its own words folded away.

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mainMessage } from '../../../../shared/i18n/main-message';
import { KeyEnvField } from './ConnectionFields';
import type { KeychainTrouble } from './keychain-trouble';

export function KeychainTroubleNote(props: {
  trouble: KeychainTrouble;
  keyEnv: string;
  onKeyEnv: (value: string) => void;
  keyEnvError: string | undefined;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center' });
  }, [props.trouble]);
  return (
    <div className="keychain-trouble stack">
      <p className="keychain-trouble-cause" role="alert">
        {t('profiles.keychain.notStored', {
          cause: t(`profiles.keychain.causes.${props.trouble.cause}`),
        })}
      </p>
      <KeyEnvField
        value={props.keyEnv}
        onChange={props.onKeyEnv}
        error={props.keyEnvError}
        inputRef={input}
      />
      <details className="keychain-trouble-details">
        <summary>{t('profiles.keychain.details')}</summary>
        <p>{mainMessage(t, props.trouble.message, props.trouble.text)}</p>
        {props.trouble.said !== null && (
          <p className="mono wrap-anywhere">
            {t('messages.profiles.keychain_said', { detail: props.trouble.said })}
          </p>
        )}
      </details>
    </div>
  );
}
