// For a run that swept input lengths: how the first token's time grows with
// the prompt. The chart (each length's median with its interval, the fitted
// line per profile × mode) and a table with the same figures: each length's
// median with its n, then the prefill rate with its interval and the fixed
// part, all from the run's digest (prefill.ts).

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunDigest } from '../../../../../shared/run-digest';
import {
  prefillChart,
  prefillSeries,
  type SweepSeries,
} from '../../../../../shared/results/charts/prefill';
import { prefillTable } from '../../../../../shared/results/prefill-table';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { ProfileLabel } from './ProfileTag';
import { useWords } from './use-results-text';

export function PrefillSection({
  prefill,
  profiles,
  fileName,
}: {
  prefill: RunDigest['prefill'];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const words = useWords();
  const theme = useChartTheme();
  const series = useMemo(() => prefillSeries(prefill, profiles), [prefill, profiles]);
  const spec = useMemo(
    () => prefillChart(prefill, profiles, words, theme),
    [prefill, profiles, words, theme],
  );
  if (!spec) return null;
  return (
    <section className="stack" aria-labelledby="results-prefill-title">
      <h2 id="results-prefill-title">{t('results.prefill.title')}</h2>
      <SpecChartCard spec={spec} fileName={fileName} />
      <PrefillTable series={series} profiles={profiles} />
    </section>
  );
}

function PrefillTable({
  series,
  profiles,
}: {
  series: readonly SweepSeries[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const table = prefillTable(series, useWords());
  if (!table) return null;
  return (
    <div className="card stack">
      <div
        className="table-wrap"
        tabIndex={0}
        role="region"
        aria-labelledby="results-prefill-caption"
      >
        <table className="summary-table prefill-table">
          <caption id="results-prefill-caption">{table.caption}</caption>
          <thead>
            <tr>
              <th rowSpan={2} scope="col">
                {t('results.summary.profile')}
              </th>
              <th colSpan={table.lengths.length} scope="colgroup" className="column-group">
                {table.groups.lengths}
              </th>
              <th colSpan={3} scope="colgroup" className="column-group">
                {table.groups.line}
              </th>
            </tr>
            <tr>
              {table.lengths.map((length) => (
                <th key={length.tokens} scope="col" className="number">
                  {length.heading}
                </th>
              ))}
              <th scope="col" className="number has-help" title={table.columns.slope.help}>
                {table.columns.slope.heading}
              </th>
              <th scope="col" className="number has-help" title={table.columns.fixed.help}>
                {table.columns.fixed.heading}
              </th>
              <th scope="col" className="number" title={table.columns.n.help}>
                {table.columns.n.heading}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => {
              const profile = profileOf(profiles, row.profile_id);
              return (
                <tr
                  key={`${profile.id}-${row.mode}`}
                  data-profile={profile.id}
                  data-mode={row.mode}
                >
                  <th scope="row" className="profile-cell">
                    <ProfileLabel profile={profile} />
                    <span className="figure-note">{row.rowMode}</span>
                  </th>
                  {row.lengths.map((cell) => (
                    <td key={cell.tokens} className="number" data-column={`length-${cell.tokens}`}>
                      <span className="figure-number">{cell.value}</span>
                      <span className="figure-note">{cell.note}</span>
                    </td>
                  ))}
                  <td className="number" data-column="prefill_ms_per_ktok">
                    <span className="figure-number">{row.slope.value}</span>
                    {row.slope.interval !== null && (
                      <span className="figure-note">{row.slope.interval}</span>
                    )}
                  </td>
                  <td className="number" data-column="ttft_fixed_ms">
                    {row.fixed}
                  </td>
                  <td className="number" data-column="n">
                    {row.n}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">{table.note}</p>
    </div>
  );
}
