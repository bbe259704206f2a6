// A history file as an older LastToken left it: this build's first `version`
// migrations, holding rows copied from a history this build wrote. Each table
// takes only the columns it had then; the later ones did not exist yet.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { applyMigrations } from '../../src/main/store/migrate';
import { MIGRATIONS } from '../../src/main/store/migrations';

export function olderHistory(path: string, version: number, sourcePath: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  applyMigrations(db, MIGRATIONS.slice(0, version));
  db.exec(`ATTACH DATABASE '${sourcePath.replace(/'/g, "''")}' AS measured`);
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT IN ('schema_migrations', 'sqlite_sequence')",
    )
    .all();
  for (const { name } of tables) {
    const columns = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}', 'main')`)
      .all()
      .map((c) => c.name)
      .join(', ');
    db.exec(
      `DELETE FROM main.${name}; INSERT INTO main.${name} (${columns}) SELECT ${columns} FROM measured.${name}`,
    );
  }
  db.exec('DETACH DATABASE measured');
  db.close();
}
