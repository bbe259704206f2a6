// Two stored runs side by side, as data: per profile (by id) and mode, the
// key figures of each run with their 95% interval and n, the difference
// B − A, and how far the data supports reading it. Overlapping intervals are
// read as "within noise" and n < 2 as "too few trials": no winner is claimed
// that the data does not support (paired verdicts are a later addition).

import type { RunView } from '../../../../shared/api';
import type { ProfileSnapshot, RunConfig } from '../../../../shared/run';
import type { Distribution } from '../../../../shared/stats';
import type { ModeSummary } from '../../../../shared/summary';
import { MODES, type Mode, type SummaryMetric } from '../../../../shared/trial';

export type CompareMetric = 'ttft_ms' | 'first_byte_ms' | 'gap_median_ms' | 'total_ms' | 'e2e_tps';

/** The figures compared, per mode: plain mode has no token stream, so no TTFT and no gaps. */
export const COMPARED_METRICS: Record<Mode, readonly CompareMetric[]> = {
  stream: ['ttft_ms', 'gap_median_ms', 'total_ms', 'e2e_tps'],
  plain: ['first_byte_ms', 'total_ms', 'e2e_tps'],
};

export interface CompareFigure {
  median: number;
  ci95: [number, number] | null;
  n: number;
}

export type Reading =
  /** A side has no figure (mode not measured, or no ok trial measured it). */
  | 'missing'
  /** A side has n < 2: no interval, so no reading. */
  | 'too_few'
  /** The 95% intervals of the medians overlap. */
  | 'within_noise'
  | 'b_lower'
  | 'b_higher';

export interface MetricComparison {
  metric: CompareMetric;
  a: CompareFigure | null;
  b: CompareFigure | null;
  /** B − A of the medians; null when a side is missing. */
  difference: number | null;
  /** difference / A's median; null when a side is missing or A's median is 0. */
  relative: number | null;
  reading: Reading;
}

export interface SideCounts {
  trials: number;
  ok: number;
}

export interface ProfileModeComparison {
  profile_id: string;
  mode: Mode;
  /** The profile's name and model as each run's snapshot has them (a profile may change between runs). */
  a: { name: string; model: string; counts: SideCounts | null };
  b: { name: string; model: string; counts: SideCounts | null };
  metrics: MetricComparison[];
}

/** Config fields whose difference changes what the figures measure. */
export const FIGURE_CHANGING_FIELDS = [
  'prompt',
  'max_tokens',
  'reuse_connection',
  'warmup',
] as const;

export type ConfigField =
  | (typeof FIGURE_CHANGING_FIELDS)[number]
  | 'modes'
  | 'trials'
  | 'connect_timeout_ms'
  | 'idle_timeout_ms'
  | 'stall_ms'
  | 'deadline_ms';

export interface RunComparisonView {
  rows: ProfileModeComparison[];
  onlyInA: ProfileSnapshot[];
  onlyInB: ProfileSnapshot[];
  /** Config fields that differ between the runs. */
  differences: ConfigField[];
}

function figure(distribution: Distribution | undefined): CompareFigure | null {
  return distribution
    ? { median: distribution.median, ci95: distribution.median_ci95, n: distribution.n }
    : null;
}

export function readDifference(a: CompareFigure | null, b: CompareFigure | null): Reading {
  if (!a || !b) return 'missing';
  if (!a.ci95 || !b.ci95) return 'too_few';
  const overlap = Math.max(a.ci95[0], b.ci95[0]) <= Math.min(a.ci95[1], b.ci95[1]);
  if (overlap) return 'within_noise';
  return b.median < a.median ? 'b_lower' : 'b_higher';
}

export function compareMetric(
  metric: CompareMetric,
  a: ModeSummary | undefined,
  b: ModeSummary | undefined,
): MetricComparison {
  const figureA = figure(a?.metrics[metric as SummaryMetric]);
  const figureB = figure(b?.metrics[metric as SummaryMetric]);
  const difference = figureA && figureB ? figureB.median - figureA.median : null;
  return {
    metric,
    a: figureA,
    b: figureB,
    difference,
    relative:
      difference !== null && figureA && figureA.median !== 0 ? difference / figureA.median : null,
    reading: readDifference(figureA, figureB),
  };
}

function configValues(config: RunConfig): Record<ConfigField, unknown> {
  return {
    prompt: config.prompt,
    max_tokens: config.max_tokens,
    reuse_connection: config.reuse_connection,
    warmup: config.warmup,
    modes: [...config.modes].sort().join(','),
    trials: config.trials,
    connect_timeout_ms: config.limits.connect_timeout_ms,
    idle_timeout_ms: config.limits.idle_timeout_ms,
    stall_ms: config.limits.stall_ms,
    deadline_ms: config.limits.deadline_ms,
  };
}

export function configDifferences(a: RunConfig, b: RunConfig): ConfigField[] {
  const valuesA = configValues(a);
  const valuesB = configValues(b);
  return (Object.keys(valuesA) as ConfigField[]).filter(
    (field) => valuesA[field] !== valuesB[field],
  );
}

function counts(summary: ModeSummary | undefined): SideCounts | null {
  return summary ? { trials: summary.trials, ok: summary.ok } : null;
}

export function compareRuns(a: RunView, b: RunView): RunComparisonView {
  const inB = new Map(b.run.profiles.map((p) => [p.id, p]));
  const inA = new Set(a.run.profiles.map((p) => p.id));
  const modes = MODES.filter(
    (m) => a.run.config.modes.includes(m) || b.run.config.modes.includes(m),
  );
  const rows: ProfileModeComparison[] = [];
  for (const profileA of a.run.profiles) {
    const profileB = inB.get(profileA.id);
    if (!profileB) continue;
    for (const mode of modes) {
      const summaryA = a.summaries[profileA.id]?.find((s) => s.mode === mode);
      const summaryB = b.summaries[profileB.id]?.find((s) => s.mode === mode);
      rows.push({
        profile_id: profileA.id,
        mode,
        a: { name: profileA.name, model: profileA.model, counts: counts(summaryA) },
        b: { name: profileB.name, model: profileB.model, counts: counts(summaryB) },
        metrics: COMPARED_METRICS[mode].map((metric) => compareMetric(metric, summaryA, summaryB)),
      });
    }
  }
  return {
    rows,
    onlyInA: a.run.profiles.filter((p) => !inB.has(p.id)),
    onlyInB: b.run.profiles.filter((p) => !inA.has(p.id)),
    differences: configDifferences(a.run.config, b.run.config),
  };
}

/** "+12 ms", "−3.1 ms"; a difference that rounds to nothing reads "0.0 ms", never "-0.0 ms". */
export function signedText(value: number, format: (value: number) => string): string {
  const magnitude = format(Math.abs(value));
  if (magnitude === format(0)) return magnitude;
  return `${value > 0 ? '+' : '−'}${magnitude}`;
}
