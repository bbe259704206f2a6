// The prefill table of a run that swept input lengths, as text: a row per
// profile × mode, each length's median first-token time with its n (and its
// failed trials), then the fitted line: the prefill rate with its interval,
// the fixed part and the trials it goes through (prefill.ts fits it). For the
// results page's table and main's reports.

import { MISSING } from '../i18n/format';
import type { TableText } from '../table-text';
import type { Mode } from '../trial';
import type { SweepSeries } from './charts/prefill';
import { profileOf, type RunProfile } from './run-profiles';
import type { Words } from './words';

export interface PrefillRow {
  profile_id: string;
  mode: Mode;
  /** "stream · TTFT": which first figure the row fits. */
  rowMode: string;
  /** In the table's order of lengths: the median, and under it its n (and failed trials). */
  lengths: { tokens: number; value: string; note: string }[];
  /** The slope, and under it its 95% interval where it has one. */
  slope: { value: string; interval: string | null };
  fixed: string;
  n: string;
}

export interface PrefillTable {
  caption: string;
  groups: { lengths: string; line: string };
  /** The lengths the run swept, in increasing order, and their columns' headings. */
  lengths: { tokens: number; heading: string }[];
  /** The fitted line's columns: heading and what it means. */
  columns: Record<'slope' | 'fixed' | 'n', { heading: string; help: string }>;
  rows: PrefillRow[];
  /** Where each trial is placed on the line: at its usage's prompt tokens, or its requested length. */
  note: string;
}

/** The prefill table of a run's fits (prefillSeries); null when it swept no input lengths. */
export function prefillTable(
  fits: readonly Pick<SweepSeries, 'profile_id' | 'mode' | 'fit'>[],
  words: Words,
): PrefillTable | null {
  const { t, format } = words;
  if (fits.length === 0) return null;
  // Every fit of a run has the run's lengths; a profile that measured none at one still has its column.
  const lengths = [...new Set(fits.flatMap((s) => s.fit.groups.map((g) => g.input_tokens)))].sort(
    (a, b) => a - b,
  );
  const usage = fits.every((s) => s.fit.x === 'usage');
  const column = (key: 'slope' | 'fixed' | 'n') => ({
    heading: t(`results.prefill.column.${key}`),
    help: t(`results.prefill.help.${key}`),
  });
  return {
    caption: t('results.prefill.caption'),
    groups: { lengths: t('results.prefill.group.lengths'), line: t('results.prefill.group.line') },
    lengths: lengths.map((tokens) => ({
      tokens,
      heading: t('results.prefill.column.length', { tokens: format.count(tokens) }),
    })),
    columns: { slope: column('slope'), fixed: column('fixed'), n: column('n') },
    rows: fits.map(({ profile_id, mode, fit }) => {
      const ci = fit.prefill_ms_per_ktok_ci95;
      return {
        profile_id,
        mode,
        rowMode: t('results.prefill.rowMode', {
          mode: t(`common.modes.${mode}`),
          metric: t(`results.prefill.first.${fit.metric}`),
        }),
        lengths: lengths.map((length) => {
          const group = fit.groups.find((g) => g.input_tokens === length);
          const n = t('common.units.n', { n: format.count(group?.n ?? 0) });
          return {
            tokens: length,
            value: format.msValue(group?.first_token?.median),
            note:
              group && group.failed > 0
                ? `${n} · ${t('results.prefill.failed', { count: group.failed })}`
                : n,
          };
        }),
        slope: {
          value: format.msValue(fit.prefill_ms_per_ktok),
          interval: ci
            ? t('results.summary.interval', {
                low: format.msValue(ci[0]),
                high: format.msValue(ci[1]),
              })
            : null,
        },
        fixed: format.msValue(fit.ttft_fixed_ms),
        n: format.count(fit.n),
      };
    }),
    note: t(usage ? 'results.prefill.note.usage' : 'results.prefill.note.requested'),
  };
}

/** The table as header and rows for a table writer: each figure with its note, the interval its own column. */
export function prefillTableText(
  table: PrefillTable,
  profiles: readonly RunProfile[],
  words: Words,
): TableText {
  const { t } = words;
  const headed = (group: string, column: string): string =>
    t('results.summary.copyHeader', { group, column });
  const slope = headed(table.groups.line, table.columns.slope.heading);
  const header = [
    t('results.summary.profile'),
    ...table.lengths.map((length) => headed(table.groups.lengths, length.heading)),
    slope,
    t('common.table.copy.interval', { column: slope }),
    headed(table.groups.line, table.columns.fixed.heading),
    headed(table.groups.line, table.columns.n.heading),
  ];
  const rows = table.rows.map((row) => [
    `${profileOf(profiles, row.profile_id).name} (${row.rowMode})`,
    ...row.lengths.map((cell) => `${cell.value} (${cell.note})`),
    row.slope.value,
    row.slope.interval ?? MISSING,
    row.fixed,
    row.n,
  ]);
  return { header, rows };
}
