// The verdict cards as text: per mode, the headline, each figure's verdict
// word and sentence with the interval and n it rests on, and the profiles
// not measured (verdict-model.ts picks what to quote). A sentence names
// profiles and explains its jargon, so it comes in parts: the page puts a
// profile's tag and a term's explanation where the parts say, a report
// writes them its own way.

import type { RunView } from '../api';
import { MAX_ROUNDS_TO_SETTLE } from '../comparisons';
import type { Formatters, Translate } from '../i18n/format';
import type { Mode } from '../trial';
import { paceText } from './terms-text';
import {
  verdictCards,
  type NotMeasured,
  type VerdictCard,
  type VerdictFigure,
  type VerdictLine,
  type VerdictOutcome,
  type VerdictSample,
} from './verdict-model';
import type { Words } from './words';

/** Our words; a profile, by id; or a word of jargon with what it means. */
export type Part = string | { profile: string } | { term: string; description: string };

export interface VerdictLineText {
  figure: VerdictFigure;
  verdict: VerdictOutcome['verdict'];
  /** "First token (TTFT)", "Whole answer (total)", "A reader at 8 tokens/s". */
  label: Part[];
  /** The verdict in a word: "faster", "equivalent", "inconclusive". */
  word: string;
  sentence: Part[];
}

export interface VerdictCardText {
  mode: Mode;
  title: string;
  /** Said instead of any verdict when no profile was measured in this mode. */
  noneMeasured: string | null;
  /** Said when only one was: there is nothing to compare it with. */
  single: Part[] | null;
  lines: VerdictLineText[];
  notMeasured: { profile_id: string; sentence: Part[] }[];
}

export interface VerdictsText {
  title: string;
  cards: VerdictCardText[];
}

export function verdictsText(
  view: Pick<RunView, 'run' | 'summaries' | 'comparisons' | 'failing_profiles' | 'reader_pace_tps'>,
  words: Words,
): VerdictsText {
  return {
    title: words.t('results.verdicts.title'),
    cards: verdictCards(view).map((card) => cardText(card, view.reader_pace_tps, words)),
  };
}

/** A sentence as one string, each profile and term written as the reader of the string needs. */
export function joinParts(
  parts: readonly Part[],
  write: { text(text: string): string; profile(id: string): string; term(word: string): string },
): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return write.text(part);
      return 'profile' in part ? write.profile(part.profile) : write.term(part.term);
    })
    .join('');
}

function cardText(card: VerdictCard, pace: number, words: Words): VerdictCardText {
  const { t, format } = words;
  const [only] = card.measured;
  return {
    mode: card.mode,
    title: t(`results.verdicts.mode.${card.mode}`),
    noneMeasured: only === undefined ? t('results.verdicts.noneMeasured') : null,
    single:
      only !== undefined && card.measured.length === 1
        ? withParts(t('results.verdicts.single', { name: marked('name') }), {
            name: { profile: only },
          })
        : null,
    lines: card.lines.map((line) => ({
      figure: line.figure,
      verdict: line.outcome.verdict,
      label: figureLabel(line, card.mode, pace, words),
      word: t(`results.verdicts.word.${line.outcome.verdict}`),
      sentence: outcomeSentence(line.outcome, t, format),
    })),
    notMeasured: card.notMeasured.map((missing) => ({
      profile_id: missing.profile_id,
      sentence: withParts(notMeasuredText(missing, t, format), {
        name: { profile: missing.profile_id },
      }),
    })),
  };
}

function figureLabel(line: VerdictLine, mode: Mode, pace: number, words: Words): Part[] {
  const { t, format } = words;
  if (line.figure === 'reader') {
    const values = { pace: paceText(pace, format) };
    return [
      {
        term: t('results.verdicts.figure.reader', values),
        description: t('results.terms.reader', values),
      },
    ];
  }
  if (line.figure === 'total') return [t('results.verdicts.figure.total')];
  const term = mode === 'stream' ? 'ttft' : 'ttfb';
  return withParts(t(`results.verdicts.figure.first_${mode}`, { term: marked('term') }), {
    term: { term: t(`results.legend.word.${term}`), description: t(`results.terms.${term}`) },
  });
}

/**
 * Placeholders that stand for a part: replaced after translation, never
 * parsed, so that a profile named `{{x}}` or `<b>` stays its name.
 */
const MARK = '\u0001';
const marked = (name: string): string => `${MARK}${name}${MARK}`;

/** A translated sentence cut at each marked placeholder, the placeholder's part in its place. */
function withParts(text: string, parts: Record<string, Part>): Part[] {
  return text
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((piece, i) => (i % 2 === 1 ? (parts[piece] ?? piece) : piece));
}

function outcomeSentence(outcome: VerdictOutcome, t: Translate, format: Formatters): Part[] {
  const names = { first: marked('first'), second: marked('second') };
  const parts: Record<string, Part> = {
    first: { profile: outcome.first },
    second: { profile: outcome.second },
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
        outcome.unsettled.forEach((id, i) => (parts[`other${i}`] = { profile: id }));
        const others = outcome.unsettled
          .map((_, i) => marked(`other${i}`))
          .join(t('results.header.listSeparator'));
        return withParts(t('results.verdicts.lowerUnsettled', { ...values, others }), parts);
      }
      return withParts(t('results.verdicts.lower', values), parts);
    }
    case 'equivalent':
      return withParts(
        t('results.verdicts.equivalent', {
          ...names,
          margin: format.ms(outcome.margin_ms),
          interval: intervalText(outcome.low_ms, outcome.high_ms, t, format),
          sample,
        }),
        parts,
      );
    case 'inconclusive':
      if (outcome.low_ms === null || outcome.high_ms === null) {
        return withParts(t('results.verdicts.tooFew', { ...names, sample }), parts);
      }
      return withParts(
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
        parts,
      );
  }
}

/** "80 to 160 ms": the unit once, at the end. */
function intervalText(low: number, high: number, t: Translate, format: Formatters): string {
  return t('results.verdicts.interval', { low: format.msValue(low), high: format.ms(high) });
}

/** "n = 10 each, paired by round", "n = 10 each", "n = 9 and 10". */
function sampleText(sample: VerdictSample, t: Translate, format: Formatters): string {
  if (sample.paired) return t('results.verdicts.samplePaired', { n: format.count(sample.pairs) });
  return sample.n_first === sample.n_second
    ? t('results.verdicts.sampleEach', { n: format.count(sample.n_first) })
    : t('results.verdicts.sampleApart', {
        first: format.count(sample.n_first),
        second: format.count(sample.n_second),
      });
}

function notMeasuredText(missing: NotMeasured, t: Translate, format: Formatters): string {
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
