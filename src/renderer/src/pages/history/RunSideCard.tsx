// One side of a comparison: when the run started, how it ended, what it
// asked (prompt and config, the fields that differ from the other side
// marked), its profiles and its counted trials; the way to the run itself,
// and to New run filled in from it.

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../shared/api';
import { RunStatusBadge } from '../../components/StatusBadge';
import { useFormat } from '../../i18n/format';
import { hrefOf } from '../../router';
import { RunAgainLink } from '../run/results/RunAgain';
import type { ConfigField } from './compare-runs';
import { useRunTime } from './use-run-time';
import { hidesFailures } from '../../../../shared/failing-profiles';

/** A longer prompt shows its start, and all of it on request. */
const PROMPT_PREVIEW = 280;

const SECOND = 1000;

export function RunSideCard(props: {
  side: 'A' | 'B';
  view: RunView;
  differs: ReadonlySet<ConfigField>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const runTime = useRunTime();
  const { run, trial_counts: counts } = props.view;
  const { config } = run;
  const seconds = (ms: number): string =>
    t('common.units.s', { value: format.number(ms / SECOND, 0) });
  const row = (field: ConfigField, value: ReactNode): ReactNode => (
    <ConfigRow key={field} field={field} differs={props.differs.has(field)}>
      {value}
    </ConfigRow>
  );

  return (
    <section className="card stack compare-side" aria-labelledby={`run-side-${props.side}`}>
      <header className="card-header">
        <h2 id={`run-side-${props.side}`}>
          <span className="compare-side-tag" aria-hidden="true">
            {props.side}
          </span>
          <span className="visually-hidden">
            {t('history.comparePage.side', { side: props.side })}
          </span>{' '}
          {runTime(run.started_at)}
        </h2>
        <div className="card-actions">
          <RunStatusBadge
            status={run.status}
            withFailures={hidesFailures(
              props.view.failing_profiles.length,
              (run.profile_failures ?? []).length,
            )}
          />
          <a href={hrefOf({ page: 'run', runId: run.id })}>
            {t('history.comparePage.openRun', { side: props.side })}
          </a>
          <RunAgainLink runId={run.id} />
        </div>
      </header>
      <Prompt text={config.prompt} differs={props.differs.has('prompt')} />
      <dl className="compare-config">
        {row('modes', config.modes.map((mode) => t(`common.modes.${mode}`)).join(' + '))}
        {row('trials', format.count(config.trials))}
        {row('max_tokens', format.count(config.max_tokens))}
        {row('warmup', config.warmup ? t('history.config.yes') : t('history.config.no'))}
        {row(
          'reuse_connection',
          config.reuse_connection ? t('history.config.reused') : t('history.config.fresh'),
        )}
        {row('connect_timeout_ms', seconds(config.limits.connect_timeout_ms))}
        {row('idle_timeout_ms', seconds(config.limits.idle_timeout_ms))}
        {row('stall_ms', seconds(config.limits.stall_ms))}
        {row('deadline_ms', seconds(config.limits.deadline_ms))}
      </dl>
      <div>
        <h3>{t('history.comparePage.profiles')}</h3>
        <ul className="compare-side-profiles">
          {run.profiles.map((profile) => (
            <li key={profile.id}>
              <span className="wrap-anywhere">{profile.name}</span>{' '}
              <span className="mono muted wrap-anywhere">{profile.model}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="small muted">
        {t('history.comparePage.counted', {
          ok: format.count(counts.ok),
          failed: format.count(counts.counted - counts.ok),
        })}
      </p>
    </section>
  );
}

function ConfigRow(props: { field: ConfigField; differs: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={props.differs ? 'compare-config-row compare-differs' : 'compare-config-row'}>
      <dt>{t(`history.config.${props.field}`)}</dt>
      <dd>
        {props.children}
        {props.differs && (
          <span className="compare-differs-tag">{t('history.config.differs')}</span>
        )}
      </dd>
    </div>
  );
}

function Prompt({ text, differs }: { text: string; differs: boolean }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState(false);
  const long = text.length > PROMPT_PREVIEW;
  return (
    <div className={differs ? 'compare-prompt-block compare-differs' : 'compare-prompt-block'}>
      <p className="compare-prompt-label">
        {t('history.config.prompt')}
        {differs && <span className="compare-differs-tag">{t('history.config.differs')}</span>}
      </p>
      <p className="compare-prompt-text wrap-anywhere">
        {long && !whole ? `${text.slice(0, PROMPT_PREVIEW)}…` : text}
      </p>
      {long && (
        <button
          type="button"
          className="link"
          aria-expanded={whole}
          onClick={() => setWhole(!whole)}
        >
          {whole ? t('history.comparePage.lessPrompt') : t('history.comparePage.wholePrompt')}
        </button>
      )}
    </div>
  );
}
