// A profile's key as the keychain reports it: stored, none, or why the
// keychain cannot be asked. Never the key: there is no way to read one back.

import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../../shared/api';

type Tone = 'ok' | 'none' | 'failed';

export function KeyStatusLine({ builtin, status }: { builtin: boolean; status: KeyStatus | null }) {
  const { t } = useTranslation();
  const [tone, text]: [Tone, string] = builtin
    ? ['none', t('common.keyStatus.builtin')]
    : status === null
      ? ['failed', t('profiles.key.unknown')]
      : status.state === 'stored'
        ? ['ok', t('common.keyStatus.stored')]
        : status.state === 'none'
          ? ['none', t('common.keyStatus.none')]
          : ['failed', t('common.keyStatus.unavailable', { reason: status.reason })];
  return (
    <span className={`key-status key-status-${tone}`}>
      <span className="key-dot" aria-hidden="true" />
      <span className="wrap-anywhere">{text}</span>
    </span>
  );
}
