// The key figures of two runs side by side, per profile and mode: A's and B's
// median with its 95% interval and n, the difference B − A, and what that
// difference can be read as (apart, within noise, too few trials). The
// figure's name stays while the table scrolls; every figure can be copied as
// Markdown or TSV. Not sortable: its rows are grouped by profile and mode,
// and a sort would scatter the groups.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTable } from '../../components/table/CopyTable';
import { ScrollTable } from '../../components/table/ScrollTable';
import { MISSING, useFormat } from '../../i18n/format';
import { compareTableText } from './compare-table-text';
import {
  signedText,
  type CompareFigure,
  type CompareMetric,
  type MetricComparison,
  type ProfileModeComparison,
  type Reading,
  type SideCounts,
} from './compare-runs';

export function CompareTable({ rows }: { rows: readonly ProfileModeComparison[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const captionId = useId();
  return (
    <div className="stack compare-table-block">
      <CopyTable table={() => compareTableText(rows, t, format)} />
      <ScrollTable labelledBy={captionId}>
        <table className="compare-table">
          <caption id={captionId} className="visually-hidden">
            {t('history.comparePage.figures')}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="sticky-col sticky-col-edge">
                {t('history.comparePage.columns.figure')}
              </th>
              {(['a', 'b', 'difference'] as const).map((column) => (
                <th key={column} scope="col" className="number">
                  {t(`history.comparePage.columns.${column}`)}
                </th>
              ))}
              <th scope="col">{t('history.comparePage.columns.reading')}</th>
            </tr>
          </thead>
          {rows.map((row) => (
            <tbody key={`${row.profile_id}/${row.mode}`}>
              <tr className="compare-group">
                <th scope="rowgroup" colSpan={5}>
                  <GroupHeading row={row} />
                </th>
              </tr>
              {row.metrics.map((metric) => (
                <MetricRow key={metric.metric} mode={row.mode} comparison={metric} />
              ))}
            </tbody>
          ))}
        </table>
      </ScrollTable>
    </div>
  );
}

function GroupHeading({ row }: { row: ProfileModeComparison }) {
  const { t } = useTranslation();
  const mode = t(`common.modes.${row.mode}`);
  const sameName = row.a.name === row.b.name;
  const sameModel = row.a.model === row.b.model;
  const counts = (side: SideCounts | null): string =>
    side
      ? t('common.units.nOf', { ok: side.ok, n: side.trials })
      : t('history.comparePage.notMeasured');
  return (
    <div className="compare-group-heading">
      <span className="compare-profile wrap-anywhere">
        {sameName ? row.a.name : t('history.comparePage.renamed', { a: row.a.name, b: row.b.name })}
      </span>
      <span className="badge badge-muted">{mode}</span>
      <span
        className={
          sameModel ? 'mono muted wrap-anywhere' : 'mono compare-model-changed wrap-anywhere'
        }
      >
        {sameModel
          ? row.a.model
          : t('history.comparePage.modelChanged', { a: row.a.model, b: row.b.model })}
      </span>
      <span className="small muted">
        {t('history.comparePage.counts', { a: counts(row.a.counts), b: counts(row.b.counts) })}
      </span>
    </div>
  );
}

function MetricRow({
  mode,
  comparison,
}: {
  mode: 'stream' | 'plain';
  comparison: MetricComparison;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const value = (metric: CompareMetric, v: number): string =>
    metric === 'e2e_tps' ? format.tps(v) : format.ms(v);
  const { metric, difference, relative } = comparison;
  return (
    <tr>
      <th scope="row" className="compare-metric sticky-col sticky-col-edge">
        {t(`common.metrics.${metric}`)}
        {mode === 'plain' && metric === 'first_byte_ms' && (
          <span className="small muted"> {t('history.comparePage.ttfbNote')}</span>
        )}
      </th>
      <td className="number">
        <Figure figure={comparison.a} format={(v) => value(metric, v)} />
      </td>
      <td className="number">
        <Figure figure={comparison.b} format={(v) => value(metric, v)} />
      </td>
      <td className="number">
        {difference === null ? (
          <span className="muted">{MISSING}</span>
        ) : (
          <span className="compare-figure">
            <span className="compare-figure-value">
              {signedText(difference, (v) => value(metric, v))}
            </span>
            {relative !== null && (
              <span className="compare-figure-detail">{signedText(relative, format.percent)}</span>
            )}
          </span>
        )}
      </td>
      <td>
        <ReadingBadge reading={comparison.reading} />
      </td>
    </tr>
  );
}

function Figure(props: { figure: CompareFigure | null; format: (value: number) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { figure } = props;
  if (!figure) {
    return <span className="muted">{t('history.comparePage.noFigure')}</span>;
  }
  const n = t('common.units.n', { n: format.count(figure.n) });
  return (
    <span className="compare-figure">
      <span className="compare-figure-value">{props.format(figure.median)}</span>
      <span className="compare-figure-detail">
        {figure.ci95
          ? t('history.comparePage.interval', {
              low: props.format(figure.ci95[0]),
              high: props.format(figure.ci95[1]),
              n,
            })
          : t('history.comparePage.noInterval', { n })}
      </span>
    </span>
  );
}

const READING_TONE: Record<Reading, string> = {
  missing: 'badge-muted',
  too_few: 'badge-muted',
  within_noise: 'badge-muted',
  b_lower: 'compare-badge-apart',
  b_higher: 'compare-badge-apart',
};

function ReadingBadge({ reading }: { reading: Reading }) {
  const { t } = useTranslation();
  if (reading === 'missing') return <span className="muted">{MISSING}</span>;
  return (
    <span className="compare-reading">
      <span className={`badge ${READING_TONE[reading]}`}>{t(`history.reading.${reading}`)}</span>
      <span className="small muted">{t(`history.reading.${reading}Help`)}</span>
    </span>
  );
}
