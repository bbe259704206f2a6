// `lasttoken history`, `show` and `export`: reading the runs back. A run is
// named by its id or by the start of it, as long as only one run matches.

import { prefillByProfile } from '../../shared/run-digest';
import { runComparisons } from '../../shared/comparisons';
import type { RunDetail } from '../../shared/run';
import { csvDataOf, writeCsvFile } from '../export';
import { ProfileNotFoundError } from '../profiles';
import { detailAtPace } from '../store/run-at-pace';
import { writeCsvOutput } from './csv-output';
import { jsonText, plural, safeLine } from './format';
import type { CliDeps, CliIo } from './io';
import { summaryRows } from './run-command';
import { exportRunFile, runAsMeasured } from './run-file-command';
import { SHORT_SERIES } from './run-series';
import { localTime, renderRunHeader, renderRunReport } from './run-report';
import type { StoreCommand } from './store-args';
import { withStoreToRead } from './store-session';
import { renderTable } from './table';
import { findRun, findSeries } from './run-refs';

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
          series_id: filter.series === null ? undefined : findSeries(store, filter.series),
          limit: filter.limit,
        });
        if (json) {
          io.stdout.write(`${jsonText(runs)}\n`);
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
            ['id', 'started', 'status', 'series', 'label', 'profiles', 'ok', 'failed'],
            runs.map((run) => [
              run.id,
              localTime(run.started_at),
              run.status,
              run.series_id?.slice(0, SHORT_SERIES) ?? '-',
              run.label ?? '-',
              run.profiles.map((p) => p.name).join(', '),
              String(run.ok),
              String(run.failed),
            ]),
            { rightAligned: [6, 7], maxWidth: { 4: 24, 5: 48 } },
          ),
        );
        if (runs.length === filter.limit) {
          io.stderr.write(`showing the newest ${runs.length}; --limit N shows more\n`);
        }
        return 0;
      }
      case 'show': {
        const detail = atPace(findRun(store, command.run), command.readerPace);
        io.stdout.write(
          json
            ? `${jsonText({ run: runAsMeasured(detail), summary: summaryRows(detail), prefill: prefillByProfile(detail.trials), trials: detail.trials, comparisons: runComparisons(detail) })}\n`
            : `${renderRunHeader(detail)}\n${renderRunReport(detail)}`,
        );
        return 0;
      }
      case 'export': {
        const detail = atPace(findRun(store, command.run), command.readerPace);
        const options = { bom: command.bom };
        const { out, format } = command;
        if (format === 'json') return exportRunFile(detail, out, io, json);
        // Streamed row by row (to the output or into the file): the CSV text is never held whole.
        const data = csvDataOf(detail, format);
        if (out === null) {
          // Standard output carries the CSV and nothing else.
          await writeCsvOutput(io.stdout, format, data, options);
          return 0;
        }
        const result = await writeCsvFile(out, format, data, options);
        io.stdout.write(
          json
            ? `${jsonText({ run_id: detail.run.id, kind: format, ...result })}\n`
            : safeLine`wrote ${result.path} (${plural(result.bytes, 'byte')}, ${format} of run ${detail.run.id})\n`,
        );
        return 0;
      }
    }
  });
}

/** The run at --reader-pace, or as measured. */
function atPace(detail: RunDetail, pace: number | null): RunDetail {
  return pace === null ? detail : detailAtPace(detail, pace);
}
