// Cancel, asked first: a long run stopped by a stray click cannot be resumed.
// Once asked, it says what happens while the run stops (trials in flight are
// cut short and not kept, finished trials stay saved) until the run ends.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lasttoken } from '../../../api/client';
import { ErrorMessage } from '../../../components/ErrorMessage';

type CancelState = 'idle' | 'asking' | 'cancelling';

export function CancelRun(props: { runId: string; onNothingToCancel: () => void }) {
  const { t } = useTranslation();
  const questionId = useId();
  const [state, setState] = useState<CancelState>('idle');
  const [error, setError] = useState<unknown>(null);

  const cancel = (): void => {
    setState('cancelling');
    setError(null);
    lasttoken()
      .runsCancel({ run_id: props.runId })
      .then(
        ({ cancelled }) => {
          // Nothing was running under that id: the run ended as the user asked.
          if (!cancelled) props.onNothingToCancel();
        },
        (failure: unknown) => {
          setError(failure);
          setState('idle');
        },
      );
  };

  return (
    <div className="cancel-run">
      {state === 'idle' && (
        <button type="button" className="danger" onClick={() => setState('asking')}>
          {t('runs.live.cancel.button')}
        </button>
      )}
      {state === 'asking' && (
        <div className="confirm" role="group" aria-labelledby={questionId}>
          <span id={questionId}>{t('runs.live.cancel.question')}</span>
          <button type="button" className="danger" onClick={cancel}>
            {t('runs.live.cancel.confirm')}
          </button>
          {/* The safe choice has the focus: Enter keeps the run going. */}
          <button type="button" autoFocus onClick={() => setState('idle')}>
            {t('runs.live.cancel.keep')}
          </button>
        </div>
      )}
      {state === 'cancelling' && (
        <p className="message message-info" role="status">
          {t('runs.live.cancel.cancelling')}
        </p>
      )}
      {error !== null && <ErrorMessage error={error} />}
    </div>
  );
}
