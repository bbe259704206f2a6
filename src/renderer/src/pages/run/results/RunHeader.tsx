// What was measured, and how, in a few lines (the verdicts and the summary
// below it should fit the first screen): when, the run's status, the modes,
// trials, max_tokens, input lengths and cache policy, where and on what it was
// measured, the prompt (folded when long) and the profiles, in runFacts'
// words (a report says the run in the same). A run that did not finish says
// so first: what it shows is what was measured before it stopped; so does
// one where a profile measured nothing, or mostly failed.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import { hidesFailures, type FailingProfile } from '../../../../../shared/failing-profiles';
import type { ProfileFailure, RunRecord } from '../../../../../shared/run';
import {
  factOf,
  runFacts,
  tokenParamsSent,
  type Fact,
  type RunFactId,
  type TokenParamsSent,
} from '../../../../../shared/results/run-facts';
import { lasttoken } from '../../../api/client';
import { RunStatusBadge } from '../../../components/StatusBadge';
import { useStableFormat } from './use-results-text';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { formatHistoryQuery, NO_FILTERS } from '../../history/history-query';
import { FailingProfileLine, ProfileFailureLine } from '../ProfileFailureLine';

export type { TokenParamsSent } from '../../../../../shared/results/run-facts';

/** Longer prompts are shown folded under their start. */
const PROMPT_PREVIEW_CHARS = 120;

/** The facts the header lists, in its order: the rest are for a report, or said elsewhere on the page. */
const LISTED: readonly RunFactId[] = [
  'modes',
  'trials',
  'max_tokens',
  'input',
  'cache',
  'connections',
  'saved',
  'where',
  'imported',
];

/** The token limit's name each profile's trials sent, as the API lists its first ok trial. */
export function tokenParamsSentOf(run: RunRecord): Promise<TokenParamsSent> {
  return tokenParamsSent(run, async (query) => {
    const page = await lasttoken().historyTrials({ run_id: run.id, ...query });
    return page.trials[0]?.trial;
  });
}

export function RunHeader({
  view,
  profiles,
  tokenParams,
  actions,
}: {
  view: RunView;
  profiles: readonly RunProfile[];
  tokenParams: TokenParamsSent;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const { run, trial_counts: counts } = view;
  const section = runFacts(view, profiles, { t, format }, tokenParams);

  return (
    <header className="stack results-header">
      <div className="page-header">
        <div>
          <h1>{t('results.header.title', { time: format.dateTime(run.started_at) })}</h1>
          <p className="results-status">
            <RunStatusBadge
              status={run.status}
              withFailures={hidesFailures(
                view.failing_profiles.length,
                (run.profile_failures ?? []).length,
              )}
            />
            <span>{factOf(section.facts, 'when')?.note}</span>
          </p>
        </div>
        <div className="page-actions">{actions}</div>
      </div>
      {run.status !== 'completed' && (
        <div className="message message-warning" role="status">
          <p>
            {t(`results.header.unfinished.${run.status}`, {
              calls: format.count(counts.all),
              planned: format.count(run.planned_calls),
            })}
          </p>
        </div>
      )}
      <ProfileProblems
        completed={run.status === 'completed'}
        stopped={run.profile_failures ?? []}
        failing={view.failing_profiles}
        profiles={profiles}
      />
      <section className="card results-facts" aria-labelledby="results-facts-title">
        <h2 id="results-facts-title" className="visually-hidden">
          {t('results.header.factsTitle')}
        </h2>
        <dl>
          {LISTED.map((id) => factOf(section.facts, id))
            .filter((fact) => fact !== undefined)
            .map((fact) => (
              <FactItem key={fact.id} fact={fact} />
            ))}
          {run.series_id !== null && (
            <div>
              <dt>{t('results.header.series')}</dt>
              <dd>
                <a href={formatHistoryQuery({ ...NO_FILTERS, series: run.series_id })}>
                  {run.series_id.slice(0, 8)}
                </a>
              </dd>
            </div>
          )}
        </dl>
        <Prompt text={run.config.prompt} />
        <div>
          <h3 className="visually-hidden">{t('results.header.profiles')}</h3>
          <ul className="results-profiles">
            {section.profiles.map((profile) => {
              const params = factOf(profile.facts, 'params');
              return (
                <li key={profile.id}>
                  <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
                  <strong className="wrap-anywhere">{profile.name}</strong>
                  <span className="muted small wrap-anywhere">
                    {t('results.header.profileModel', {
                      model: factOf(profile.facts, 'model')?.value,
                      url: factOf(profile.facts, 'base_url')?.value,
                    })}
                  </span>
                  {params && (
                    <span className="small results-profile-params wrap-anywhere">
                      {t('results.header.profileParams', { params: params.value })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </header>
  );
}

/** One fact of the list, what qualifies it muted after it. */
function FactItem({ fact }: { fact: Fact<RunFactId> }) {
  return (
    <div>
      <dt>{fact.label}</dt>
      {/* The label, the OS and the CPU's model are their own names (anyone's text, with or
          without spaces), never translated: marked so, as a provider's words are. */}
      <dd
        className={fact.id === 'where' ? 'wrap-anywhere' : undefined}
        data-user-text={fact.id === 'where' ? '' : undefined}
      >
        {fact.value}
        {fact.note !== null && <span className="muted"> {fact.note}</span>}
      </dd>
    </div>
  );
}

/**
 * Profiles that stopped early or were not measured, in the live run's words
 * (kept with the run), then those whose trials mostly failed: before any
 * figure, since the figures below leave their failed trials out.
 */
function ProfileProblems({
  completed,
  stopped,
  failing,
  profiles,
}: {
  completed: boolean;
  stopped: readonly ProfileFailure[];
  failing: readonly FailingProfile[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  if (stopped.length === 0 && failing.length === 0) return null;
  // A profile that stopped says why in the run's own words; its tally would repeat it.
  const stoppedIds = new Set(stopped.map((failure) => failure.profile_id));
  return (
    <div className="message message-warning results-stopped" role="status">
      <p>{completed ? t('results.header.completedWithFailures') : t('results.header.stopped')}</p>
      <ul>
        {stopped.map((failure) => (
          <li
            key={`${failure.profile_id}\u0000${failure.message}`}
            data-profile={failure.profile_id}
          >
            <ProfileFailureLine
              failure={failure}
              name={profileOf(profiles, failure.profile_id).name}
            />
          </li>
        ))}
        {failing
          .filter((failure) => !stoppedIds.has(failure.profile_id))
          .map((failure) => (
            <li key={failure.profile_id} data-profile={failure.profile_id} data-failing="">
              <FailingProfileLine
                failure={failure}
                name={profileOf(profiles, failure.profile_id).name}
              />
            </li>
          ))}
      </ul>
    </div>
  );
}

/**
 * The prompt: a short one among the facts, a longer one folded under its
 * start, since the figures are what people came for.
 */
function Prompt({ text }: { text: string }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  // By code points, so that a cut never splits a character.
  const characters = Array.from(text);
  if (characters.length <= PROMPT_PREVIEW_CHARS) {
    return (
      <p className="results-prompt">
        <span className="results-prompt-label">{t('results.header.prompt')}</span>{' '}
        <span className="prompt-text wrap-anywhere">{text}</span>
      </p>
    );
  }
  return (
    <details className="results-prompt">
      <summary>
        <span className="results-prompt-label">{t('results.header.prompt')}</span>{' '}
        <span className="wrap-anywhere">
          {`${characters.slice(0, PROMPT_PREVIEW_CHARS).join('')}…`}
        </span>{' '}
        <span className="muted small">
          {t('results.header.promptWhole', { chars: format.count(characters.length) })}
        </span>
      </summary>
      <p className="prompt-text wrap-anywhere">{text}</p>
    </details>
  );
}
