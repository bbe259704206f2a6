// What the data shows, as text: a headline once per kind of finding with the
// profiles it holds for, and per profile its sentence and the figures it
// rests on, n beside each (src/shared/findings.ts decides what is found;
// findings-groups.ts groups it). Plain strings, for the results page and main's
// reports alike. Nothing found is said as such: it is not a verdict on the
// endpoint.

import type { RunView } from '../api';
import type { Difference } from '../comparisons';
import type { FailingProfile } from '../failing-profiles';
import type { Figure, Finding, ReaderFigures } from '../findings';
import type { Formatters, Translate } from '../i18n/format';
import { findingGroups, groupProfiles, type FindingGroup } from './findings-groups';
import { paceText } from './terms-text';
import type { Words } from './words';

/** What is said of one profile under a group's headline. */
export interface FindingItemText {
  profile_id: string;
  text: string;
  /** The medians' intervals and n, for whoever checks the claim. */
  evidence: string[];
}

type Said = Omit<FindingItemText, 'profile_id' | 'evidence'> & { evidence?: string[] };

export interface FindingGroupText {
  kind: FindingGroup['kind'];
  /** Of a `failing` group: whether its profiles measured nothing, or mostly failed. */
  reason: 'none' | 'most' | null;
  title: string;
  /** The profiles it holds for, each once, in the run's order. */
  profile_ids: string[];
  items: FindingItemText[];
}

export interface FindingsText {
  title: string;
  intro: string;
  groups: FindingGroupText[];
  /** Said when nothing was found; null when something was. */
  none: string | null;
}

export function findingsText(
  view: Pick<RunView, 'findings' | 'failing_profiles'>,
  words: Words,
): FindingsText {
  const { t } = words;
  const { findings, failing_profiles: failing } = view;
  return {
    title: t('results.findings.title'),
    intro: t('results.findings.intro'),
    groups: findingGroups(findings, failing).map((group) => groupText(group, words)),
    none:
      findings.length > 0
        ? null
        : failing.length > 0
          ? t('results.findings.noneWithFailures')
          : t('results.findings.none'),
  };
}

function groupText(group: FindingGroup, words: Words): FindingGroupText {
  const { t, format } = words;
  if (group.kind === 'failing') {
    return {
      kind: group.kind,
      reason: group.reason,
      title: t(
        group.reason === 'none'
          ? 'results.findings.failing.titleNone'
          : 'results.findings.failing.titleMost',
      ),
      profile_ids: groupProfiles(group),
      items: group.failures.map((failure) => ({
        profile_id: failure.profile_id,
        text: failingText(failure, format, t),
        evidence: [],
      })),
    };
  }
  return {
    kind: group.kind,
    reason: null,
    title: t(`results.findings.${group.kind}.title`),
    profile_ids: groupProfiles(group),
    items: group.findings.map((finding) => {
      const { text, evidence = [] } = said(finding, t, format);
      return { profile_id: finding.profile_id, text, evidence };
    }),
  };
}

function failingText(failure: FailingProfile, format: Formatters, t: Translate): string {
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
  t: Translate,
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

/** "n = 5 pairs", "n = 4 and 5, not paired": the values a difference rests on. */
export function differenceSample(d: Difference, t: Translate): string {
  return d.paired
    ? t('results.findings.pairs', { count: d.n_pairs })
    : t('results.findings.unpaired', { a: d.n_a, b: d.n_b });
}

/** "TTFT against TTFB: 790 ms sooner streamed (95% interval 780 to 800 ms, n = 5 pairs)". */
function difference(label: string, d: Difference, format: Formatters, t: Translate): string {
  const sample = differenceSample(d, t);
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

function said(finding: Finding, t: Translate, format: Formatters): Said {
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
  t: Translate,
): Said {
  if (!reader) return said;
  const sentence = t('results.findings.reader.text', {
    pace: paceText(reader.pace_tps, format),
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
  t: Translate,
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
