// A run's trials one at a time, read a page at a time in the order they were
// saved: for the passes that visit every trial of a run of any length (its
// digest, its chart data). Each page is one short statement read whole, so
// nothing holds the connection between two pages (better-sqlite3 refuses
// every other statement while one is being iterated) and a pass may let the
// event loop run in between (src/main/slices.ts). A pass reads only the
// fields it needs: building whole rows is most of what reading a long run
// costs.
//
// Pages follow the rowid within the span of rowids the run's trials have:
// SQLite walks that stretch of the table itself, never the rest of the
// history, and needs no sort.

import type { Database, Statement } from 'better-sqlite3';
import type { Trial } from '../../shared/trial';
import { columnsOfFields, fieldsOfRow, type StoredTrialFields, type TrialRow } from './trial-row';

/** Trials per page, when their timelines are read and when only figures are. */
const TIMELINE_PAGE = 100;
const FIGURES_PAGE = 500;

interface Span {
  first: number | null;
  last: number | null;
}

interface PageParameters {
  run_id: string;
  after: number;
  last: number;
  limit: number;
}

type PagedRow = TrialRow & { row_id: number };

export class RunTrialPages {
  private readonly selectSpan: Statement<[string], Span>;
  /** By the fields read. */
  private readonly selectPage = new Map<string, Statement<[PageParameters], PagedRow>>();

  constructor(private readonly db: Database) {
    this.selectSpan = db.prepare(
      'SELECT min(rowid) AS first, max(rowid) AS last FROM trials WHERE run_id = ?',
    );
  }

  /**
   * Every trial of the run with only these fields, one at a time (a timeline
   * among them is decoded when iteration reaches its trial).
   */
  *fields<F extends keyof Trial>(
    run_id: string,
    fields: readonly F[],
  ): Generator<StoredTrialFields<F>, void> {
    const { first, last } = this.selectSpan.get(run_id) ?? { first: null, last: null };
    if (first === null || last === null) return;
    const select = this.statementFor(fields);
    const limit = fields.includes('timeline' as F) ? TIMELINE_PAGE : FIGURES_PAGE;
    let after = first - 1;
    for (;;) {
      const rows = select.all({ run_id, after, last, limit });
      for (const row of rows) yield fieldsOfRow(row, fields);
      const final = rows[rows.length - 1];
      if (!final || rows.length < limit) return;
      after = final.row_id;
    }
  }

  private statementFor(fields: readonly (keyof Trial)[]): Statement<[PageParameters], PagedRow> {
    const key = fields.join();
    let select = this.selectPage.get(key);
    if (!select) {
      const columns = columnsOfFields(fields).map((column) => `t.${column}`);
      // NOT INDEXED: along the table's rowids, not an index of the run's trials and a sort.
      select = this.db.prepare(`
        SELECT t.rowid AS row_id, ${columns.join(', ')} FROM trials t NOT INDEXED
        WHERE t.rowid > @after AND t.rowid <= @last AND t.run_id = @run_id
        ORDER BY t.rowid LIMIT @limit`);
      this.selectPage.set(key, select);
    }
    return select;
  }
}
