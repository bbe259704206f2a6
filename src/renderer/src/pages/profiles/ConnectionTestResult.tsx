// What "Test connection" found: the status in words, the HTTP status, the
// time to the first token and the total, then the provider's message (or why
// the connection failed) or the start of the answer (the provider's text:
// shown, never obeyed), and what it means (connection-test-text.ts).

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../components/ErrorMessage';
import { StatusBadge } from '../../components/StatusBadge';
import { useFormat, MISSING } from '../../i18n/format';
import { connectionTestText } from './connection-test-text';
import type { ConnectionTestState } from './use-connection-test';

export function ConnectionTestResult({ state }: { state: ConnectionTestState }) {
  const { t } = useTranslation();
  const format = useFormat();
  const text = state.kind === 'done' ? connectionTestText(state.result) : null;
  // One live region that stays mounted, so the result is announced when it replaces "testing".
  return (
    <div className="connection-test" aria-live="polite">
      {state.kind === 'running' && <Running startedAt={state.startedAt} />}
      {state.kind === 'failed' && <ErrorMessage error={state.error} />}
      {state.kind === 'done' && text !== null && (
        <section
          className={`test-result ${state.result.status === 'ok' ? 'test-ok' : 'test-failed'}`}
          aria-label={t('profiles.test.resultLabel')}
        >
          <dl className="test-figures">
            <div>
              <dt>{t('profiles.test.status')}</dt>
              <dd>
                <StatusBadge status={state.result.status} />
              </dd>
            </div>
            <div>
              <dt>{t('profiles.test.httpStatus')}</dt>
              <dd className="mono">{state.result.http_status ?? MISSING}</dd>
            </div>
            <div>
              <dt>{t('common.metrics.ttft_ms')}</dt>
              <dd className="number">{format.ms(state.result.ttft_ms)}</dd>
            </div>
            <div>
              <dt>{t('profiles.test.total')}</dt>
              <dd className="number">{format.ms(state.result.total_ms)}</dd>
            </div>
          </dl>
          {state.result.message !== null && (
            <div className="test-text">
              <p className="small muted">{t(text.messageLabel)}</p>
              <p className="quoted wrap-anywhere">{state.result.message}</p>
            </div>
          )}
          {state.result.answer !== null && (
            <div className="test-text">
              <p className="small muted">{t('profiles.test.answerBegan')}</p>
              <p className="quoted wrap-anywhere">{state.result.answer}</p>
            </div>
          )}
          <p className="small muted">
            {t('profiles.twoSentences', {
              first: t(text.meaning),
              second: t('profiles.test.testedAt', { time: format.dateTime(state.at) }),
            })}
          </p>
        </section>
      )}
    </div>
  );
}

/** "Testing…" with the seconds so far: a test that takes a while is visibly still going. */
function Running({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <p className="loading test-running">
      <span className="spinner" aria-hidden="true" />
      {t('profiles.test.running')}{' '}
      {/* Hidden from screen readers: a count read out every second would drown the page. */}
      <span aria-hidden="true">{t('profiles.test.elapsed', { seconds })}</span>
    </p>
  );
}
