// The words the verdicts and the summary use, each in a few words and in
// full: TTFT against TTFB, gap, chunk, p95 (which at a few trials is about
// the slowest one) and the reader's pace. For the results page's legend
// (the full words on focus) and main's reports.

import type { RunView } from '../api';
import type { Formatters } from '../i18n/format';
import { fewestForP95 } from './verdict-model';
import type { Words } from './words';

export type TermEntry = 'ttft' | 'ttfb' | 'gap' | 'chunk' | 'p95' | 'reader';

export interface TermText {
  entry: TermEntry;
  /** "TTFT", "reader at 8 tokens/s". */
  word: string;
  /** A few words: "first text, streamed". */
  gloss: string;
  /** The whole explanation. */
  description: string;
}

export interface TermsText {
  title: string;
  entries: TermText[];
}

/** A reading pace as the results say it: whole when it is. */
export function paceText(pace: number, format: Formatters): string {
  return format.number(pace, Number.isInteger(pace) ? 0 : 1);
}

/** The terms a run's results use: TTFT and gaps only where it streamed, TTFB where it did not. */
export function termsText(
  view: Pick<RunView, 'run' | 'summaries' | 'reader_pace_tps'>,
  words: Words,
): TermsText {
  const { t, format } = words;
  const { modes } = view.run.config;
  const streamed = modes.includes('stream');
  const entries: TermEntry[] = [
    ...(streamed ? (['ttft'] as const) : []),
    ...(modes.includes('plain') ? (['ttfb'] as const) : []),
    ...(streamed ? (['gap', 'chunk'] as const) : []),
    'p95',
    'reader',
  ];
  const pace = paceText(view.reader_pace_tps, format);
  const few = fewestForP95(view);
  const gloss = (entry: TermEntry): string => {
    if (entry === 'p95' && few !== null) {
      return t('results.legend.gloss.p95Few', { n: format.count(few) });
    }
    return t(`results.legend.gloss.${entry}`, { pace });
  };
  return {
    title: t('results.legend.title'),
    entries: entries.map((entry) => ({
      entry,
      word: t(`results.legend.word.${entry}`, { pace }),
      gloss: gloss(entry),
      description: t(`results.terms.${entry}`, { pace }),
    })),
  };
}
