// One trial, opened from its row: a side panel (a modal <dialog>: focus moves
// into it and stays there, Esc closes it and focus goes back to the row)
// with its status and message, every figure it stored by its DESIGN.md name
// and unit, what it stored of its request, and its answer, fetched on opening
// (historyTrialText: a page of rows never carries the texts). Everything the
// provider sent is shown as text.

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialRow } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { useApiValue } from '../../../api/use-api';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { StatusBadge } from '../../../components/StatusBadge';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { FigureText, TrialMessage } from './trial-figures';
import { DRAWER_SECTIONS, drawerFigures } from './trials-model';
import { useStableFormat, useTrialLabel } from './use-results-text';

export function TrialDrawer({
  runId,
  row,
  profile,
  onClose,
}: {
  runId: string;
  row: TrialRow;
  profile: RunProfile;
  /** After the panel has closed (the row takes focus back). */
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const trialLabel = useTrialLabel();
  const format = useStableFormat();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  // The page behind stays inert until the dialog is closed: close it before the row takes focus back.
  const close = (): void => {
    dialog.current?.close();
    onClose();
  };
  const { trial } = row;
  return (
    <dialog
      ref={dialog}
      className="trial-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // A click on the backdrop lands on the dialog itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="trial-drawer-body stack">
        <header className="trial-drawer-header">
          <h2 id={titleId}>
            <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
            <span className="wrap-anywhere">
              {t('results.trials.drawer.title', {
                profile: profile.name,
                trial: trialLabel(trial.mode, row.trial_index, row.warmup),
              })}
            </span>
          </h2>
          <button type="button" className="trial-drawer-close" onClick={close}>
            {t('results.trials.drawer.close')}
          </button>
        </header>
        <p className="trial-drawer-status">
          <StatusBadge status={trial.status} />
        </p>
        {trial.error !== null || trial.status !== 'ok' ? (
          <section className="trial-drawer-part" aria-labelledby={`${titleId}-message`}>
            <h3 id={`${titleId}-message`}>{t('results.trials.drawer.message')}</h3>
            <p className="trial-drawer-message">
              <TrialMessage trial={trial} />
            </p>
          </section>
        ) : null}
        {DRAWER_SECTIONS.map((section) => {
          const figures = drawerFigures(trial, section);
          if (figures.length === 0) return null;
          const headingId = `${titleId}-${section.key}`;
          return (
            <section key={section.key} aria-labelledby={headingId}>
              <h3 id={headingId}>
                {t(`results.trials.drawer.section.${section.key}`, {
                  pace: format.count(trial.reader_pace_tps),
                })}
              </h3>
              <dl className="trial-figures">
                {figures.map(({ key, value }) => (
                  <div key={key} data-figure={key}>
                    <dt>
                      {t(`results.trials.figure.${key}`)} <code>{key}</code>
                    </dt>
                    <dd>
                      <FigureText figure={value} withUnit />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
        <TrialTexts runId={runId} row={row} />
      </div>
    </dialog>
  );
}

/** The answer and the reasoning, as received: long ones scroll in their own box. */
function TrialTexts({ runId, row }: { runId: string; row: TrialRow }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { loaded, reload } = useApiValue(
    () =>
      lasttoken().historyTrialText({
        run_id: runId,
        profile_id: row.profile_id,
        mode: row.trial.mode,
        trial_index: row.trial_index,
      }),
    [runId, row],
  );
  const texts =
    loaded.state === 'ready'
      ? [
          { key: 'answer', text: loaded.value.text },
          { key: 'reasoning', text: loaded.value.reasoning_text },
        ].filter((entry) => entry.key === 'answer' || entry.text !== '')
      : [];
  return (
    <section
      className="trial-drawer-part"
      aria-labelledby={headingId}
      aria-busy={loaded.state === 'loading'}
    >
      <h3 id={headingId}>{t('results.trials.drawer.texts')}</h3>
      {loaded.state === 'failed' && <ErrorMessage error={loaded.error} onRetry={reload} />}
      {texts.map(({ key, text }) => (
        <div key={key} className="trial-drawer-part">
          <h4>{t(`results.trials.drawer.${key}`)}</h4>
          {text === '' ? (
            <p className="muted">{t('results.trials.drawer.noText')}</p>
          ) : (
            // A scrolling region: focusable, so the keyboard scrolls it too.
            <pre className="trial-drawer-text" data-text={key} tabIndex={0}>
              {text}
            </pre>
          )}
        </div>
      ))}
    </section>
  );
}
