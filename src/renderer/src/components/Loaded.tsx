import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiValue } from '../api/use-api';
import { ErrorMessage } from './ErrorMessage';

/**
 * A loaded value's three states: a loading line, its error with a retry, or
 * `children(value)`. `failed` may say an error in its own words instead (a
 * missing run is no failure to retry); null leaves it to the retry.
 */
export function Loaded<T>({
  value,
  children,
  failed,
}: {
  value: ApiValue<T>;
  children: (value: T) => ReactNode;
  failed?: (error: unknown) => ReactNode | null;
}) {
  const { t } = useTranslation();
  const { loaded, reload } = value;
  if (loaded.state === 'loading') {
    return (
      <p className="loading" aria-live="polite">
        {t('common.state.loading')}
      </p>
    );
  }
  if (loaded.state === 'failed') {
    return failed?.(loaded.error) ?? <ErrorMessage error={loaded.error} onRetry={reload} />;
  }
  return <>{children(loaded.value)}</>;
}
