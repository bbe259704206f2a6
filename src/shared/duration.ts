/** A duration for people: milliseconds as seconds with at most three decimals ("0.8 s", "30 s"). */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** As many decimals as a time limit's seconds need (1, 1.5, 0.25), to the millisecond. */
export function secondsDecimals(ms: number): number {
  if (ms % 1000 === 0) return 0;
  if (ms % 100 === 0) return 1;
  return ms % 10 === 0 ? 2 : 3;
}

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

/**
 * A duration as people write it: `30m`, `1h30m`, `90s`, `1.5h`, `500ms`, `2d`
 * (units ms, s, m, h, d; no spaces), in milliseconds; null when the text is not one.
 */
export function parseDuration(text: string): number | null {
  const compact = text.trim().toLowerCase();
  if (!DURATION.test(compact)) return null;
  let ms = 0;
  for (const [, amount, unit] of compact.matchAll(DURATION_PART)) {
    ms += Number(amount) * (DURATION_UNITS[unit as string] as number);
  }
  return Math.round(ms);
}

/** A duration as `parseDuration` reads it, in its largest whole units: `1h30m`, `45s`, `250ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  let rest = Math.round(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join('');
}

/**
 * How many decimals a figure in milliseconds is shown with, everywhere (CLI,
 * results page, charts): whole from 100 ms up (sub-millisecond digits there
 * are noise), one below. Decided on the value as it will read, so 99.96
 * reads "100", not "100.0"; the figure itself is then rounded once, from the
 * stored value, to that many decimals (rounding to tenths first would make
 * 204.452 read 205).
 */
export function msDecimals(ms: number): 0 | 1 {
  return Math.abs(ms) >= 99.95 ? 0 : 1;
}
