// The answer first: per mode of the run, who came first to the first token,
// to the last, and for a reader, with the interval and n each verdict rests
// on, in the words main's comparisons support (verdict-model.ts picks which
// to quote). Profiles that failed are named as not measured.

import type { TFunction } from 'i18next';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../../shared/api';
import type { Mode } from '../../../../../shared/trial';
import { MAX_ROUNDS_TO_SETTLE } from '../../../../../shared/comparisons';
import { Term } from '../../../components/Term';
import type { Formatters } from '../../../i18n/format';
import { ProfileTag } from './ProfileTag';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';
import {
  verdictCards,
  type NotMeasured,
  type VerdictCard,
  type VerdictLine,
  type VerdictOutcome,
  type VerdictSample,
} from '../../../../../shared/results/verdict-model';

export function VerdictCards({
  view,
  profiles,
}: {
  view: RunView;
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const cards = useMemo(() => verdictCards(view), [view]);
  return (
    <section className="verdicts" aria-labelledby="results-verdicts-title">
      <h2 id="results-verdicts-title" className="visually-hidden">
        {t('results.verdicts.title')}
      </h2>
      <div className="verdict-cards">
        {cards.map((card) => (
          <CardView key={card.mode} card={card} profiles={profiles} pace={view.reader_pace_tps} />
        ))}
      </div>
    </section>
  );
}

function CardView({
  card,
  profiles,
  pace,
}: {
  card: VerdictCard;
  profiles: readonly RunProfile[];
  pace: number;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const tag = (id: string) => <ProfileTag profile={profileOf(profiles, id)} />;
  const [only] = card.measured;
  return (
    <article
      className="card verdict-card"
      data-mode={card.mode}
      aria-labelledby={`verdict-${card.mode}`}
    >
      <h3 id={`verdict-${card.mode}`}>{t(`results.verdicts.mode.${card.mode}`)}</h3>
      {only === undefined && <p>{t('results.verdicts.noneMeasured')}</p>}
      {only !== undefined && card.measured.length === 1 && (
        <p data-verdict="single">
          {withTags(t('results.verdicts.single', { name: marked('name') }), { name: tag(only) })}
        </p>
      )}
      {card.lines.length > 0 && (
        <dl className="verdict-lines">
          {card.lines.map((line) => (
            <div key={line.figure} data-figure={line.figure} data-verdict={line.outcome.verdict}>
              <dt>
                <FigureLabel line={line} mode={card.mode} pace={pace} />
              </dt>
              <dd>
                <span className="verdict-badge" data-verdict={line.outcome.verdict}>
                  {t(`results.verdicts.word.${line.outcome.verdict}`)}
                </span>{' '}
                <span>{outcomeSentence(line.outcome, tag, t, format)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {card.notMeasured.length > 0 && (
        <ul className="verdict-unmeasured small">
          {card.notMeasured.map((missing) => (
            <li key={missing.profile_id} data-profile={missing.profile_id}>
              {withTags(notMeasuredText(missing, t, format), { name: tag(missing.profile_id) })}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** "First token (TTFT)", "Whole answer (total)", "A reader at 8 tokens/s": the jargon explained on focus. */
function FigureLabel({ line, mode, pace }: { line: VerdictLine; mode: Mode; pace: number }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  if (line.figure === 'reader') {
    const paceText = format.number(pace, Number.isInteger(pace) ? 0 : 1);
    return (
      <Term description={t('results.terms.reader', { pace: paceText })}>
        {t('results.verdicts.figure.reader', { pace: paceText })}
      </Term>
    );
  }
  if (line.figure === 'total') return <>{t('results.verdicts.figure.total')}</>;
  const term = mode === 'stream' ? 'ttft' : 'ttfb';
  return (
    <>
      {withTags(t(`results.verdicts.figure.first_${mode}`, { term: marked('term') }), {
        term: (
          <Term description={t(`results.terms.${term}`)}>{t(`results.legend.word.${term}`)}</Term>
        ),
      })}
    </>
  );
}

/** Placeholders that stand for a profile's tag: replaced after translation, never parsed. */
const MARK = '\u0001';
const marked = (name: string): string => `${MARK}${name}${MARK}`;

/** A translated sentence with each marked placeholder replaced by its node. */
function withTags(text: string, tags: Record<string, ReactNode>): ReactNode[] {
  return text
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{tags[part]}</Fragment> : part));
}

function outcomeSentence(
  outcome: VerdictOutcome,
  tag: (id: string) => ReactNode,
  t: TFunction,
  format: Formatters,
): ReactNode[] {
  const names = { first: marked('first'), second: marked('second') };
  const tags: Record<string, ReactNode> = {
    first: tag(outcome.first),
    second: tag(outcome.second),
  };
  const sample = sampleText(outcome.sample, t, format);
  switch (outcome.verdict) {
    case 'lower': {
      const values = {
        ...names,
        lead: format.ms(outcome.lead_ms),
        interval: intervalText(outcome.low_ms, outcome.high_ms, t, format),
        sample,
      };
      if (outcome.unsettled.length > 0) {
        outcome.unsettled.forEach((id, i) => (tags[`other${i}`] = tag(id)));
        const others = outcome.unsettled
          .map((_, i) => marked(`other${i}`))
          .join(t('results.header.listSeparator'));
        return withTags(t('results.verdicts.lowerUnsettled', { ...values, others }), tags);
      }
      return withTags(t('results.verdicts.lower', values), tags);
    }
    case 'equivalent':
      return withTags(
        t('results.verdicts.equivalent', {
          ...names,
          margin: format.ms(outcome.margin_ms),
          interval: intervalText(outcome.low_ms, outcome.high_ms, t, format),
          sample,
        }),
        tags,
      );
    case 'inconclusive':
      if (outcome.low_ms === null || outcome.high_ms === null) {
        return withTags(t('results.verdicts.tooFew', { ...names, sample }), tags);
      }
      return withTags(
        t('results.verdicts.inconclusive', {
          ...names,
          margin: format.ms(outcome.margin_ms),
          interval: intervalText(outcome.low_ms, outcome.high_ms, t, format),
          sample,
          settle:
            outcome.rounds_to_settle === null
              ? t('results.differences.settleBeyond', {
                  rounds: format.count(MAX_ROUNDS_TO_SETTLE),
                })
              : t('results.differences.settle', { rounds: format.count(outcome.rounds_to_settle) }),
        }),
        tags,
      );
  }
}

/** "80 to 160 ms": the unit once, at the end. */
function intervalText(low: number, high: number, t: TFunction, format: Formatters): string {
  return t('results.verdicts.interval', { low: format.msValue(low), high: format.ms(high) });
}

/** "n = 10 each, paired by round", "n = 10 each", "n = 9 and 10". */
function sampleText(sample: VerdictSample, t: TFunction, format: Formatters): string {
  if (sample.paired) return t('results.verdicts.samplePaired', { n: format.count(sample.pairs) });
  return sample.n_first === sample.n_second
    ? t('results.verdicts.sampleEach', { n: format.count(sample.n_first) })
    : t('results.verdicts.sampleApart', {
        first: format.count(sample.n_first),
        second: format.count(sample.n_second),
      });
}

function notMeasuredText(missing: NotMeasured, t: TFunction, format: Formatters): string {
  const values = {
    name: marked('name'),
    ok: format.count(missing.ok),
    trials: format.count(missing.trials),
  };
  if (missing.reason === 'most') return t('results.verdicts.notMeasuredMost', values);
  return missing.trials === 0
    ? t('results.verdicts.notMeasuredNoTrials', values)
    : t('results.verdicts.notMeasuredNone', values);
}
