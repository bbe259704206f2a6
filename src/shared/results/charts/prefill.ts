// For a run that swept input lengths: how the first token's time grows with
// the prompt, each length's median with its interval and the fitted line per
// profile × mode, from the run's digest (src/shared/prefill.ts).

import type { ChartTheme } from '../../charts/chart-option';
import { prefillScatterOption, type PrefillSeries } from '../../charts/prefill-scatter';
import type { PrefillFit } from '../../prefill';
import type { RunDigest } from '../../run-digest';
import { MODES } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import type { RunProfile } from '../run-profiles';
import type { Words } from '../words';

/** A fit of the run, and whose. */
export type SweepSeries = PrefillSeries & { profile_id: string };

const HEIGHT = 380;

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

export function prefillChart(
  prefill: RunDigest['prefill'],
  profiles: readonly RunProfile[],
  words: Words,
  theme: ChartTheme,
): ChartSpec | null {
  const series = prefillSeries(prefill, profiles);
  if (series.length === 0) return null;
  const { t, format } = words;
  const modeOf = (s: PrefillSeries) => t(`common.modes.${s.mode}`);
  const first = (fit: PrefillFit) => t(`results.prefill.first.${fit.metric}`);
  const option = prefillScatterOption(series, theme, {
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
    line: (s) => [slopeWords(s.fit, words), fixedWords(s.fit, words)],
    tokens: (value) => format.count(value),
    ms: (value) => format.ms(value),
  });
  return {
    id: 'prefill',
    view: null,
    hints: [],
    title: t('results.prefill.chartTitle'),
    description: [t('results.prefill.description')],
    option,
    height: HEIGHT,
  };
}

function slopeWords(fit: PrefillFit, { t, format }: Words): string {
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

function fixedWords(fit: PrefillFit, { t, format }: Words): string {
  return fit.ttft_fixed_ms === null
    ? ''
    : t('results.prefill.fixed', { value: format.ms(fit.ttft_fixed_ms) });
}
