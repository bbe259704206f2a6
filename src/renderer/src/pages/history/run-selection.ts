// The runs chosen for a comparison: at most two, kept across pages and
// filters, and compared older (A) against newer (B), so that B − A reads as
// "what changed since".

export interface ChosenRun {
  id: string;
  started_at: string;
}

export const MAX_CHOSEN = 2;

/** Adds the run, or removes it when it was chosen; a third run is refused (the list stays). */
export function toggleChosen(chosen: readonly ChosenRun[], run: ChosenRun): ChosenRun[] {
  if (chosen.some((c) => c.id === run.id)) return chosen.filter((c) => c.id !== run.id);
  if (chosen.length >= MAX_CHOSEN) return [...chosen];
  return [...chosen, run];
}

/** The two runs as A (started first) and B; null unless exactly two are chosen. */
export function comparePair(chosen: readonly ChosenRun[]): { a: string; b: string } | null {
  if (chosen.length !== MAX_CHOSEN) return null;
  const [first, second] = [...chosen].sort(
    (x, y) => x.started_at.localeCompare(y.started_at) || x.id.localeCompare(y.id),
  ) as [ChosenRun, ChosenRun];
  return { a: first.id, b: second.id };
}
