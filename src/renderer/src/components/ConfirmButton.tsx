import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A destructive action that asks first: the first click shows what will
 * happen and the button that does it; Cancel puts things back.
 */
export function ConfirmButton(props: {
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="danger"
        disabled={props.disabled}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={props.question}>
      <span>{props.question}</span>
      <button
        type="button"
        className="danger"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void Promise.resolve(props.onConfirm()).finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {props.confirmLabel ?? t('common.actions.confirmDelete')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('common.actions.cancel')}
      </button>
    </span>
  );
}
