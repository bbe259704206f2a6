// Main's answers to the contract's methods. Each is a thin call into a
// service; no Electron here, so the same handlers serve the app's window, the
// browser mode and plain-Node tests. Nothing here returns a key or a proxy's
// credentials: keys go in through keysSet, credentials through a profile's
// write-only proxy_credentials, and out only into a request (profileEndpoint).

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { KeyStatus, RunView } from '../../shared/api';
import type { AppInfo, IpcContract } from '../../shared/ipc-contract';
import { PROVIDER_PRESETS } from '../../shared/presets';
import type { Profile, RunRecord } from '../../shared/run';
import { storedRunCharts } from '../charts/run-charts';
import { compareRuns } from '../compare-runs';
import { csvFileName, exportFileName, saveRunCsv } from '../export/run-csv';
import { runFileStream } from '../export/run-file';
import { pagedTrials } from '../export/stored-trials';
import { importRunTexts } from '../export/run-import';
import { writeFileAtomically } from '../export';
import { appReportOptions, makeReport, reportFileName } from '../report/make-report';
import { listModels, testConnection, type EndpointSpec } from '../probe';
import { BuiltinProfileError, type ProfileService } from '../profiles';
import type { DraftRequest } from '../runs/draft-endpoint';
import type { RunService } from '../runs/run-service';
import { KeychainUnavailableError } from '../secrets';
import type { SettingsService } from '../settings';
import type { Store } from '../store';
import type { HandlersFor } from './dispatch';
import { NotFoundError } from './not-found';

/** What two runs' differences read of each trial (run-pair.ts). */

export interface HandlerDeps {
  identity: Pick<AppInfo, 'name' | 'version' | 'electron' | 'transport'>;
  store: Pick<Store, 'history' | 'runs' | 'trialPages' | 'digests' | 'profileChecks' | 'writable'>;
  /** The time now, as an ISO string: when a connection test was made. */
  now: () => string;
  profiles: ProfileService;
  settings: SettingsService;
  runs: RunService;
  /** A saved profile as the endpoint a one-off request goes to, its key read for that request. */
  endpointOf: (profile_id: string) => Promise<EndpointSpec>;
  /** The profile form as it stands as an endpoint, saving nothing (draft-endpoint.ts). */
  draftEndpointOf: (draft: DraftRequest) => Promise<EndpointSpec>;
  /** Where to save an export (the app's save dialog); absent in browser mode (a download there). */
  chooseSavePath?: ((fileName: string) => Promise<string | null>) | undefined;
}

/** "Name (copy)", or "Name (copy 2)"... : the first that no profile has. */
function copyName(name: string, taken: readonly Profile[]): string {
  const names = new Set(taken.map((p) => p.name.trim().toLocaleLowerCase()));
  for (let n = 1; ; n++) {
    const candidate = `${name} (copy${n === 1 ? '' : ` ${n}`})`;
    if (!names.has(candidate.toLocaleLowerCase())) return candidate;
  }
}

async function keyStatus(profiles: ProfileService, id: string): Promise<KeyStatus> {
  try {
    return (await profiles.hasKey(id)) ? { state: 'stored' } : { state: 'none' };
  } catch (error) {
    if (error instanceof KeychainUnavailableError)
      return { state: 'unavailable', reason: error.message };
    throw error;
  }
}

export function createHandlers(deps: HandlerDeps): HandlersFor<IpcContract> {
  const { history, digests, trialPages } = deps.store;
  const { profiles, runs, settings } = deps;

  const notFound = (run_id: string): NotFoundError =>
    new NotFoundError({ key: 'app.no_run', values: { run_id } });
  const requireRecord = (run_id: string): RunRecord => {
    const record = history.runRecord(run_id);
    if (!record) throw notFound(run_id);
    return record;
  };
  const readerPace = (): number => settings.get().reader_pace_tps;
  /** What the results screen shows of a run: its digest at the setting's reading pace. */
  const viewOf = async (run_id: string): Promise<RunView> => {
    const run = requireRecord(run_id);
    return { run, ...(await digests.digest(run, readerPace())) };
  };
  /** A new run's reader metrics are at the setting's pace unless it names its own. */
  const withPace = <C extends { limits: { reader_pace_tps?: number | undefined } }>(
    config: C,
  ): C => ({
    ...config,
    limits: {
      ...config.limits,
      reader_pace_tps: config.limits.reader_pace_tps ?? readerPace(),
    },
  });
  const requireProfile = (id: string): Profile => {
    const profile = profiles.get(id);
    if (!profile) throw new NotFoundError({ key: 'app.no_profile', values: { id } });
    return profile;
  };

  return {
    appInfo: () => ({
      ...deps.identity,
      platform: process.platform,
      node: process.versions.node,
    }),

    settingsGet: () => settings.get(),
    settingsUpdate: (patch) => settings.update(patch),

    profilesList: () => profiles.list(),
    profilesGet: ({ id }) => requireProfile(id),
    profilesCreate: (draft) => profiles.add(draft),
    profilesUpdate: ({ id, patch }) => profiles.edit(id, patch),
    profilesDuplicate: ({ id, name }) => {
      const source = requireProfile(id);
      if (source.builtin) {
        throw new BuiltinProfileError({
          key: 'profiles.builtin_cannot_duplicate',
          values: { name: source.name },
        });
      }
      // The key and the proxy's credentials stay where they are: secrets leave
      // the keychain only for a request.
      return profiles.create({
        name: name ?? copyName(source.name, profiles.list()),
        base_url: source.base_url,
        model: source.model,
        dialect: source.dialect,
        headers: source.headers,
        defaults: source.defaults,
        notes: source.notes,
        allow_insecure_key: source.allow_insecure_key,
        key_header: source.key_header,
        key_prefix: source.key_prefix,
        query: source.query,
        key_env: source.key_env,
        proxy_mode: source.proxy_mode,
        proxy_url: source.proxy_url,
      });
    },
    profilesRemove: ({ id }) => profiles.remove(id),
    profilesTest: async ({ id }) => {
      const result = await testConnection(await deps.endpointOf(id));
      // Kept for New run's warning; a history opened read-only keeps nothing.
      if (deps.store.writable) deps.store.profileChecks.record(id, deps.now(), result);
      return result;
    },
    profilesChecks: () => deps.store.profileChecks.all(),
    // Nothing is kept: the form's profile is not saved, so neither is its test.
    profilesTestDraft: async (draft) => testConnection(await deps.draftEndpointOf(draft)),
    profilesValidate: ({ id, profile }) => {
      profiles.checkDraft(profile, id === undefined ? null : requireProfile(id));
      return { valid: true };
    },

    keysStatus: async ({ profile_ids }) => {
      const statuses: Record<string, KeyStatus> = {};
      for (const id of profile_ids) {
        requireProfile(id);
        statuses[id] = await keyStatus(profiles, id);
      }
      return statuses;
    },
    keysSet: async ({ profile_id, key }) => {
      await profiles.setKey(profile_id, key);
      return { state: 'stored' };
    },
    keysDelete: async ({ profile_id }) => {
      await profiles.deleteKey(profile_id);
      return { state: 'none' };
    },

    presetsList: () => PROVIDER_PRESETS,

    modelsList: async (input) =>
      listModels(
        'profile_id' in input
          ? await deps.endpointOf(input.profile_id)
          : { base_url: input.base_url, dialect: input.dialect, model: '' },
      ),

    runsPlan: (config) => runs.plan(config),
    runsStart: (config) => runs.start(withPace(config)),
    runsCancel: ({ run_id }) => ({ cancelled: runs.cancel(run_id) }),
    runsDelete: ({ run_id }) => ({ deleted: runs.delete(run_id) }),
    runsLive: () => runs.live(),
    runsRepeat: (request) => runs.repeat({ ...request, config: withPace(request.config) }),
    runsCancelSeries: ({ series_id }) => ({ cancelled: runs.cancelSeries(series_id) }),
    runsSeries: () => runs.liveSeries(),
    runsImport: async ({ files, label }) => {
      const imported = importRunTexts(files, deps.store.runs, { label });
      // Digested on the way in, as a run is when it ends: opening it reads the digest.
      for (const { run_id } of imported.added) await digests.prepare(run_id, readerPace());
      return imported;
    },
    historyRunFile: async ({ run_id }) => {
      const run = requireRecord(run_id);
      const trials = pagedTrials(history.trialPages(run_id));
      return {
        file_name: exportFileName(run, 'run.json'),
        text: await text(runFileStream({ run, trials })),
      };
    },

    historyList: (filter) => ({ runs: history.listRuns(filter), total: history.countRuns(filter) }),
    historyRun: ({ run_id }) => viewOf(run_id),
    historyTrials: ({ run_id, ...filter }) => {
      const page = history.trialPage(run_id, filter, readerPace());
      if (!page) throw notFound(run_id);
      return page;
    },
    historyTrialText: ({ run_id, profile_id, mode, trial_index }) => {
      const text = history.trialText(run_id, profile_id, mode, trial_index);
      if (!text)
        throw new NotFoundError({
          key: 'app.no_trial',
          values: { mode, trial_index, run_id },
        });
      return text;
    },
    historyTrend: ({ profile_id }) => history.trend(profile_id),
    historyCompare: async ({ a, b }) => compareRuns(await viewOf(a), await viewOf(b), trialPages),

    // One pass over the stored trials, a timeline decoded at a time, in slices.
    chartsRun: ({ run_id }) => storedRunCharts(requireRecord(run_id), trialPages),

    exportCsv: async (request) => {
      const file_name = csvFileName(requireRecord(request.run_id), request.kind);
      if (!deps.chooseSavePath) {
        throw new NotFoundError({ key: 'app.csv_in_window' });
      }
      const path = await deps.chooseSavePath(file_name);
      if (path === null) return { saved: false, file_name, path: null, bytes: 0 };
      const written = await saveRunCsv(deps.store, request, path, readerPace());
      return { saved: true, file_name, path: written.path, bytes: written.bytes };
    },
    exportReport: async (request) => {
      const subject = { runs: [requireRecord(request.run_id)] };
      const file_name = reportFileName(subject, request.format);
      if (!deps.chooseSavePath) {
        throw new NotFoundError({ key: 'app.report_in_window' });
      }
      const path = await deps.chooseSavePath(file_name);
      if (path === null) return { saved: false, file_name, path: null, bytes: 0 };
      const report = await makeReport(
        deps.store,
        subject,
        appReportOptions(request, {
          pace: readerPace(),
          version: deps.identity.version,
          now: () => new Date(deps.now()),
        }),
      );
      const written = await writeFileAtomically(path, () => Readable.from([report.text]), 'report');
      return { saved: true, file_name, path: written.path, bytes: written.bytes };
    },
  };
}
