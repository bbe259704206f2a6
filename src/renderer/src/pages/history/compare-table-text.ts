// The comparison table as text, for "Copy as Markdown / TSV": a line per
// profile, mode and figure with both runs' medians, their 95% intervals and
// n, the difference and what it can be read as, worded and rounded as the
// table on screen shows them.

import type { TFunction } from 'i18next';
import type { TableText } from '../../../../shared/table-text';
import { MISSING, type Formatters } from '../../i18n/format';
import { signedText, type CompareFigure, type ProfileModeComparison } from './compare-runs';

export function compareTableText(
  rows: readonly ProfileModeComparison[],
  t: TFunction,
  format: Formatters,
): TableText {
  const column = (key: string): string => t(`history.comparePage.columns.${key}`);
  const side = (key: 'a' | 'b'): string[] => [
    column(key),
    t('common.table.copy.interval', { column: column(key) }),
    t('common.table.copy.n', { column: column(key) }),
  ];
  const header = [
    t('history.comparePage.copy.profile'),
    t('history.comparePage.copy.mode'),
    t('history.comparePage.copy.model'),
    column('figure'),
    ...side('a'),
    ...side('b'),
    column('difference'),
    t('history.comparePage.copy.relative'),
    column('reading'),
  ];
  const body = rows.flatMap((row) => {
    const profile =
      row.a.name === row.b.name
        ? row.a.name
        : t('history.comparePage.renamed', { a: row.a.name, b: row.b.name });
    const model =
      row.a.model === row.b.model
        ? row.a.model
        : t('history.comparePage.modelChanged', { a: row.a.model, b: row.b.model });
    return row.metrics.map((metric) => {
      const value = (v: number): string =>
        metric.metric === 'e2e_tps' ? format.tps(v) : format.ms(v);
      const figure = (f: CompareFigure | null): string[] =>
        f
          ? [
              value(f.median),
              f.ci95
                ? t('results.summary.interval', { low: value(f.ci95[0]), high: value(f.ci95[1]) })
                : MISSING,
              format.count(f.n),
            ]
          : [t('history.comparePage.noFigure'), MISSING, MISSING];
      return [
        profile,
        t(`common.modes.${row.mode}`),
        model,
        t(`common.metrics.${metric.metric}`),
        ...figure(metric.a),
        ...figure(metric.b),
        metric.difference === null ? MISSING : signedText(metric.difference, value),
        metric.relative === null ? MISSING : signedText(metric.relative, format.percent),
        metric.reading === 'missing' ? MISSING : t(`history.reading.${metric.reading}`),
      ];
    });
  });
  return { header, rows: body };
}
