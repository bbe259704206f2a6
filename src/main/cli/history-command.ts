// `lasttoken history`, `show` and `export`: reading the runs back. A run is
// named by its id or by the start of it, as long as only one run matches.

import type { RunDetail } from '../../shared/run';
import { writeCsvFile, type CsvFileResult } from '../export';
import { ProfileNotFoundError } from '../profiles';
import type { Store } from '../store';
import { writeCsvOutput } from './csv-output';
import { plural } from './format';
import type { CliDeps, CliIo } from './io';
import { UsageError, shownRef } from './options';
import { summaryRows } from './run-command';
import { localTime, renderRunHeader, renderRunReport } from './run-report';
import type { StoreCommand } from './store-args';
import { withStoreToRead } from './store-session';
import { renderTable, truncate } from './table';

type HistoryCommand = Extract<StoreCommand, { kind: 'history' | 'show' | 'export' }>;

export function runHistoryCommand(
  command: HistoryCommand,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  // All three only read: a read-only history serves them as well.
  return withStoreToRead(command.target, io, deps, async ({ store, profiles }) => {
    const json = command.target.json;
    switch (command.kind) {
      case 'history': {
        const { filter } = command;
        let profileId: string | undefined;
        if (filter.profile !== null) {
          try {
            profileId = profiles.find(filter.profile).id;
          } catch (error) {
            // A removed profile's runs keep its id.
            if (!(error instanceof ProfileNotFoundError)) throw error;
            profileId = filter.profile;
          }
        }
        const runs = store.history.listRuns({
          profile_id: profileId,
          model: filter.model ?? undefined,
          from: filter.since ?? undefined,
          to: filter.until ?? undefined,
          limit: filter.limit,
        });
        if (json) {
          io.stdout.write(`${JSON.stringify(runs)}\n`);
          return 0;
        }
        if (runs.length === 0) {
          const filtered = Object.entries(filter).some(([k, v]) => k !== 'limit' && v !== null);
          io.stderr.write(
            filtered ? 'no runs match\n' : 'no runs yet: try lasttoken run --profiles demo\n',
          );
          return 0;
        }
        io.stdout.write(
          renderTable(
            ['id', 'started', 'status', 'profiles', 'ok', 'failed'],
            runs.map((run) => [
              run.id,
              localTime(run.started_at),
              run.status,
              truncate(run.profiles.map((p) => p.name).join(', '), 48),
              String(run.ok),
              String(run.failed),
            ]),
            { rightAligned: [4, 5] },
          ),
        );
        if (runs.length === filter.limit) {
          io.stderr.write(`showing the newest ${runs.length}; --limit N shows more\n`);
        }
        return 0;
      }
      case 'show': {
        const detail = findRun(store, command.run);
        io.stdout.write(
          json
            ? `${JSON.stringify({ run: detail.run, summary: summaryRows(detail), trials: detail.trials })}\n`
            : `${renderRunHeader(detail)}\n${renderRunReport(detail)}`,
        );
        return 0;
      }
      case 'export': {
        const detail = findRun(store, command.run);
        const options = { bom: command.bom };
        const { out } = command;
        if (out === null) {
          // Standard output carries the CSV and nothing else.
          if (command.csv === 'summary') {
            await writeCsvOutput(
              io.stdout,
              'summary',
              { run: detail.run, summaries: detail.summaries },
              options,
            );
          } else {
            await writeCsvOutput(
              io.stdout,
              command.csv,
              { run: detail.run, trials: detail.trials },
              options,
            );
          }
          return 0;
        }
        let result: CsvFileResult;
        switch (command.csv) {
          case 'summary':
            result = await writeCsvFile(
              out,
              'summary',
              { run: detail.run, summaries: detail.summaries },
              options,
            );
            break;
          case 'trials':
          case 'chunks':
            // Streamed row by row into the file: the CSV text is never held whole.
            result = await writeCsvFile(
              out,
              command.csv,
              { run: detail.run, trials: detail.trials },
              options,
            );
            break;
        }
        io.stdout.write(
          json
            ? `${JSON.stringify({ run_id: detail.run.id, kind: command.csv, ...result })}\n`
            : `wrote ${result.path} (${plural(result.bytes, 'byte')}, ${command.csv} of run ${detail.run.id})\n`,
        );
        return 0;
      }
    }
  });
}

const RUN_ID_PREFIX = /^[0-9a-f-]{4,}$/i;

/** The run with this id, or the only run whose id starts with it. */
function findRun(store: Store, ref: string): RunDetail {
  const exact = store.history.getRun(ref);
  if (exact) return exact;
  if (RUN_ID_PREFIX.test(ref)) {
    // Hex digits and dashes only: no LIKE wildcard can be in the prefix.
    const matches = store.db
      .prepare<[string], { id: string }>('SELECT id FROM runs WHERE id LIKE ? LIMIT 2')
      .all(`${ref}%`);
    if (matches.length > 1) {
      throw new UsageError(`several runs start with ${shownRef(ref)}: give more of the id`);
    }
    const detail = matches[0] && store.history.getRun(matches[0].id);
    if (detail) return detail;
  }
  throw new UsageError(`no run ${shownRef(ref)} in this history (lasttoken history lists them)`);
}
