// "Leave without saving?" in the page, as a modal <dialog>: the focus starts
// on Stay (the answer that loses nothing), Esc and a click beside it stay too.

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export function LeaveDialog(props: { isNew: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    stay.current?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="leave-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        props.onStay();
      }}
      // A click on the backdrop lands on the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onStay();
      }}
    >
      <div className="leave-dialog-body stack">
        <h2 id={titleId}>{t('profiles.leave.title')}</h2>
        <p id={bodyId}>{props.isNew ? t('profiles.leave.bodyNew') : t('profiles.leave.body')}</p>
        <div className="page-actions leave-dialog-actions">
          <button ref={stay} type="button" className="primary" onClick={props.onStay}>
            {t('profiles.leave.stay')}
          </button>
          <button type="button" className="danger" onClick={props.onLeave}>
            {t('profiles.leave.leave')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
