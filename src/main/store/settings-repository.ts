// The settings table: one JSON value per key. What the values mean, their
// defaults and their checks belong to the settings service.

import type { Database, Statement } from 'better-sqlite3';

export class SettingsRepository {
  private readonly selectAll: Statement<[], { key: string; value: string }>;
  private readonly upsert: Statement<[string, string]>;
  private readonly writeAll: (values: Record<string, unknown>) => void;

  constructor(db: Database) {
    this.selectAll = db.prepare('SELECT key, value FROM settings');
    this.upsert = db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.writeAll = db.transaction((values: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(values))
        this.upsert.run(key, JSON.stringify(value));
    });
  }

  /** Every stored setting, parsed; a value that is not valid for its key is the service's to judge. */
  read(): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const row of this.selectAll.all()) values[row.key] = JSON.parse(row.value) as unknown;
    return values;
  }

  /** Stores these settings in one transaction; the others stay as they are. */
  write(values: Record<string, unknown>): void {
    this.writeAll(values);
  }
}
