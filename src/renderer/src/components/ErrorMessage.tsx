import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../api/client';

/** An error from main (or anywhere) as a message, never a blank screen. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text =
    error instanceof ApiCallError
      ? t(`common.errors.${error.code}`, { message: error.message })
      : t('common.state.failed', {
          message: error instanceof Error ? error.message : String(error),
        });
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
