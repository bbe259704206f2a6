// "Test connection" for one saved profile: one short streamed request, which
// takes seconds (a minute at most), so its state says that it is running.

import { useState } from 'react';
import type { ConnectionTest } from '../../../../shared/api';
import { lasttoken } from '../../api/client';

export type ConnectionTestState =
  | { kind: 'idle' }
  | { kind: 'running'; startedAt: number }
  | { kind: 'done'; result: ConnectionTest; at: string }
  | { kind: 'failed'; error: unknown };

export function useConnectionTest(profileId: string): {
  state: ConnectionTestState;
  start: () => void;
} {
  const [state, setState] = useState<ConnectionTestState>({ kind: 'idle' });
  const start = (): void => {
    setState({ kind: 'running', startedAt: Date.now() });
    lasttoken()
      .profilesTest({ id: profileId })
      .then(
        (result) => setState({ kind: 'done', result, at: new Date().toISOString() }),
        (error: unknown) => setState({ kind: 'failed', error }),
      );
  };
  return { state, start };
}
