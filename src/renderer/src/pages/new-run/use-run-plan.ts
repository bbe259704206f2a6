// The plan of the run as configured now: how many API calls it would make,
// and why it cannot start. Asked again once the options have stopped
// changing for a moment, not at every keystroke; an answer about options the
// user has since changed is never shown as current.

import { useEffect, useState } from 'react';
import type { RunPlanView } from '../../../../shared/api';
import { lasttoken } from '../../api/client';
import type { RunConfigInput } from './run-draft';

const SETTLE_MS = 250;

export type PlanState =
  /** The options cannot be sent yet (a field's error says why). */
  | { state: 'idle' }
  /** Asked, not answered yet: `previous` is the last answer, shown dimmed meanwhile. */
  | { state: 'pending'; previous: RunPlanView | null }
  | { state: 'ready'; view: RunPlanView }
  | { state: 'failed'; error: unknown };

type Answer = { key: string; view: RunPlanView } | { key: string; error: unknown };

export function useRunPlan(config: RunConfigInput | null): PlanState {
  const key = config === null ? null : JSON.stringify(config);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const timer = setTimeout(() => {
      lasttoken()
        .runsPlan(JSON.parse(key) as RunConfigInput)
        .then(
          (view) => current && setAnswer({ key, view }),
          (error: unknown) => current && setAnswer({ key, error }),
        );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);

  if (key === null) return { state: 'idle' };
  if (answer === null || answer.key !== key) {
    return { state: 'pending', previous: answer && 'view' in answer ? answer.view : null };
  }
  return 'view' in answer
    ? { state: 'ready', view: answer.view }
    : { state: 'failed', error: answer.error };
}
