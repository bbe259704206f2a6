import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lttb, type Point } from '../../src/shared/lttb';

describe('lttb', () => {
  it('leaves a series at or under the threshold as it is', () => {
    const points: Point[] = [
      [0, 0],
      [1, 5],
      [2, 3],
    ];
    expect(lttb(points, 3)).toEqual(points);
    expect(lttb(points, 10)).toEqual(points);
  });

  it('keeps the peak of a spike that a plain decimation would drop', () => {
    const points: Point[] = Array.from({ length: 1000 }, (_, i) => [i, i === 501 ? 100 : 0]);
    const kept = lttb(points, 20);
    expect(kept).toHaveLength(20);
    expect(kept).toContainEqual([501, 100]);
  });

  it('keeps exactly threshold points, all from the input, in order, the first and last included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.integer()), {
          minLength: 3,
          maxLength: 300,
        }),
        fc.integer({ min: 3, max: 100 }),
        (raw, threshold) => {
          const points = raw
            .map(([x, y], i): Point => [i * 1000 + x / 1e4, y])
            .sort((a, b) => a[0] - b[0]);
          const kept = lttb(points, threshold);
          expect(kept).toHaveLength(Math.min(threshold, points.length));
          expect(kept[0]).toBe(points[0]);
          expect(kept.at(-1)).toBe(points.at(-1));
          let last = -1;
          for (const point of kept) {
            const index = points.indexOf(point);
            expect(index).toBeGreaterThan(last);
            last = index;
          }
        },
      ),
    );
  });
});
