// The API as UI code uses it: values, and ApiCallError (with its code and
// field) when a call fails. window.lasttoken is the preload's (Electron) or
// the HTTP bridge (browser mode), installed before the app renders.

import { apiOf } from '../../../shared/api-client';
import type { LastTokenApi } from '../../../shared/ipc-contract';

let api: LastTokenApi | undefined;

export function lasttoken(): LastTokenApi {
  api ??= apiOf(window.lasttoken);
  return api;
}

export { ApiCallError } from '../../../shared/api-client';
