// What the app's main process holds for its lifetime, whichever window shows
// it (Electron's, or a browser's in `lasttoken web`): the history (the same
// SQLite file the CLI uses), keys in the OS keychain, the profiles with the
// built-in demo profile (created on first start, so a new user can run
// something without any key), settings, runs, the events they push, and the
// contract's dispatch over all of it. Plain Node: the front end passes in what
// only it knows (where the Electron build of better-sqlite3 is, how to ask
// where to save a file).

import type { Readable } from 'node:stream';
import type { ApiResult, AppEvent } from '../shared/api';
import type { AppInfo } from '../shared/ipc-contract';
import { createHandlers } from './ipc/handlers';
import { createDispatch, parseInput, type Dispatch } from './ipc/dispatch';
import { toApiError } from './ipc/api-error';
import { openRunCsv } from './export/run-csv';
import { NotFoundError } from './ipc/not-found';
import { appReportOptions, makeReport, type ReportFile } from './report/make-report';
import { ProfileService } from './profiles';
import { createEmitter, type Emitter } from './runs';
import { draftEndpoint } from './runs/draft-endpoint';
import { profileEndpoint } from './runs/profile-endpoint';
import { RunService } from './runs/run-service';
import { KeytarKeyStore, type KeyStore } from './secrets';
import { SettingsService } from './settings';
import { BuiltinSimulator } from './sim';
import { openStore, type Store } from './store';

/** A CSV export as a download (browser mode): its file name and its bytes, streamed. */
export interface CsvDownload {
  file_name: string;
  stream: Readable;
}

export interface AppServices {
  store: Store;
  /** For the engine's request path only; everything that faces the renderer goes through `dispatch`. */
  keys: KeyStore;
  profiles: ProfileService;
  settings: SettingsService;
  runs: RunService;
  /** Every AppEvent of every run, delivered off the socket path. */
  events: Pick<Emitter<AppEvent>, 'subscribe'>;
  /** One call of the contract, its input unchecked: the transports' way in. */
  dispatch: Dispatch;
  /** exportCsv's input as a download: browser mode streams it as the response. */
  downloadCsv(input: unknown): Promise<ApiResult<CsvDownload>>;
  /** exportReport's input as a download: browser mode sends it as the response. */
  downloadReport(input: unknown): Promise<ApiResult<ReportFile>>;
  /** Marks running runs interrupted, stops the simulator, closes the history. */
  close(): Promise<void>;
}

export interface AppServicesOptions {
  databasePath: string;
  /** better-sqlite3 built for Electron's ABI (see src/main/store/native-binding.ts). */
  nativeBinding?: string;
  keys?: KeyStore;
  /** What appInfo answers: the app's name and version, and the Electron version if any. */
  identity: Pick<AppInfo, 'name' | 'version' | 'electron' | 'transport'>;
  /**
   * Asks the user where to save an export (Electron: the save dialog), given
   * the file name offered; resolves to the path, or null when cancelled.
   * Absent in browser mode, where exportCsv and exportReport are downloads instead.
   */
  chooseSavePath?: (fileName: string) => Promise<string | null>;
  /** The system's locale (e.g. "zh-CN"), for the language before one is chosen. */
  systemLocale?: string;
  /** Where unexpected errors are logged (default: stderr). */
  log?: (message: string) => void;
}

export function openAppServices(options: AppServicesOptions): AppServices {
  const store = openStore(options.databasePath, { nativeBinding: options.nativeBinding });
  const keys = options.keys ?? new KeytarKeyStore();
  const profiles = new ProfileService(store.profiles, keys);
  profiles.ensureDemoProfile();
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const settings = new SettingsService(store.settings, {
    databasePath: options.databasePath,
    systemLocale: options.systemLocale,
  });
  // A listener that throws (a closed window) is its own problem, never the run's.
  const events = createEmitter<AppEvent>((error) =>
    log(`LastToken: an event listener failed: ${String(error)}`),
  );
  const simulator = new BuiltinSimulator();
  const runs = new RunService({ store, keys, events, simulator, trialTimes: store.history });
  // A run's digest is computed when it ends (in slices, once the event has
  // gone out), so that opening the run reads it. One the closing of the
  // history cuts short (quitting) is computed when the run is first opened.
  const digestEnded = async (run_id: string): Promise<void> => {
    try {
      await store.digests.prepare(run_id, settings.get().reader_pace_tps);
    } catch (error) {
      if (store.db.open) log(`LastToken: the digest of run ${run_id} failed: ${String(error)}`);
    }
  };
  events.subscribe((event) => {
    if (event.type === 'run_finished') setImmediate(() => void digestEnded(event.run_id));
  });
  const dispatch = createDispatch(
    createHandlers({
      identity: options.identity,
      store,
      profiles,
      settings,
      runs,
      endpointOf: (id) => profileEndpoint(id, { profiles: store.profiles, keys, simulator }),
      draftEndpointOf: (draft) => draftEndpoint(draft, { profiles, keys }),
      chooseSavePath: options.chooseSavePath,
      now: () => new Date().toISOString(),
    }),
    (method, error) =>
      log(
        `LastToken: ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    options.databasePath,
  );
  return {
    store,
    keys,
    profiles,
    settings,
    runs,
    events,
    dispatch,
    async downloadCsv(input) {
      const request = parseInput('exportCsv', input);
      if (!request.ok) return request;
      try {
        const pace = settings.get().reader_pace_tps;
        return { ok: true, value: await openRunCsv(store, request.value, pace) };
      } catch (error) {
        return { ok: false, error: toApiError(error, options.databasePath) };
      }
    },
    async downloadReport(input) {
      const request = parseInput('exportReport', input);
      if (!request.ok) return request;
      try {
        const { run_id } = request.value;
        const run = store.history.runRecord(run_id);
        if (!run) throw new NotFoundError({ key: 'app.no_run', values: { run_id } });
        const app = {
          pace: settings.get().reader_pace_tps,
          version: options.identity.version,
          now: () => new Date(),
        };
        const report = await makeReport(
          store,
          { runs: [run] },
          appReportOptions(request.value, app),
        );
        return { ok: true, value: report };
      } catch (error) {
        return { ok: false, error: toApiError(error, options.databasePath) };
      }
    },
    async close() {
      await runs.close();
      store.close();
    },
  };
}
