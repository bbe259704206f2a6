// Every method of the app's API by name, with its IPC channel: what the
// preload, the browser-mode client and the renderer need to call a method,
// without the input schemas (zod) that only main uses to check calls. The
// contract (ipc-contract.ts) gives each method its channel from here, and
// does not compile unless both list the same methods.

/** Every channel carries the app's prefix, so the preload can refuse any other. */
export const CHANNEL_PREFIX = 'lasttoken:';

/** `lasttoken:namespace:action` */
export type Channel = `${typeof CHANNEL_PREFIX}${string}:${string}`;

/** The one channel main pushes AppEvents on. */
export const EVENT_CHANNEL = 'lasttoken:events:push' satisfies Channel;

export const IPC_CHANNELS = {
  appInfo: 'lasttoken:app:info',
  settingsGet: 'lasttoken:settings:get',
  settingsUpdate: 'lasttoken:settings:update',
  profilesList: 'lasttoken:profiles:list',
  profilesGet: 'lasttoken:profiles:get',
  profilesCreate: 'lasttoken:profiles:create',
  profilesUpdate: 'lasttoken:profiles:update',
  profilesDuplicate: 'lasttoken:profiles:duplicate',
  profilesRemove: 'lasttoken:profiles:remove',
  profilesTest: 'lasttoken:profiles:test',
  profilesChecks: 'lasttoken:profiles:checks',
  profilesTestDraft: 'lasttoken:profiles:test-draft',
  profilesValidate: 'lasttoken:profiles:validate',
  keysStatus: 'lasttoken:keys:status',
  keysSet: 'lasttoken:keys:set',
  keysDelete: 'lasttoken:keys:delete',
  presetsList: 'lasttoken:presets:list',
  modelsList: 'lasttoken:models:list',
  runsPlan: 'lasttoken:runs:plan',
  runsStart: 'lasttoken:runs:start',
  runsCancel: 'lasttoken:runs:cancel',
  runsDelete: 'lasttoken:runs:delete',
  runsLive: 'lasttoken:runs:live',
  runsRepeat: 'lasttoken:runs:repeat',
  runsCancelSeries: 'lasttoken:runs:cancel-series',
  runsSeries: 'lasttoken:runs:series',
  runsImport: 'lasttoken:runs:import',
  historyRunFile: 'lasttoken:history:run-file',
  historyList: 'lasttoken:history:list',
  historyRun: 'lasttoken:history:run',
  historyTrials: 'lasttoken:history:trials',
  historyTrialText: 'lasttoken:history:trial-text',
  historyTrend: 'lasttoken:history:trend',
  historyCompare: 'lasttoken:history:compare',
  chartsRun: 'lasttoken:charts:run',
  exportCsv: 'lasttoken:export:csv',
  exportReport: 'lasttoken:export:report',
} as const satisfies Record<string, Channel>;

export type IpcMethodName = keyof typeof IPC_CHANNELS;

export const IPC_METHOD_NAMES = Object.keys(IPC_CHANNELS) as IpcMethodName[];
