// A clock that tests move themselves, for code that takes a HostClock (host policy, outbox sender, leases).
// Time stands still until the test, or `run`, moves it; nothing waits for the wall clock, so a test gives
// the same result on an idle machine and under full CPU load.
import type { HostClock } from '../../src/main/core/host/host-policy.ts';

interface Timer {
  at: number;
  resolve(): void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ManualClock implements HostClock {
  #now: number;
  readonly #timers: Timer[] = [];
  /** Every sleep asked for, in order (ms). */
  readonly slept: number[] = [];

  constructor(start = Date.parse('2026-03-01T10:00:00Z')) {
    this.#now = start;
  }

  now = (): number => this.#now;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.slept.push(ms);
      const timer: Timer = { at: this.#now + ms, resolve };
      this.#timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.#timers.splice(this.#timers.indexOf(timer), 1);
          reject(signal.reason);
        },
        { once: true },
      );
    });

  /** Moves time to the earliest sleep's end and ends every sleep due then; false when nobody sleeps. */
  advance(): boolean {
    if (!this.#timers.length) return false;
    this.#now = Math.max(this.#now, Math.min(...this.#timers.map((timer) => timer.at)));
    for (const timer of this.#timers.filter((waiting) => waiting.at <= this.#now)) {
      this.#timers.splice(this.#timers.indexOf(timer), 1);
      timer.resolve();
    }
    return true;
  }

  /** Moves time forward by `ms`, ending the sleeps due on the way. */
  async advanceBy(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await nextTurn();
      const next = Math.min(...this.#timers.map((timer) => timer.at));
      if (!(next <= target)) break;
      this.advance();
    }
    this.#now = target;
    await nextTurn();
  }

  /**
   * Waits until `done()` holds: whenever everything else has settled (one turn of the event loop), time
   * jumps to the next sleep's end. Throws when nothing sleeps and `done()` still does not hold.
   */
  async runUntil(done: () => boolean): Promise<void> {
    for (;;) {
      await nextTurn();
      if (done()) return;
      if (!this.advance()) {
        await nextTurn();
        if (done()) return;
        throw new Error('Nothing sleeps and the awaited state was not reached.');
      }
    }
  }

  /** Runs `work` to its end, moving time whenever it waits. */
  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    await this.runUntil(() => settled);
    return work;
  }
}
