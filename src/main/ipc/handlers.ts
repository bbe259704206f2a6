// Main's answers to the contract's methods. Each is a thin call into a service;
// no Electron here, so the same handlers serve the app and plain-Node tests.

import type { IpcContract } from '../../shared/ipc-contract';
import type { HandlersFor } from './register';

export interface AppIdentity {
  name: string;
  version: string;
}

export function createHandlers(identity: AppIdentity): HandlersFor<IpcContract> {
  return {
    appInfo: () => ({
      name: identity.name,
      version: identity.version,
      platform: process.platform,
      electron: process.versions['electron'] ?? null,
      node: process.versions.node,
    }),
  };
}
