// What was measured, and how, in a few lines (the verdicts and the summary
// below it should fit the first screen): when, the run's status, the modes,
// trials, max_tokens, input lengths and cache policy, the prompt (folded when
// long) and the profiles. A run that did not finish says so first: what it
// shows is what was measured before it stopped; so does one where a profile
// measured nothing, or mostly failed.

import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import { hidesFailures, type FailingProfile } from '../../../../../shared/failing-profiles';
import { dialectHas } from '../../../../../shared/request-params';
import { inputLengths, type ProfileFailure, type RunRecord } from '../../../../../shared/run';
import { lasttoken } from '../../../api/client';
import { RunStatusBadge } from '../../../components/StatusBadge';
import type { Formatters } from '../../../i18n/format';
import { paramParts } from '../../profiles/params-line';
import { useStableFormat } from './use-results-text';
import { profileOf, sentParams, type RunProfile } from '../../../../../shared/results/run-profiles';
import { formatHistoryQuery, NO_FILTERS } from '../../history/history-query';
import { FailingProfileLine, ProfileFailureLine } from '../ProfileFailureLine';

/** Longer prompts are shown folded under their start. */
const PROMPT_PREVIEW_CHARS = 120;

/** Keyed by profile id: the name its requests gave the token limit; null when no trial says. */
export type TokenParamsSent = Record<string, string | null>;

/**
 * The token limit's name each profile that has a choice sent, from its first
 * ok trial: a 400 switches the name on the first trial that meets it, and
 * every later trial sends the name that worked. One trial per profile, never
 * the run's trials; a question that fails is no name, not a failed page.
 */
export async function tokenParamsSent(run: RunRecord): Promise<TokenParamsSent> {
  const entries = await Promise.all(
    run.profiles
      .filter((profile) => dialectHas(profile.dialect, 'token_param'))
      .map(async (profile) => {
        try {
          const page = await lasttoken().historyTrials({
            run_id: run.id,
            profile_id: profile.id,
            status: 'ok',
            limit: 1,
          });
          return [profile.id, page.trials[0]?.trial.token_param ?? null] as const;
        } catch {
          return [profile.id, null] as const;
        }
      }),
  );
  return Object.fromEntries(entries);
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
  const { config } = run;
  const lengths = inputLengths(config);
  const warmups = counts.all - counts.counted;
  const durationMs =
    run.ended_at === null ? null : Date.parse(run.ended_at) - Date.parse(run.started_at);

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
            <span>
              {durationMs === null
                ? t('results.header.notEnded')
                : t('results.header.took', { duration: durationText(durationMs, t, format) })}
            </span>
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
          <div>
            <dt>{t('results.header.modes')}</dt>
            <dd>
              {config.modes
                .map((mode) => t(`common.modes.${mode}`))
                .join(t('results.header.listSeparator'))}
            </dd>
          </div>
          <div>
            <dt>{t('results.header.trials')}</dt>
            <dd>
              {t(
                lengths.length > 1
                  ? 'results.header.trialsValueSweep'
                  : 'results.header.trialsValue',
                {
                  trials: format.count(config.trials),
                },
              )}
              {config.warmup && <span className="muted"> {t('results.header.warmupValue')}</span>}
            </dd>
          </div>
          <div>
            <dt>{t('results.header.maxTokens')}</dt>
            <dd>{format.count(config.max_tokens)}</dd>
          </div>
          {lengths.length > 0 && (
            <div>
              <dt>{t('results.header.inputTokens')}</dt>
              <dd>
                {t(
                  lengths.length > 1
                    ? 'results.header.inputTokensValueSweep'
                    : 'results.header.inputTokensValue',
                  {
                    lengths: lengths
                      .map((n) => format.count(n))
                      .join(t('results.header.listSeparator')),
                  },
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('results.header.cache')}</dt>
            <dd>{t(`results.header.cacheValue.${config.cache ?? 'unchosen'}`)}</dd>
          </div>
          <div>
            <dt>{t('results.header.connections')}</dt>
            <dd>
              {config.reuse_connection
                ? t('results.header.connectionReused')
                : t('results.header.connectionNew')}
            </dd>
          </div>
          <div>
            <dt>{t('results.header.saved')}</dt>
            <dd>
              {t('results.header.savedValue', {
                ok: format.count(counts.ok),
                counted: format.count(counts.counted),
              })}
              {warmups > 0 && (
                <span className="muted">
                  {' '}
                  {t('results.header.savedWarmups', { warmups: format.count(warmups) })}
                </span>
              )}
            </dd>
          </div>
          {run.label !== null && (
            <div>
              <dt>{t('results.header.label')}</dt>
              <dd className="wrap-anywhere">{run.label}</dd>
            </div>
          )}
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
          {run.imported_at !== null && (
            <div>
              <dt>{t('results.header.imported')}</dt>
              <dd>{format.dateTime(run.imported_at)}</dd>
            </div>
          )}
        </dl>
        <Prompt text={config.prompt} />
        <div>
          <h3 className="visually-hidden">{t('results.header.profiles')}</h3>
          <ul className="results-profiles">
            {profiles.map((profile) => (
              <li key={profile.id}>
                <span className="profile-swatch" data-series={profile.color} aria-hidden="true" />
                <strong className="wrap-anywhere">{profile.name}</strong>
                <span className="muted small wrap-anywhere">
                  {t('results.header.profileModel', {
                    model: profile.model,
                    url: profile.base_url,
                  })}
                </span>
                <SentParams run={run} profileId={profile.id} tokenParams={tokenParams} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </header>
  );
}

/** The parameters one profile's requests carried, in one line; nothing when they carried none. */
function SentParams({
  run,
  profileId,
  tokenParams,
}: {
  run: RunRecord;
  profileId: string;
  tokenParams: TokenParamsSent;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const snapshot = run.profiles.find((p) => p.id === profileId);
  if (snapshot === undefined) return null;
  const sent = sentParams(snapshot, run.config, tokenParams[profileId] ?? null);
  const parts = paramParts(sent.params, format.count).map((part) => t(part.key, part.values));
  if (sent.tokenParam !== null) {
    parts.push(t('results.header.tokenParamSent', { name: sent.tokenParam }));
  }
  if (parts.length === 0) return null;
  return (
    <span className="small results-profile-params wrap-anywhere">
      {t('results.header.profileParams', { params: parts.join(t('profiles.card.separator')) })}
    </span>
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

/** A run's length as people say it: ms below a second, seconds below a minute, then minutes. */
function durationText(ms: number, t: TFunction, format: Formatters): string {
  if (ms < 1000) return format.ms(ms);
  const seconds = ms / 1000;
  if (seconds < 60) return t('common.units.s', { value: format.number(seconds, 1) });
  const minutes = Math.floor(seconds / 60);
  return t('results.header.minutes', {
    minutes: format.count(minutes),
    seconds: format.count(Math.floor(seconds - minutes * 60)),
  });
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
