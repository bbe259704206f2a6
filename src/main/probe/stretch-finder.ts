// Finds where a text repeats part of a secret: every stretch of at least a
// target's `min` characters that is also in the target (a key, or one of its
// encoded forms). Redaction runs on every text a provider sends, megabytes
// at times, and a key has dozens of such pieces: searching for each piece is
// one pass over the text per piece. Here the text is looked up once, in steps
// short enough that any stretch of `min` holds a whole step, and each stretch
// is grown both ways from the first step it holds only (a long echo is grown
// once, not once per step).

export type Span = [start: number, end: number];

export interface StretchTarget {
  text: string;
  /** The shortest stretch that counts; at least 2. */
  min: number;
}

/** A function that adds [start, end) of every such stretch of a text to `spans`. */
export function stretchFinder(
  targets: readonly StretchTarget[],
): (text: string, spans: Span[]) => void {
  const usable = targets.filter((target) => target.text.length >= target.min);
  if (usable.length === 0) return () => {};
  // A stretch of min characters starting anywhere holds a whole step when 2 steps - 1 <= min.
  const step = Math.floor((Math.min(...usable.map((target) => target.min)) + 1) / 2);
  const anchors = new Map<string, [target: StretchTarget, at: number][]>();
  for (const target of usable) {
    for (let at = 0; at + step <= target.text.length; at++) {
      const anchor = target.text.slice(at, at + step);
      const hits = anchors.get(anchor);
      if (hits) hits.push([target, at]);
      else anchors.set(anchor, [[target, at]]);
    }
  }
  return (text, spans) => {
    for (let p = 0; p + step <= text.length; p += step) {
      for (const [{ text: form, min }, at] of anchors.get(text.slice(p, p + step)) ?? []) {
        let before = 0;
        while (
          before < step &&
          before < at &&
          before < p &&
          text[p - before - 1] === form[at - before - 1]
        ) {
          before++;
        }
        // A whole step back matches too: the previous step found this stretch already.
        if (before === step) continue;
        let after = step;
        while (at + after < form.length && text[p + after] === form[at + after]) after++;
        if (before + after >= min) addSpan(spans, p - before, p + after);
      }
    }
  };
}

/** Adds [start, end) to `spans`, into the last one when they overlap: a text dense with echoes keeps few spans. */
function addSpan(spans: Span[], start: number, end: number): void {
  const last = spans.at(-1);
  if (last && start >= last[0] && start <= last[1]) last[1] = Math.max(last[1], end);
  else spans.push([start, end]);
}
