// Waiting until absolute times with sub-millisecond accuracy. Every write of a
// stream is aimed at its own absolute target (request received + offset), so
// lateness never accumulates.
//
// setTimeout alone is too coarse: libuv timers have millisecond granularity and
// fire late. So the scheduler sleeps on a timer until shortly before the
// earliest target, then sleeps the rest precisely with Atomics.wait, one loop
// turn at a time: the loop reads what arrived in between, and new requests
// wait at most the rest of that sleep. It used to poll the clock with
// setImmediate instead, which spun a core whenever 32 streams kept a target
// always near: on a two-core machine, the simulator standing in for a remote
// server took one of the client's cores. One scheduler serves every stream of
// a simulator: one timer and one sleep however many streams wait.
import type { Clock } from '../clock';

/** Atomics.wait needs an Int32Array on shared memory; nobody ever notifies it, so it sleeps out its timeout. */
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/**
 * How long before a target the timer hands over to the precise sleep. On a small VM a timer
 * set 1 ms early still fired after its target in a few waits out of a hundred
 * (up to +0.8 ms); 2 ms early it never did, for one more millisecond of polling
 * per write (now slept, not spun).
 */
const WAKE_EARLY_MS = 2;

interface Waiter {
  target: number;
  resolve(due: boolean): void;
}

export class Scheduler {
  /** Sorted by target. */
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The target the timer is set for (Infinity when none is). */
  private timerTarget = Infinity;
  /** A precise sleep is queued for the next loop turn. */
  private sleeping = false;

  constructor(private readonly clock: Clock) {}

  /** Resolves true at `target` (ms on the clock), or false as soon as `signal` aborts. */
  waitUntil(target: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.clock.now() >= target) return Promise.resolve(true);
    return new Promise((resolve) => {
      const abort = () => {
        this.remove(waiter);
        resolve(false);
      };
      const waiter: Waiter = {
        target,
        resolve: (due) => {
          signal.removeEventListener('abort', abort);
          resolve(due);
        },
      };
      signal.addEventListener('abort', abort, { once: true });
      this.insert(waiter);
      this.arm();
    });
  }

  private insert(waiter: Waiter): void {
    let low = 0;
    let high = this.waiters.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.waiters[middle]?.target ?? Infinity) <= waiter.target) low = middle + 1;
      else high = middle;
    }
    this.waiters.splice(low, 0, waiter);
  }

  private remove(waiter: Waiter): void {
    const index = this.waiters.indexOf(waiter);
    if (index >= 0) this.waiters.splice(index, 1);
    // A timer left armed for nobody would keep the process alive after close().
    if (this.waiters.length === 0) {
      clearTimeout(this.timer);
      this.timerTarget = Infinity;
    }
  }

  /** Sleeps precisely if the earliest target is close, else sets the timer to wake up shortly before it. */
  private arm(): void {
    const first = this.waiters[0];
    if (!first || this.sleeping) return;
    const remaining = first.target - this.clock.now();
    if (remaining <= WAKE_EARLY_MS) {
      clearTimeout(this.timer);
      this.timerTarget = Infinity;
      this.sleeping = true;
      setImmediate(this.sleepUntilDue);
    } else if (first.target < this.timerTarget) {
      clearTimeout(this.timer);
      this.timerTarget = first.target;
      this.timer = setTimeout(this.wake, Math.floor(remaining - WAKE_EARLY_MS));
    }
  }

  private readonly wake = (): void => {
    this.timerTarget = Infinity;
    this.arm();
  };

  /** In the check phase, after this turn's I/O: sleeps until the earliest target (it may have changed), then resolves what is due. */
  private readonly sleepUntilDue = (): void => {
    this.sleeping = false;
    const first = this.waiters[0];
    const left = first ? first.target - this.clock.now() : 0;
    if (left > 0) Atomics.wait(SLEEPER, 0, 0, Math.min(left, WAKE_EARLY_MS));
    const now = this.clock.now();
    let due = 0;
    while ((this.waiters[due]?.target ?? Infinity) <= now) due += 1;
    for (const waiter of this.waiters.splice(0, due)) waiter.resolve(true);
    this.arm();
  };
}
