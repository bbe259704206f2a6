// For a run that swept input lengths: how the first token's time grows with
// the prompt. The chart (each length's median with its interval, the fitted
// line per profile × mode) and a table with the same figures: each length's
// median with its n, then the prefill rate with its interval and the fixed
// part, all from the run's digest (prefill.ts).

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrefillFit } from '../../../../../shared/prefill';
import type { RunDigest } from '../../../../../shared/run-digest';
import { MODES } from '../../../../../shared/trial';
import { ChartCard } from '../../../charts/ChartCard';
import {
  prefillScatterOption,
  type PrefillSeries,
} from '../../../../../shared/charts/prefill-scatter';
import { useChartTheme } from '../../../charts/use-chart-theme';
import type { Formatters } from '../../../i18n/format';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { ProfileLabel } from './ProfileTag';
import { useStableFormat } from './use-results-text';

/** A fit of the run, and whose. */
type SweepSeries = PrefillSeries & { profile_id: string };

/** Every fit of the run, in the run's profile order, stream before plain. */
export function prefillSeries(
  prefill: RunDigest['prefill'],
  profiles: readonly RunProfile[],
): SweepSeries[] {
  return profiles.flatMap((profile) =>
    MODES.flatMap((mode) => {
      const fit = prefill[profile.id]?.[mode];
      return fit
        ? [
            {
              profile_id: profile.id,
              profile: profile.name,
              color: profile.color,
              mode,
              fit,
            },
          ]
        : [];
    }),
  );
}

const HEIGHT = 380;

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
  const format = useStableFormat();
  const theme = useChartTheme();
  const series = useMemo(() => prefillSeries(prefill, profiles), [prefill, profiles]);
  const option = useMemo(() => {
    const modeOf = (s: PrefillSeries) => t(`common.modes.${s.mode}`);
    const first = (fit: PrefillFit) => t(`results.prefill.first.${fit.metric}`);
    return prefillScatterOption(series, theme, {
      xAxis: t('results.prefill.xAxis'),
      yAxis: t('results.prefill.yAxis'),
      legend: (s) => t('results.prefill.legend', { profile: s.profile, mode: modeOf(s) }),
      point: (s, g) => [
        t('results.prefill.point.length', { tokens: format.count(g.input_tokens) }),
        g.prompt_tokens === null
          ? t('results.prefill.point.noUsage')
          : t('results.prefill.point.prompt', { tokens: format.count(g.prompt_tokens) }),
        t('results.prefill.point.median', {
          metric: first(s.fit),
          value: format.ms(g.first_token?.median),
          n: g.n,
        }),
        ...(g.first_token?.median_ci95
          ? [
              t('results.prefill.point.interval', {
                low: format.ms(g.first_token.median_ci95[0]),
                high: format.ms(g.first_token.median_ci95[1]),
              }),
            ]
          : []),
      ],
      line: (s) => [slopeWords(s.fit, format, t), fixedWords(s.fit, format, t)],
      tokens: (value) => format.count(value),
      ms: (value) => format.ms(value),
    });
  }, [series, theme, t, format]);
  if (series.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="results-prefill-title">
      <h2 id="results-prefill-title">{t('results.prefill.title')}</h2>
      <ChartCard
        title={t('results.prefill.chartTitle')}
        description={<p>{t('results.prefill.description')}</p>}
        option={option}
        height={HEIGHT}
        fileName={fileName}
      />
      <PrefillTable series={series} profiles={profiles} />
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function slopeWords(fit: PrefillFit, format: Formatters, t: T): string {
  if (fit.prefill_ms_per_ktok === null) return t('results.prefill.noLine');
  const ci = fit.prefill_ms_per_ktok_ci95;
  return ci === null
    ? t('results.prefill.slopeNoInterval', { value: format.ms(fit.prefill_ms_per_ktok), n: fit.n })
    : t('results.prefill.slope', {
        value: format.ms(fit.prefill_ms_per_ktok),
        low: format.ms(ci[0]),
        high: format.ms(ci[1]),
        n: fit.n,
      });
}

function fixedWords(fit: PrefillFit, format: Formatters, t: T): string {
  return fit.ttft_fixed_ms === null
    ? ''
    : t('results.prefill.fixed', { value: format.ms(fit.ttft_fixed_ms) });
}

function PrefillTable({
  series,
  profiles,
}: {
  series: readonly SweepSeries[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  // Every fit of a run has the run's lengths; a profile that measured none at one still has its column.
  const lengths = [...new Set(series.flatMap((s) => s.fit.groups.map((g) => g.input_tokens)))].sort(
    (a, b) => a - b,
  );
  const usage = series.every((s) => s.fit.x === 'usage');
  return (
    <div className="card stack">
      <div
        className="table-wrap"
        tabIndex={0}
        role="region"
        aria-labelledby="results-prefill-caption"
      >
        <table className="summary-table prefill-table">
          <caption id="results-prefill-caption">{t('results.prefill.caption')}</caption>
          <thead>
            <tr>
              <th rowSpan={2} scope="col">
                {t('results.summary.profile')}
              </th>
              <th colSpan={lengths.length} scope="colgroup" className="column-group">
                {t('results.prefill.group.lengths')}
              </th>
              <th colSpan={3} scope="colgroup" className="column-group">
                {t('results.prefill.group.line')}
              </th>
            </tr>
            <tr>
              {lengths.map((length) => (
                <th key={length} scope="col" className="number">
                  {t('results.prefill.column.length', { tokens: format.count(length) })}
                </th>
              ))}
              <th scope="col" className="number has-help" title={t('results.prefill.help.slope')}>
                {t('results.prefill.column.slope')}
              </th>
              <th scope="col" className="number has-help" title={t('results.prefill.help.fixed')}>
                {t('results.prefill.column.fixed')}
              </th>
              <th scope="col" className="number" title={t('results.prefill.help.n')}>
                {t('results.prefill.column.n')}
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => {
              const profile = profileOf(profiles, s.profile_id);
              const ci = s.fit.prefill_ms_per_ktok_ci95;
              return (
                <tr key={`${profile.id}-${s.mode}`} data-profile={profile.id} data-mode={s.mode}>
                  <th scope="row" className="profile-cell">
                    <ProfileLabel profile={profile} />
                    <span className="figure-note">
                      {t('results.prefill.rowMode', {
                        mode: t(`common.modes.${s.mode}`),
                        metric: t(`results.prefill.first.${s.fit.metric}`),
                      })}
                    </span>
                  </th>
                  {lengths.map((length) => {
                    const group = s.fit.groups.find((g) => g.input_tokens === length);
                    const first = group?.first_token;
                    return (
                      <td key={length} className="number" data-column={`length-${length}`}>
                        <span className="figure-number">{format.msValue(first?.median)}</span>
                        <span className="figure-note">
                          {t('common.units.n', { n: format.count(group?.n ?? 0) })}
                          {group && group.failed > 0
                            ? ` · ${t('results.prefill.failed', { count: group.failed })}`
                            : ''}
                        </span>
                      </td>
                    );
                  })}
                  <td className="number" data-column="prefill_ms_per_ktok">
                    <span className="figure-number">
                      {format.msValue(s.fit.prefill_ms_per_ktok)}
                    </span>
                    {ci && (
                      <span className="figure-note">
                        {t('results.summary.interval', {
                          low: format.msValue(ci[0]),
                          high: format.msValue(ci[1]),
                        })}
                      </span>
                    )}
                  </td>
                  <td className="number" data-column="ttft_fixed_ms">
                    {format.msValue(s.fit.ttft_fixed_ms)}
                  </td>
                  <td className="number" data-column="n">
                    {format.count(s.fit.n)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        {t(usage ? 'results.prefill.note.usage' : 'results.prefill.note.requested')}
      </p>
    </div>
  );
}
