// Small helpers for turning values into row values and rows into SQL.

/** SQLite has no boolean type and better-sqlite3 binds none: 0 and 1 stand in. */
export type Bit = 0 | 1;

export const toBit = (value: boolean): Bit => (value ? 1 : 0);
export const fromBit = (value: Bit): boolean => value === 1;

/** `INSERT INTO table (a, b) VALUES (@a, @b)`, bound from an object of the same keys. */
export function insertSql(table: string, columns: readonly string[]): string {
  const values = columns.map((column) => `@${column}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`;
}
