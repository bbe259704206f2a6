// Redraws at most once per interval, in an animation frame: a 32-stream run
// pushes progress ten times a second, and redrawing the page and its chart
// for each event would keep the main thread busy. Requests between two
// redraws are merged into the next one; a hidden tab (no frames) redraws
// once when it is shown again.

export interface FrameScheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  requestFrame(run: () => void): number;
  cancelFrame(handle: number): void;
}

export class RenderThrottle {
  private lastFlush = -Infinity;
  private timer: number | null = null;
  private frame: number | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly scheduler: FrameScheduler,
    private readonly flush: () => void,
  ) {}

  /** Something changed: redraw at the next allowed frame. */
  request(): void {
    if (this.timer !== null || this.frame !== null) return;
    const wait = Math.max(0, this.lastFlush + this.intervalMs - this.scheduler.now());
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      this.frame = this.scheduler.requestFrame(() => {
        this.frame = null;
        this.lastFlush = this.scheduler.now();
        this.flush();
      });
    }, wait);
  }

  dispose(): void {
    if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
    if (this.frame !== null) this.scheduler.cancelFrame(this.frame);
    this.timer = null;
    this.frame = null;
  }
}
