// When the services cannot be opened (the history file cannot be opened), the
// window still opens and shows why: every call of the contract is answered
// with that reason, rather than left without a handler (which the renderer
// would only see as Electron's "No handler registered" error).

import type { Dispatch } from '../ipc/dispatch';

export function unavailableDispatch(reason: string): Dispatch {
  return () => Promise.resolve({ ok: false, error: { code: 'storage', message: reason } });
}
