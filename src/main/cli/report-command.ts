// `lasttoken report`: a report to share of runs or of a series, written as one
// file (or to standard output), in the language and theme asked for. Made as
// the app makes it (report/make-report.ts), from a history it only reads.

import { Readable } from 'node:stream';
import { version } from '../../../package.json';
import type { RunRecord } from '../../shared/run';
import { writeFileAtomically } from '../export';
import { makeReport, type ReportSubject } from '../report/make-report';
import type { Store } from '../store';
import { writeStreamOutput } from './csv-output';
import { jsonText, plural, safeLine } from './format';
import type { CliDeps, CliIo } from './io';
import { findRunRecord, findSeries } from './run-refs';
import type { StoreCommand } from './store-args';
import { withStoreToRead } from './store-session';

type ReportCommand = Extract<StoreCommand, { kind: 'report' }>;

/** A series is read a page of its runs at a time. */
const SERIES_PAGE = 500;

export function runReportCommand(
  command: ReportCommand,
  io: CliIo,
  deps: CliDeps,
): Promise<number> {
  return withStoreToRead(command.target, io, deps, async ({ store }) => {
    const subject = reportSubject(store, command);
    const report = await makeReport(store, subject, {
      language: command.language,
      theme: command.theme,
      format: command.format,
      pace: command.readerPace,
      version,
      now: () => new Date(),
    });
    const source = (): Readable => Readable.from([report.text]);
    if (command.out === '-') {
      await writeStreamOutput(io.stdout, source());
      return 0;
    }
    const out = command.out ?? report.file_name;
    const result = await writeFileAtomically(out, source, 'the report');
    const run_ids = subject.runs.map((run) => run.id);
    io.stdout.write(
      command.target.json
        ? `${jsonText({ ...result, format: command.format, run_ids })}\n`
        : safeLine`wrote ${result.path} (${plural(result.bytes, 'byte')}, ${command.format} report of ${plural(run_ids.length, 'run')})\n`,
    );
    return 0;
  });
}

function reportSubject(store: Store, command: ReportCommand): ReportSubject {
  if (command.series === null) {
    return { runs: command.runs.map((ref) => findRunRecord(store, ref)) };
  }
  const series_id = findSeries(store, command.series);
  const runs: RunRecord[] = [];
  for (let offset = 0; ; offset += SERIES_PAGE) {
    const page = store.history.listRuns({ series_id, order: 'oldest', limit: SERIES_PAGE, offset });
    // A run deleted meanwhile (another process) is left out.
    runs.push(...page.flatMap((item) => store.history.runRecord(item.id) ?? []));
    if (page.length < SERIES_PAGE) break;
  }
  return { series_id, runs };
}
