import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiValue } from '../api/use-api';
import { ErrorMessage } from './ErrorMessage';

/** A loaded value's three states: a loading line, its error with a retry, or `children(value)`. */
export function Loaded<T>({
  value,
  children,
}: {
  value: ApiValue<T>;
  children: (value: T) => ReactNode;
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
  if (loaded.state === 'failed') return <ErrorMessage error={loaded.error} onRetry={reload} />;
  return <>{children(loaded.value)}</>;
}
