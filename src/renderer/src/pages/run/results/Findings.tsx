// What this run's data shows of the five myths, a headline once per kind
// with the profiles it holds for, and behind a disclosure each profile's
// sentence and the figures it rests on, n beside each (src/shared/findings.ts
// decides what is found; findings-groups.ts groups it). Nothing found is said
// as such: it is not a verdict on the endpoint. Profiles that measured
// nothing, or mostly failed, come first.

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Difference } from '../../../../../shared/comparisons';
import type { FailingProfile } from '../../../../../shared/failing-profiles';
import type { Figure, Finding, ReaderFigures } from '../../../../../shared/findings';
import type { Formatters } from '../../../i18n/format';
import {
  findingGroups,
  groupProfiles,
  type FindingGroup,
} from '../../../../../shared/results/findings-groups';
import { ProfileTag } from './ProfileTag';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';

export function Findings({
  findings,
  failing,
  profiles,
}: {
  findings: readonly Finding[];
  /** Said first: a profile that measured nothing, or mostly failed. */
  failing: readonly FailingProfile[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const groups = findingGroups(findings, failing);
  return (
    <section className="card stack" aria-labelledby="results-findings-title">
      <div>
        <h2 id="results-findings-title">{t('results.findings.title')}</h2>
        <p className="muted small">{t('results.findings.intro')}</p>
      </div>
      {groups.length > 0 && (
        <ul className="findings">
          {groups.map((group) => (
            <GroupView
              key={group.kind === 'failing' ? `failing-${group.reason}` : group.kind}
              group={group}
              profiles={profiles}
            />
          ))}
        </ul>
      )}
      {findings.length === 0 && (
        <p>
          {failing.length > 0 ? t('results.findings.noneWithFailures') : t('results.findings.none')}
        </p>
      )}
    </section>
  );
}

function GroupView({ group, profiles }: { group: FindingGroup; profiles: readonly RunProfile[] }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const title =
    group.kind === 'failing'
      ? t(
          group.reason === 'none'
            ? 'results.findings.failing.titleNone'
            : 'results.findings.failing.titleMost',
        )
      : t(`results.findings.${group.kind}.title`);
  const items: { key: string; profileId: string; said: Said }[] =
    group.kind === 'failing'
      ? group.failures.map((failure) => ({
          key: failure.profile_id,
          profileId: failure.profile_id,
          said: { text: failingText(failure, format, t) },
        }))
      : group.findings.map((finding, i) => ({
          key: `${finding.profile_id}-${i}`,
          profileId: finding.profile_id,
          said: said(finding, t, format),
        }));
  return (
    <li data-finding={group.kind} data-reason={group.kind === 'failing' ? group.reason : undefined}>
      <div className="finding-head">
        <span className="finding-title">{title}</span>
        <span className="finding-profiles">
          {groupProfiles(group).map((id) => (
            <ProfileTag key={id} profile={profileOf(profiles, id)} />
          ))}
        </span>
      </div>
      <details className="finding-details">
        <summary>{t('results.findings.details')}</summary>
        {items.map((item) => (
          <div key={item.key} className="finding-item" data-profile={item.profileId}>
            <ProfileTag profile={profileOf(profiles, item.profileId)} />
            <p>{item.said.text}</p>
            {item.said.evidence?.map((line) => (
              <p key={line} className="finding-evidence">
                {line}
              </p>
            ))}
          </div>
        ))}
      </details>
    </li>
  );
}

function failingText(failure: FailingProfile, format: Formatters, t: TFunction): string {
  return t(
    failure.ok === 0 ? 'results.findings.failing.textNone' : 'results.findings.failing.textMost',
    {
      ok: format.count(failure.ok),
      trials: format.count(failure.trials),
      count: format.count(failure.count),
      status: t(`common.status.${failure.status}`),
    },
  );
}

/** The figures a finding rests on, one a line: "TTFT: 1,202 ms (95% interval 1,202 to 1,226 ms, n = 3)". */
function evidence(
  figures: [label: string, figure: Figure | null][],
  value: (v: number) => string,
  bare: (v: number) => string,
  t: TFunction,
): string[] {
  return figures.flatMap(([label, figure]) => {
    if (!figure) return [];
    return [
      figure.ci95
        ? t('results.figure.withInterval', {
            label,
            value: value(figure.median),
            low: bare(figure.ci95[0]),
            high: value(figure.ci95[1]),
            n: figure.n,
          })
        : t('results.figure.plain', { label, value: value(figure.median), n: figure.n }),
    ];
  });
}

/** "TTFT against TTFB: 790 ms sooner streamed (95% interval 780 to 800 ms, n = 5 pairs)". */
function difference(label: string, d: Difference, format: Formatters, t: TFunction): string {
  const sample = d.paired
    ? t('results.findings.pairs', { count: d.n_pairs })
    : t('results.findings.unpaired', { a: d.n_a, b: d.n_b });
  const sooner = d.diff_ms < 0;
  // Said as a size with its direction in words, the interval turned with it.
  const low = d.ci_low_ms === null ? null : sooner ? -(d.ci_high_ms ?? 0) : d.ci_low_ms;
  const high = d.ci_high_ms === null ? null : sooner ? -(d.ci_low_ms ?? 0) : d.ci_high_ms;
  const values = { label, diff: format.ms(Math.abs(d.diff_ms)), sample };
  if (low === null || high === null) {
    return t(
      sooner ? 'results.findings.soonerNoInterval' : 'results.findings.laterNoInterval',
      values,
    );
  }
  const interval = { ...values, low: format.msValue(low), high: format.ms(high) };
  return t(sooner ? 'results.findings.sooner' : 'results.findings.later', interval);
}

interface Said {
  text: string;
  /** The medians' intervals and n, for whoever checks the claim. */
  evidence?: string[];
}

function said(finding: Finding, t: TFunction, format: Formatters): Said {
  const metric = (name: string): string => t(`common.metrics.${name}`);
  const median = (figure: Figure | null): string => format.ms(figure?.median);
  switch (finding.kind) {
    case 'first_not_last':
      // The medians quoted are the comparisons' own, over the rounds they paired.
      return withReader(
        {
          text: t('results.findings.first_not_last.text', {
            ttft: format.ms(finding.first.median_b_ms),
            ttfb: format.ms(finding.first.median_a_ms),
            sooner: format.ms(-finding.first.diff_ms),
            streamTotal: format.ms(finding.total.median_b_ms),
            plainTotal: format.ms(finding.total.median_a_ms),
            margin: format.ms(finding.total.margin_ms),
          }),
          evidence: [
            difference(t('results.differences.firstToken'), finding.first, format, t),
            difference(metric('total_ms'), finding.total, format, t),
          ],
        },
        finding.reader,
        format,
        t,
      );
    case 'stream_gave_nothing':
      return withReader(
        {
          text: t('results.findings.stream_gave_nothing.text', {
            buffered: format.count(finding.buffered),
            n: format.count(finding.n),
            ttft: median(finding.ttft),
            last: median(finding.last_token),
            ttfb: median(finding.ttfb),
          }),
          evidence: evidence(
            [
              [metric('ttft_ms'), finding.ttft],
              [metric('last_token_ms'), finding.last_token],
              [metric('first_byte_ms'), finding.ttfb],
            ],
            format.ms,
            format.msValue,
            t,
          ),
        },
        finding.reader,
        format,
        t,
      );
    case 'chunks_not_tokens':
      return {
        text: t(
          finding.gap_median
            ? 'results.findings.chunks_not_tokens.text'
            : 'results.findings.chunks_not_tokens.textNoGap',
          {
            perChunk: format.number(finding.tokens_per_chunk.median, 1),
            gap: median(finding.gap_median),
          },
        ),
        evidence: [
          ...evidence(
            [[metric('tokens_per_chunk_mean'), finding.tokens_per_chunk]],
            (v) => format.number(v, 1),
            (v) => format.number(v, 1),
            t,
          ),
          ...evidence(
            [[metric('gap_median_ms'), finding.gap_median]],
            format.ms,
            format.msValue,
            t,
          ),
        ],
      };
    case 'pings_kept_open':
      return {
        text: t(pingsText(finding.first_token, finding.trials), {
          trials: format.count(finding.trials),
          n: format.count(finding.n),
          firstToken: format.count(finding.first_token),
          contentSilence: format.ms(finding.content_silence_ms),
          pings: format.count(
            finding.first_token === finding.trials
              ? finding.pings_before_ttft
              : finding.pings_after_ttft,
          ),
          before: format.count(finding.pings_before_ttft),
          after: format.count(finding.pings_after_ttft),
          silence: format.ms(finding.longest_silence_ms),
        }),
      };
    case 'buffered':
      return {
        text: t(bufferedText(finding.at_end, finding.in_bursts), {
          trials: format.count(finding.trials),
          n: format.count(finding.n),
          atEnd: format.count(finding.at_end),
          inBursts: format.count(finding.in_bursts),
          share: format.percent(finding.burst_share),
          events: format.count(finding.events_per_read_max ?? 0),
        }),
      };
    case 'abort_continued':
      return {
        text: [
          t('results.findings.abort_continued.text', {
            after: format.count(finding.after_tokens),
            continued: format.count(finding.continued),
            trials: format.count(finding.trials),
            chunks: format.count(finding.chunks_after),
            bytes: format.count(finding.bytes_after),
          }),
          finding.close_ms === null
            ? ''
            : t('results.findings.abort_continued.closed', { close: format.ms(finding.close_ms) }),
          finding.never_closed === 0
            ? ''
            : t('results.findings.abort_continued.neverClosed', {
                trials: format.count(finding.never_closed),
              }),
          abortCaution(finding.request_ids, finding.no_id, format, t),
        ]
          .filter(Boolean)
          .join(' '),
      };
    case 'prompt_cache': {
      const values = {
        served: format.count(finding.served),
        n: format.count(finding.n),
        mode: t(`common.modes.${finding.mode}`),
        tokens: format.count(finding.cached_tokens),
        metric: metric(finding.mode === 'stream' ? 'ttft_ms' : 'first_byte_ms'),
        servedMedian: median(finding.served_first),
        servedN: format.count(finding.served_first.n),
      };
      return {
        text:
          finding.unserved_first === null
            ? t('results.findings.prompt_cache.textAll', values)
            : t('results.findings.prompt_cache.text', {
                ...values,
                unservedMedian: median(finding.unserved_first),
                unservedN: format.count(finding.unserved_first.n),
              }),
      };
    }
  }
}

/** What streaming changed for a reader, after what it changed for the first and last token. */
function withReader(
  said: Said,
  reader: ReaderFigures | null,
  format: Formatters,
  t: TFunction,
): Said {
  if (!reader) return said;
  const sentence = t('results.findings.reader.text', {
    pace: format.number(reader.pace_tps, Number.isInteger(reader.pace_tps) ? 0 : 1),
    stream: format.ms(reader.stream_done.median),
    plain: format.ms(reader.plain_done.median),
    wait: format.ms(reader.stream_wait?.median),
  });
  const figures = evidence(
    [
      [t('results.findings.reader.streamDone'), reader.stream_done],
      [t('results.findings.reader.plainDone'), reader.plain_done],
    ],
    format.ms,
    format.msValue,
    t,
  );
  return {
    text: `${said.text} ${sentence}`,
    evidence: [
      ...(said.evidence ?? []),
      ...(reader.versus
        ? [difference(t('results.findings.reader.done'), reader.versus, format, t)]
        : []),
      ...figures,
    ],
  };
}

/** Whether the pings bridged the wait for the first token, a silence after the text began, or both. */
function pingsText(firstToken: number, trials: number): string {
  if (firstToken === trials) return 'results.findings.pings_kept_open.textFirstToken';
  return firstToken === 0
    ? 'results.findings.pings_kept_open.text'
    : 'results.findings.pings_kept_open.textMixed';
}

/** Whether the stream was held to the end, released in a buffer's bursts, or some of each. */
function bufferedText(atEnd: number, inBursts: number): string {
  if (inBursts === 0) return 'results.findings.buffered.text';
  return atEnd === 0
    ? 'results.findings.buffered.textBursts'
    : 'results.findings.buffered.textBoth';
}

/** What the socket cannot show, and where to look it up: the provider's usage page, by request id. */
function abortCaution(
  ids: readonly string[],
  missing: number,
  format: Formatters,
  t: TFunction,
): string {
  if (ids.length === 0) return t('results.findings.abort_continued.cautionNoIds');
  const listed = ids.join(', ');
  return t('results.findings.abort_continued.caution', {
    ids:
      missing === 0
        ? listed
        : t('results.findings.abort_continued.cautionMissing', {
            ids: listed,
            count: format.count(missing),
          }),
  });
}
