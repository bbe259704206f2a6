// Quitting while a run is going: the services must first mark it
// `interrupted` and close the history (AppServices.close), which is
// asynchronous, and Electron does not wait for 'before-quit' listeners. So
// the first quit is put off until closing is done, then asked for again, and
// that second one goes through.

export interface QuitSteps {
  close(): Promise<void>;
  quit(): void;
  /** A close that failed: the app quits anyway. */
  report(error: unknown): void;
  /**
   * How long closing may take before the app quits anyway. A run cut off then
   * stays `running` in the file, and the next start marks it interrupted,
   * as it does for a process that died.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The 'before-quit' listener. */
export function quitAfterClosing(steps: QuitSteps): (event: { preventDefault(): void }) => void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  return (event) => {
    // The quit asked for below: let it through.
    if (state === 'closed') return;
    event.preventDefault();
    // Asked again while closing (a second Cmd-Q): the quit below covers it.
    if (state === 'closing') return;
    state = 'closing';
    void closeWithin(steps.close, steps.timeoutMs ?? DEFAULT_TIMEOUT_MS)
      .catch(steps.report)
      .finally(() => {
        state = 'closed';
        steps.quit();
      });
  };
}

async function closeWithin(close: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`closing took longer than ${timeoutMs / 1000} s; quitting anyway`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([close(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
