// Which of a run's trials a page sorted by a figure holds (historyTrials'
// sort): read along that figure's index (migration 017), the trials that
// have the figure in its order, then those without it in the order they
// were saved. A page costs a stretch of one index, never a sort of the run.

import type { Database, Statement } from 'better-sqlite3';
import type { Mode, TrialStatus } from '../../shared/trial';
import { TRIAL_SORT_FIGURES, type TrialSort, type TrialSortFigure } from '../../shared/trial-order';

/** `failed`: every status but ok. */
const STATUS_FILTER = `(@status IS NULL OR t.status = @status OR (@status = 'failed' AND t.status != 'ok'))`;

/** The filter of a table of trials (TrialFilterParameters), over `trials t`. */
export const TRIAL_FILTER = `${STATUS_FILTER}
        AND (@profile_id IS NULL OR t.profile_id = @profile_id)
        AND (@mode IS NULL OR t.mode = @mode)`;

export interface TrialFilterParameters {
  run_id: string;
  profile_id: string | null;
  mode: Mode | null;
  status: TrialStatus | 'failed' | null;
}

interface PageParameters extends TrialFilterParameters {
  limit: number;
  offset: number;
}

interface FigureStatements {
  ascending: Statement<[PageParameters], number>;
  descending: Statement<[PageParameters], number>;
  /** Those without the figure, as saved. */
  missing: Statement<[PageParameters], number>;
  valued: Statement<[TrialFilterParameters], number>;
}

export class SortedTrials {
  private readonly statements: Record<TrialSortFigure, FigureStatements>;

  constructor(db: Database) {
    const entries = TRIAL_SORT_FIGURES.map((figure) => {
      // The figure's name comes from the list above, never from a caller.
      const rowids = (where: string, order: string) =>
        db
          .prepare<[PageParameters], number>(
            `SELECT t.rowid FROM trials t
             WHERE t.run_id = @run_id AND ${where} AND ${TRIAL_FILTER}
             ORDER BY ${order} LIMIT @limit OFFSET @offset`,
          )
          .pluck();
      const has = `t.${figure} IS NOT NULL`;
      const statements: FigureStatements = {
        ascending: rowids(has, `t.${figure}, t.rowid`),
        descending: rowids(has, `t.${figure} DESC, t.rowid DESC`),
        missing: rowids(`t.${figure} IS NULL`, 't.rowid'),
        valued: db
          .prepare<[TrialFilterParameters], number>(
            `SELECT count(*) FROM trials t WHERE t.run_id = @run_id AND ${has} AND ${TRIAL_FILTER}`,
          )
          .pluck(),
      };
      return [figure, statements] as const;
    });
    this.statements = Object.fromEntries(entries) as Record<TrialSortFigure, FigureStatements>;
  }

  /** The rowids of one page of the filtered trials in `sort`'s order. */
  rowids(filter: TrialFilterParameters, sort: TrialSort, limit: number, offset: number): number[] {
    const statements = this.statements[sort.figure];
    const valued = statements[sort.direction].all({ ...filter, limit, offset });
    if (valued.length === limit) return valued;
    // The page reaches past the trials with the figure: how many there are
    // is counted only then, and it is where the page began when it holds none.
    const before = valued.length > 0 ? offset + valued.length : statements.valued.get(filter);
    const missing = statements.missing.all({
      ...filter,
      limit: limit - valued.length,
      offset: Math.max(0, offset - (before ?? 0)),
    });
    return [...valued, ...missing];
  }
}
