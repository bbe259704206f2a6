// Work that must stay away from the sockets' timestamps: saving trials
// (synchronous SQLite writes) and fanning events out to listeners (IPC to the
// renderer, the CLI's terminal).
//
// The engine stamps a read when its socket callback runs, in the event loop's
// poll phase. Anything slow that runs while other sockets have bytes waiting
// delays their stamps: the measured gap grows by the time we spent writing.
// The engine already resolves a trial from a setImmediate, after the reads
// pending at that moment; but an await continuation runs right there, and a
// TrialRunner is an interface, not a promise about where it resolves. So the
// orchestrator never writes or fans out where it learns something; it queues
// a task here, and the queue runs ONE task per loop turn, each from its own
// setImmediate (check phase):
// - queued from a socket callback (poll phase), the task runs after the poll
//   phase has stamped every read that was ready;
// - queued from the check phase (the engine's resolve, or the previous task),
//   setImmediate defers it to the next turn, so a whole poll phase runs first.
// Between two tasks there is therefore always a poll phase: a burst of saves
// at the end of a round costs each socket at most one write's delay, not the
// whole burst's. One queue serves every run in the process, so concurrent runs
// keep that property together. A synchronous write still blocks the thread
// while it runs (only another thread could avoid that); `npm run bench`
// measures what it costs the other streams' gaps.

export interface TurnQueue {
  /** Runs `task` in a later check phase, after every task pushed before it, one task per loop turn. */
  push(task: () => void): void;
  /** Tasks waiting. */
  readonly size: number;
}

/** `onError` receives what a task throws; tasks are expected to handle their own errors. */
export function createTurnQueue(onError: (error: unknown) => void = () => {}): TurnQueue {
  // Short: a few tasks per profile and trial (progress is coalesced upstream).
  const tasks: (() => void)[] = [];
  let scheduled = false;

  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(runOne);
  };

  function runOne(): void {
    scheduled = false;
    const task = tasks.shift();
    // Queued from inside the check phase: runs in the next turn, after its poll phase.
    if (tasks.length > 0) schedule();
    try {
      task?.();
    } catch (error) {
      onError(error);
    }
  }

  return {
    push(task) {
      tasks.push(task);
      schedule();
    },
    get size() {
      return tasks.length;
    },
  };
}

/** The queue every run in this process shares. */
export const offSocketQueue: TurnQueue = createTurnQueue();
