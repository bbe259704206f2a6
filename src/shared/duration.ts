/** A duration for people: milliseconds as seconds with at most three decimals ("0.8 s", "30 s"). */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
