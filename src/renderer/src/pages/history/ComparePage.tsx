// Two runs side by side: what each asked (when, prompt, config, where they
// differ), then per profile and mode the key figures of A and B with their
// 95% intervals and n, and B − A read only as far as the data allows; the
// same in charts (CompareCharts), B − A there with main's interval and verdict.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunComparison } from '../../../../shared/api';
import { lasttoken } from '../../api/client';
import { useApiValue } from '../../api/use-api';
import { Loaded } from '../../components/Loaded';
import { hrefOf } from '../../router';
import { CompareCharts } from './CompareCharts';
import { CompareTable } from './CompareTable';
import { compareRuns, FIGURE_CHANGING_FIELDS } from './compare-runs';
import { RunSideCard } from './RunSideCard';
import './history.css';

export function ComparePage({ a, b }: { a: string; b: string }) {
  const { t } = useTranslation();
  const comparison = useApiValue(() => lasttoken().historyCompare({ a, b }), [a, b]);
  return (
    <div className="stack compare-page">
      <header className="page-header">
        <div>
          <h1>{t('history.comparePage.title')}</h1>
          <p>{t('history.comparePage.intro')}</p>
        </div>
        <div className="page-actions">
          <a className="button" href={hrefOf({ page: 'history' })}>
            {t('history.comparePage.back')}
          </a>
        </div>
      </header>
      <Loaded value={comparison}>{(value) => <Comparison comparison={value} />}</Loaded>
    </div>
  );
}

function Comparison({ comparison }: { comparison: RunComparison }) {
  const { t } = useTranslation();
  const { a, b } = comparison;
  const view = useMemo(() => compareRuns(a, b), [a, b]);
  const changing = FIGURE_CHANGING_FIELDS.filter((field) => view.differences.includes(field));
  const differs = new Set(view.differences);
  return (
    <>
      {a.run.id === b.run.id && (
        <p className="message message-info">{t('history.comparePage.sameRun')}</p>
      )}
      <div className="grid-2 compare-sides">
        <RunSideCard side="A" view={a} differs={differs} />
        <RunSideCard side="B" view={b} differs={differs} />
      </div>
      {changing.length > 0 && (
        <div className="message message-warning" role="note">
          <p>
            {t('history.comparePage.differentRequests', {
              fields: changing
                .map((field) => t(`history.config.${field}`))
                .join(t('history.comparePage.listSeparator')),
            })}
          </p>
        </div>
      )}
      <section className="stack" aria-labelledby="compare-figures-title">
        <h2 id="compare-figures-title">{t('history.comparePage.figures')}</h2>
        <p className="muted">{t('history.comparePage.reading')}</p>
        {view.rows.length > 0 ? (
          <CompareTable rows={view.rows} />
        ) : (
          <p className="message message-info">{t('history.comparePage.noShared')}</p>
        )}
      </section>
      {view.rows.length > 0 && <CompareCharts comparison={comparison} />}
      {(view.onlyInA.length > 0 || view.onlyInB.length > 0) && (
        <section className="card stack" aria-labelledby="compare-only-title">
          <h2 id="compare-only-title">{t('history.comparePage.onlyTitle')}</h2>
          <p className="muted">{t('history.comparePage.onlyIntro')}</p>
          <div className="grid-2">
            <OnlyIn side="A" profiles={view.onlyInA} />
            <OnlyIn side="B" profiles={view.onlyInB} />
          </div>
        </section>
      )}
    </>
  );
}

function OnlyIn(props: { side: 'A' | 'B'; profiles: readonly { name: string; model: string }[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3>{t('history.comparePage.onlyIn', { side: props.side })}</h3>
      {props.profiles.length === 0 ? (
        <p className="muted">{t('history.comparePage.onlyNone')}</p>
      ) : (
        <ul className="compare-only-in">
          {props.profiles.map((profile, index) => (
            <li key={`${index}-${profile.name}`}>
              <span className="wrap-anywhere">{profile.name}</span>{' '}
              <span className="mono muted wrap-anywhere">{profile.model}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
