// When a sync starts by itself: daily at the time set in Settings (local time) while the app runs, and
// shortly after start when the last successful sync is older than a day (or there was none). A time
// missed while the app was closed is made up by the start rule, not by a burst of runs.
import type { SyncTrigger } from '../../../../shared/contract/catalog-search.ts';

export interface SyncSchedulerOptions {
  /** HH:MM, local time. */
  syncTime: () => string;
  lastSuccessAt: () => string | undefined;
  /** False while a sync runs or settings are missing. */
  canStart: () => Promise<boolean>;
  start: (trigger: SyncTrigger) => void;
  maxAgeMs: number;
  now?: () => Date;
  tickMs?: number;
  startupDelayMs?: number;
}

/** The first moment at `time` (HH:MM local) strictly after `after`. */
export function nextOccurrence(time: string, after: Date): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const next = new Date(after);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

export class SyncScheduler {
  readonly #options: SyncSchedulerOptions;
  readonly #now: () => Date;
  #next: Date | undefined;
  #forTime = '';
  #timers: ReturnType<typeof setTimeout>[] = [];
  #interval: ReturnType<typeof setInterval> | undefined;
  /** Set by stop(): a check still waiting on canStart() must not start a sync on a closing core. */
  #stopped = false;

  constructor(options: SyncSchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  nextAt(): Date | undefined {
    if (!this.#interval) return undefined;
    this.#refresh();
    return this.#next;
  }

  /** A changed sync time applies from now on. */
  #refresh(): void {
    const time = this.#options.syncTime();
    if (time !== this.#forTime || !this.#next) {
      this.#forTime = time;
      this.#next = nextOccurrence(time, this.#now());
    }
  }

  start(): void {
    if (this.#interval) return;
    this.#stopped = false;
    this.#refresh();
    this.#interval = setInterval(() => void this.tick(), this.#options.tickMs ?? 30_000);
    this.#interval.unref?.();
    const startup = setTimeout(() => void this.startupCheck(), this.#options.startupDelayMs ?? 3000);
    startup.unref?.();
    this.#timers.push(startup);
  }

  async startupCheck(): Promise<boolean> {
    const last = this.#options.lastSuccessAt();
    const stale = !last || this.#now().getTime() - Date.parse(last) > this.#options.maxAgeMs;
    if (stale && (await this.#options.canStart()) && !this.#stopped) {
      this.#options.start('startup');
      return true;
    }
    return false;
  }

  async tick(): Promise<boolean> {
    this.#refresh();
    const now = this.#now();
    if (!this.#next || now.getTime() < this.#next.getTime()) return false;
    this.#next = nextOccurrence(this.#forTime, now);
    if (!(await this.#options.canStart()) || this.#stopped) return false;
    this.#options.start('schedule');
    return true;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#interval) clearInterval(this.#interval);
    this.#interval = undefined;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers = [];
  }
}
