// The heartbeat of the runs this process is recording: the sign of life by
// which another process opening the file tells them from dead ones (run-owner.ts).

export const HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * Refreshes the heartbeat of the runs this process is recording, every
 * HEARTBEAT_INTERVAL_MS while there is at least one. The timer does not keep
 * the process alive, and costs one small UPDATE per run per interval.
 */
export class Heartbeats {
  private readonly live = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly beat: (runId: string) => void) {}

  get size(): number {
    return this.live.size;
  }

  has(runId: string): boolean {
    return this.live.has(runId);
  }

  add(runId: string): void {
    this.live.add(runId);
    if (this.timer) return;
    this.timer = setInterval(() => {
      for (const id of this.live) this.beat(id);
    }, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /** False when the run was not live here. */
  delete(runId: string): boolean {
    const deleted = this.live.delete(runId);
    if (this.live.size === 0) this.stop();
    return deleted;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
