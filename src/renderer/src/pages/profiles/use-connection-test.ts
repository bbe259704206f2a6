// "Test connection": one short streamed request, which takes seconds (a
// minute at most), so its state says that it is running. What is tested is
// the caller's: a saved profile, or the form as it stands. A test that
// resolves to null sent nothing (the form had problems, shown at their
// fields), and the state goes back to idle.

import { useState } from 'react';
import type { ConnectionTest } from '../../../../shared/api';

export type ConnectionTestState =
  | { kind: 'idle' }
  | { kind: 'running'; startedAt: number }
  | { kind: 'done'; result: ConnectionTest; at: string }
  | { kind: 'failed'; error: unknown };

export function useConnectionTest(test: () => Promise<ConnectionTest | null>): {
  state: ConnectionTestState;
  start: () => void;
} {
  const [state, setState] = useState<ConnectionTestState>({ kind: 'idle' });
  const start = (): void => {
    setState({ kind: 'running', startedAt: Date.now() });
    test().then(
      (result) =>
        setState(
          result === null
            ? { kind: 'idle' }
            : { kind: 'done', result, at: new Date().toISOString() },
        ),
      (error: unknown) => setState({ kind: 'failed', error }),
    );
  };
  return { state, start };
}
