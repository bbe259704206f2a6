// A against B as a table, for main's reports and the results' Markdown: a row
// per comparison of the run (each pair of profiles in one mode, and stream
// against plain within each profile) with the difference B − A, its 95%
// interval, the values it rests on and what it says in the verdict's words,
// as the chart's rows say it (charts/differences.ts). differenceCells words
// the figures of any difference alike, two runs' too.

import type { Comparison, Difference } from '../comparisons';
import { MISSING } from '../i18n/format';
import type { TableText } from '../table-text';
import { verdictText } from './charts/differences';
import { differenceSample } from './findings-text';
import { profileOf, type RunProfile } from './run-profiles';
import type { Words } from './words';

export function differencesTableText(
  comparisons: readonly Comparison[],
  profiles: readonly RunProfile[],
  words: Words,
): TableText {
  const { t } = words;
  const header = (
    ['pair', 'mode', 'metric', 'difference', 'interval', 'n', 'verdict'] as const
  ).map((column) => t(`results.differences.table.${column}`));
  const rows = comparisons.map((c) => {
    const modes = c.mode === 'stream_vs_plain';
    // Stream against plain is B − A of one profile: its sides are the modes.
    const nameA = modes ? t('common.modes.plain') : profileOf(profiles, c.profile_a).name;
    const nameB = modes ? t('common.modes.stream') : profileOf(profiles, c.profile_b).name;
    return [
      modes
        ? profileOf(profiles, c.profile_a).name
        : t('results.differences.rowPair', { a: nameA, b: nameB }),
      modes
        ? t('results.differences.rowPair', { a: nameA, b: nameB })
        : t(`common.modes.${c.mode}`),
      modes && c.metric === 'ttft_ms'
        ? t('results.differences.firstToken')
        : t(`common.metrics.${c.metric}`),
      ...differenceCells(c, nameA, nameB, words),
    ];
  });
  return { header, rows };
}

/**
 * A difference B − A as a table's last four cells: the difference, its 95%
 * interval, the values it rests on, and what it says (`nameA`, `nameB`: its sides).
 */
export function differenceCells(
  d: Difference,
  nameA: string,
  nameB: string,
  words: Words,
): string[] {
  const { t, format } = words;
  return [
    format.ms(d.diff_ms),
    d.ci_low_ms === null || d.ci_high_ms === null
      ? MISSING
      : t('results.verdicts.interval', {
          low: format.msValue(d.ci_low_ms),
          high: format.ms(d.ci_high_ms),
        }),
    differenceSample(d, t),
    verdictText(d, nameA, nameB, words),
  ];
}
