// Largest-Triangle-Three-Buckets (Steinarsson, 2013): thins a long series to a
// given number of points that a chart draws as the same shape. Every kept
// point is one of the input's, unchanged (a thinned arrival line never shows a
// token at a time it did not arrive), the first and the last always among
// them. Hand-written: the few lines of the algorithm are less to audit than
// a dependency for them.

export type Point = readonly [x: number, y: number];

export function lttb<P extends Point>(points: readonly P[], threshold: number): P[] {
  const n = points.length;
  if (threshold >= n || threshold < 3) return [...points];
  const kept: P[] = [points[0] as P];
  // The points between the first and the last, in threshold − 2 buckets.
  const bucketSize = (n - 2) / (threshold - 2);
  let previous = points[0] as P;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    // The next bucket's average is the third corner of each candidate's triangle.
    const nextStart = end;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, n);
    let avgX = 0;
    let avgY = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      avgX += (points[i] as P)[0];
      avgY += (points[i] as P)[1];
    }
    const count = Math.max(1, nextEnd - nextStart);
    avgX /= count;
    avgY /= count;
    let best = points[start] as P;
    let bestArea = -1;
    for (let i = start; i < end; i++) {
      const candidate = points[i] as P;
      const area = Math.abs(
        (previous[0] - avgX) * (candidate[1] - previous[1]) -
          (previous[0] - candidate[0]) * (avgY - previous[1]),
      );
      if (area > bestArea) {
        bestArea = area;
        best = candidate;
      }
    }
    kept.push(best);
    previous = best;
  }
  kept.push(points[n - 1] as P);
  return kept;
}
