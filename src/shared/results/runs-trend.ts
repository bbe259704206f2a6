// A profile's figures across the runs of a report (a series, or runs named
// together), as the history page's trend has them: per run the counted and
// ok trials, and the median and p95 of the first token, the median gap and
// the total, each with its n. Read from the runs' stored summaries, not from
// their trials.

import type { RunView, TrendFigure, TrendSeries } from '../api';
import type { Distribution } from '../stats';
import { headlineFirstTokenMetric } from '../summary';
import { MODES } from '../trial';

export interface ProfileTrend {
  profile_id: string;
  /** One line per model and mode the profile was measured with, stream first. */
  series: TrendSeries[];
}

const figure = (d: Distribution | undefined): TrendFigure | null =>
  d ? { n: d.n, median: d.median, p95: d.p95 } : null;

/** Every profile of `views` (in the order they first appear), its runs oldest first. */
export function runsTrend(views: readonly RunView[]): ProfileTrend[] {
  const ordered = [...views].sort((a, b) => a.run.started_at.localeCompare(b.run.started_at));
  const shared = ordered[0]?.run.series_id ?? null;
  const series_id = ordered.every((v) => v.run.series_id === shared) ? shared : null;
  const label = ordered[0]?.run.label ?? null;
  const profileIds = [...new Set(ordered.flatMap((v) => v.run.profiles.map((p) => p.id)))];
  return profileIds.map((profile_id) => {
    const lines = new Map<string, TrendSeries>();
    for (const mode of MODES) {
      for (const { run, summaries } of ordered) {
        const model = run.profiles.find((p) => p.id === profile_id)?.model;
        const summary = summaries[profile_id]?.find((s) => s.mode === mode);
        if (model === undefined || !summary) continue;
        const key = `${mode}\u0000${model}`;
        let line = lines.get(key);
        if (!line) lines.set(key, (line = { model, mode, series_id, label, points: [] }));
        line.points.push({
          run_id: run.id,
          started_at: run.started_at,
          label: run.label,
          trials: summary.trials,
          ok: summary.ok,
          first: figure(summary.metrics[headlineFirstTokenMetric(mode)]),
          gap_median: figure(summary.metrics.gap_median_ms),
          total: figure(summary.metrics.total_ms),
        });
      }
    }
    return { profile_id, series: [...lines.values()] };
  });
}
