import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A destructive action that asks first: the first click replaces the button,
 * in its place (never over its neighbours), with what will happen and the
 * button that does it; Cancel or Esc puts things back. The keyboard focus
 * follows: to the confirming button when it appears, back to the action when
 * the question goes away.
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
  const action = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // The focus returns to the action only after a question: never on first render.
  const [answered, setAnswered] = useState(false);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (answered) action.current?.focus();
  }, [asking, answered]);

  const close = (): void => {
    setAnswered(true);
    setAsking(false);
  };

  if (!asking) {
    return (
      <button
        ref={action}
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
    <span
      className="confirm"
      role="group"
      aria-label={props.question}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        // Esc answers this question only, not a dialog or page around it.
        event.stopPropagation();
        close();
      }}
    >
      <span>{props.question}</span>
      <button
        ref={confirm}
        type="button"
        className="danger"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void Promise.resolve(props.onConfirm()).finally(() => {
            setBusy(false);
            close();
          });
        }}
      >
        {props.confirmLabel ?? t('common.actions.confirmDelete')}
      </button>
      <button type="button" onClick={close}>
        {t('common.actions.cancel')}
      </button>
    </span>
  );
}
