// How a page of a run's trials is ordered (historyTrials): the run's order
// (profile by profile, stream before plain, by trial), the same with every
// failed trial first, or by one of a trial's main figures. Sorting is main's:
// a page of a 100,000-trial run is one of many, never sorted in the renderer.

/** The figures a trials table sorts by; each has its own index (store migration 017). */
export const TRIAL_SORT_FIGURES = [
  'ttft_ms',
  'total_ms',
  'gap_max_ms',
  'tokens',
  'e2e_tps',
] as const;
export type TrialSortFigure = (typeof TRIAL_SORT_FIGURES)[number];

export const SORT_DIRECTIONS = ['ascending', 'descending'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** `run`: the run's order; `failed_first`: every trial that did not end ok, then the ok ones, each in the run's order. */
export const TRIAL_ORDERS = ['run', 'failed_first'] as const;
export type TrialOrder = (typeof TRIAL_ORDERS)[number];

/**
 * By one figure, in either direction; trials without it (a plain trial's
 * TTFT, a failure's total) come last either way, in the order they were saved.
 * Ties go in the order the trials were saved, reversed when descending (so
 * that the figure's index alone gives the order).
 */
export interface TrialSort {
  figure: TrialSortFigure;
  direction: SortDirection;
}
