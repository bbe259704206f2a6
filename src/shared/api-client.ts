// The renderer's view of the API: the bridge's ApiResults turned back into
// values and thrown errors, so that UI code reads `await api.profilesCreate(...)`
// and catches an ApiCallError that still knows its code and field.

import type { ApiError, ApiErrorCode, ApiResult, FieldIssue } from './api';
import { IPC_METHOD_NAMES } from './ipc-channels';
import type { LastTokenApi, LastTokenBridge } from './ipc-contract';
import type { MessageText } from './messages';

export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  readonly code: ApiErrorCode;
  readonly field: string | undefined;
  readonly text: MessageText | undefined;
  readonly issues: readonly FieldIssue[];

  constructor(error: ApiError) {
    super(error.message);
    this.code = error.code;
    this.field = error.field;
    this.text = error.text;
    this.issues = error.issues ?? [];
  }
}

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiCallError(result.error);
}

export function apiOf(bridge: LastTokenBridge): LastTokenApi {
  const methods = Object.fromEntries(
    IPC_METHOD_NAMES.map((name) => [
      name,
      async (input?: unknown) =>
        unwrap(await (bridge[name] as (i?: unknown) => Promise<ApiResult<unknown>>)(input)),
    ]),
  );
  // The cast pairs each method with its own result type, as the bridge's does.
  return { ...methods, subscribe: (listener) => bridge.subscribe(listener) } as LastTokenApi;
}
