// A run's own section as label and value text: when it ran and how it ended,
// where (its label and the LastToken and machine that measured it), what
// every trial sent and under which limits, and each profile's request shape.
// The results page's header and main's report say a run with it, in the same
// words. A report is shared: nothing here is a key, a proxy's credentials or
// a host or user name (the run never kept those), and a URL that carries
// credentials anyway is shown without them.

import { secondsDecimals } from '../duration';
import type { RunView } from '../api';
import { hidesFailures } from '../failing-profiles';
import { dialectHas } from '../request-params';
import { inputLengths, osText, TIME_LIMITS, type ProfileSnapshot, type RunRecord } from '../run';
import { paramParts } from './params-line';
import { sentParams, type RunProfile } from './run-profiles';
import type { Words } from './words';

/** Keyed by profile id: the name its requests gave the token limit; null when no trial says. */
export type TokenParamsSent = Record<string, string | null>;

/** Which of a profile's trials tells the token limit's name it sent: its first ok one. */
export interface TokenParamTrialQuery {
  profile_id: string;
  status: 'ok';
  limit: 1;
}

/**
 * The token limit's name each profile that has a choice sent, from its first
 * ok trial as `firstTrial` finds it (the page asks the API, a report the
 * history): a 400 switches the name on the first trial that meets it, and
 * every later trial sends the name that worked. One trial per profile, never
 * the run's trials; a question that fails is no name, not a failed page.
 */
export async function tokenParamsSent(
  run: Pick<RunRecord, 'profiles'>,
  firstTrial: (query: TokenParamTrialQuery) => Promise<{ token_param: string | null } | undefined>,
): Promise<TokenParamsSent> {
  const entries = await Promise.all(
    run.profiles
      .filter((profile) => dialectHas(profile.dialect, 'token_param'))
      .map(async (profile) => {
        const trial = await firstTrial({ profile_id: profile.id, status: 'ok', limit: 1 }).catch(
          () => undefined,
        );
        return [profile.id, trial?.token_param ?? null] as const;
      }),
  );
  return Object.fromEntries(entries);
}

export interface Fact<Id extends string> {
  /** Which fact it is, so that a page can lay out the ones it shows. */
  id: Id;
  label: string;
  value: string;
  /** What qualifies the value, said after it (the page shows it muted); null when nothing does. */
  note: string | null;
}

export type RunFactId =
  | 'when'
  | 'status'
  | 'where'
  | 'prompt'
  | 'input'
  | 'cache'
  | 'modes'
  | 'trials'
  | 'max_tokens'
  | 'limits'
  | 'reader'
  | 'connections'
  | 'saved'
  | 'imported';

export type ProfileFactId = 'model' | 'dialect' | 'base_url' | 'params' | 'proxy';

export interface ProfileFacts {
  id: string;
  /** User text, as RunProfile has it. */
  name: string;
  color: number;
  /** Its request shape; `params` only when its requests carried any. */
  facts: Fact<ProfileFactId>[];
}

export interface RunFacts {
  /** In the order a report lists them; `input` and `imported` only where the run has them. */
  facts: Fact<RunFactId>[];
  /** In the run's order. */
  profiles: ProfileFacts[];
}

/**
 * The run's section. `tokenParams`: the token limit's name each profile's
 * trials sent, where a page has asked (a 400 may have switched it from the
 * snapshot's); without it, the snapshot's.
 */
export function runFacts(
  view: RunView,
  profiles: readonly RunProfile[],
  words: Words,
  tokenParams: Readonly<TokenParamsSent> = {},
): RunFacts {
  const { t, format } = words;
  const { run, trial_counts: counts } = view;
  const { config } = run;
  const lengths = inputLengths(config);
  const list = (items: string[]): string => items.join(t('results.header.listSeparator'));
  const parts = (items: string[]): string => items.join(t('profiles.card.separator'));
  const warmups = counts.all - counts.counted;
  const fact = (id: RunFactId, label: string, value: string, note: string | null = null) => ({
    id,
    label,
    value,
    note,
  });
  const facts: Fact<RunFactId>[] = [
    fact(
      'when',
      t('results.header.when'),
      run.ended_at === null
        ? format.dateTime(run.started_at)
        : t('results.header.whenValue', {
            start: format.dateTime(run.started_at),
            end: format.dateTime(run.ended_at),
          }),
      tookText(run, words),
    ),
    fact(
      'status',
      t('results.header.status'),
      run.status === 'completed' &&
        hidesFailures(view.failing_profiles.length, (run.profile_failures ?? []).length)
        ? t('common.runStatus.completedWithFailures')
        : t(`common.runStatus.${run.status}`),
    ),
    fact('where', t('results.header.where'), parts(whereParts(run, words))),
    fact('prompt', t('results.header.prompt'), config.prompt),
    ...(lengths.length === 0
      ? []
      : [
          fact(
            'input',
            t('results.header.inputTokens'),
            t(
              lengths.length > 1
                ? 'results.header.inputTokensValueSweep'
                : 'results.header.inputTokensValue',
              { lengths: list(lengths.map((n) => format.count(n))) },
            ),
          ),
        ]),
    fact(
      'cache',
      t('results.header.cache'),
      t(`results.header.cacheValue.${config.cache ?? 'unchosen'}`),
    ),
    fact(
      'modes',
      t('results.header.modes'),
      list(config.modes.map((mode) => t(`common.modes.${mode}`))),
    ),
    fact(
      'trials',
      t('results.header.trials'),
      t(lengths.length > 1 ? 'results.header.trialsValueSweep' : 'results.header.trialsValue', {
        trials: format.count(config.trials),
      }),
      config.warmup ? t('results.header.warmupValue') : null,
    ),
    fact('max_tokens', t('results.header.maxTokens'), format.count(config.max_tokens)),
    fact(
      'limits',
      t('results.header.limits'),
      parts(
        TIME_LIMITS.map((limit) =>
          t(`profiles.card.timeout.${limit}`, { value: seconds(config.limits[limit], words) }),
        ),
      ),
    ),
    fact(
      'reader',
      t('results.header.readerPace'),
      t('results.header.readerPaceValue', { pace: format.count(view.reader_pace_tps) }),
    ),
    fact(
      'connections',
      t('results.header.connections'),
      t(
        config.reuse_connection
          ? 'results.header.connectionReused'
          : 'results.header.connectionNew',
      ),
    ),
    fact(
      'saved',
      t('results.header.saved'),
      t('results.header.savedValue', {
        ok: format.count(counts.ok),
        counted: format.count(counts.counted),
      }),
      warmups > 0 ? t('results.header.savedWarmups', { warmups: format.count(warmups) }) : null,
    ),
    ...(run.imported_at === null
      ? []
      : [fact('imported', t('results.header.imported'), format.dateTime(run.imported_at))]),
  ];
  return {
    facts,
    profiles: profiles.map((profile) => ({
      id: profile.id,
      name: profile.name,
      color: profile.color,
      facts: profileFacts(
        profile,
        run.profiles.find((p) => p.id === profile.id),
        run,
        tokenParams[profile.id] ?? null,
        words,
      ),
    })),
  };
}

/** The fact of this id, where the list has it. */
export function factOf<Id extends string>(
  facts: readonly Fact<Id>[],
  id: Id,
): Fact<Id> | undefined {
  return facts.find((fact) => fact.id === id);
}

/** "took 1 min 5 s", or that the run has no end time. */
function tookText(run: Pick<RunRecord, 'started_at' | 'ended_at'>, words: Words): string {
  const { t } = words;
  if (run.ended_at === null) return t('results.header.notEnded');
  const duration = durationText(Date.parse(run.ended_at) - Date.parse(run.started_at), words);
  return t('results.header.took', { duration });
}

/** A run's length as people say it: ms below a second, seconds below a minute, then minutes. */
function durationText(ms: number, { t, format }: Words): string {
  if (ms < 1000) return format.ms(ms);
  const seconds = ms / 1000;
  if (seconds < 60) return t('common.units.s', { value: format.number(seconds, 1) });
  const minutes = Math.floor(seconds / 60);
  return t('results.header.minutes', {
    minutes: format.count(minutes),
    seconds: format.count(Math.floor(seconds - minutes * 60)),
  });
}

/** A time limit in seconds, with the decimals it has ("10 s", "1.5 s"). */
function seconds(ms: number, { t, format }: Words): string {
  return t('common.units.s', { value: format.number(ms / 1000, secondsDecimals(ms)) });
}

/** Its label, then the LastToken and the machine that measured it, or that they were not recorded. */
function whereParts(run: RunRecord, { t }: Words): string[] {
  const label = run.label === null ? [] : [run.label];
  const { environment } = run;
  if (environment === null) return [...label, t('results.header.environmentUnknown')];
  const { cpus } = environment;
  const processors =
    cpus.count === 0
      ? []
      : [
          cpus.model === ''
            ? t('results.header.environmentCpusUnnamed', { count: cpus.count })
            : t('results.header.environmentCpus', { count: cpus.count, model: cpus.model }),
        ];
  return [
    ...label,
    t('results.header.environmentVersion', { version: environment.lasttoken_version }),
    osText(environment.os),
    ...processors,
    environment.runtime,
  ];
}

/** How one profile's requests were shaped: what they were sent to, in which format, with what, through what. */
function profileFacts(
  profile: RunProfile,
  snapshot: ProfileSnapshot | undefined,
  run: RunRecord,
  tokenParam: string | null,
  words: Words,
): Fact<ProfileFactId>[] {
  const { t, format } = words;
  const fact = (id: ProfileFactId, label: string, value: string) => ({
    id,
    label,
    value,
    note: null,
  });
  const model = fact('model', t('profiles.fields.model'), profile.model);
  const baseUrl = fact(
    'base_url',
    t('profiles.fields.base_url'),
    withoutCredentials(profile.base_url),
  );
  // A profile the snapshot lacks (it should not happen) says what RunProfile knows.
  if (snapshot === undefined) return [model, baseUrl];
  const sent = sentParams(snapshot, run.config, tokenParam);
  const params = paramParts(sent.params, format.count).map((part) => t(part.key, part.values));
  if (sent.tokenParam !== null) {
    params.push(t('results.header.tokenParamSent', { name: sent.tokenParam }));
  }
  return [
    model,
    fact('dialect', t('profiles.fields.dialect'), t(`common.dialects.${snapshot.dialect}`)),
    baseUrl,
    ...(params.length === 0
      ? []
      : [fact('params', t('profiles.fields.params'), params.join(t('profiles.card.separator')))]),
    fact('proxy', t('results.header.proxy'), proxyText(snapshot, words)),
  ];
}

function proxyText(snapshot: ProfileSnapshot, { t }: Words): string {
  if (snapshot.proxy_mode === 'env') return t('results.header.proxyEnv');
  if (snapshot.proxy_mode === 'direct' || snapshot.proxy_url === null) {
    return t('profiles.card.noProxy');
  }
  const url = withoutCredentials(snapshot.proxy_url);
  return snapshot.proxy_auth ? t('results.header.proxyCredentials', { url }) : url;
}

/**
 * A URL without user or password. A snapshot's never has them (they are the
 * keychain's), but a run file from another build is text from anywhere.
 */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    // Not a URL: whatever precedes an @ may be credentials.
    return url.slice(url.lastIndexOf('@') + 1);
  }
}
