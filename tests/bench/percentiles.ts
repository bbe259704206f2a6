import { quantile } from '../../src/shared/stats';

export interface ErrorFigures {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** Percentiles of absolute errors: how far a measurement can be off, either way. */
export function errorFigures(errors: readonly number[]): ErrorFigures | null {
  if (errors.length === 0) return null;
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] as number,
  };
}

export function formatErrorFigures(
  label: string,
  figures: ErrorFigures | null,
  targetP95?: number,
): string {
  if (!figures) return `${label.padEnd(46)} no samples`;
  const ms = (v: number): string => `${v.toFixed(3)} ms`.padStart(10);
  const verdict =
    targetP95 === undefined
      ? ''
      : figures.p95 <= targetP95
        ? `  ok (p95 ≤ ${targetP95} ms)`
        : `  OVER TARGET (p95 ≤ ${targetP95} ms)`;
  return `${label.padEnd(46)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  max ${ms(figures.max)}  n=${figures.n}${verdict}`;
}

/** Whether a worst case (or a percentile) stays under its target, for the printed line. */
export function underTarget(value: number, target: number, what = ''): string {
  const bound = `${what}< ${target} ms`;
  return value < target ? `ok (${bound})` : `OVER TARGET (${bound})`;
}
