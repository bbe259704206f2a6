import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';

/** An error from main (or anywhere) as a message, never a blank screen. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = errorText(t, error);
  return (
    <div className="message message-error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.actions.retry')}
        </button>
      )}
    </div>
  );
}
