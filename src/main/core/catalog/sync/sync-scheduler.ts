// When a sync starts by itself: nightly at this desk's own moment in the sync window (sync-window.ts) while
// the app runs; a few seconds after start, or after a change of settings, when the desk has no catalog yet;
// and once after a short random wait at the start after a missed night, so desks switched on together at
// opening time do not sync at once.
// A missed night is made up by that one run, not by a burst of runs.
import type { SyncTrigger } from '../../../../shared/contract/catalog-search.ts';
import { missedNight, nextMoment, type SyncWindow } from './sync-window.ts';

export interface SyncSchedulerOptions {
  syncWindow: () => SyncWindow;
  /** Drawn once per install and kept (app.db): the desk's moment in the window follows from it. */
  seed: () => string;
  lastSuccessAt: () => string | undefined;
  /** False while a sync runs or settings are missing. */
  canStart: () => Promise<boolean>;
  start: (trigger: SyncTrigger) => void;
  now?: () => Date;
  tickMs?: number;
  /** After start, before a desk without a catalog fetches its first. */
  firstSyncDelayMs?: number;
  /** After start, before a desk that missed its night syncs (random by default). */
  missedNightWaitMs?: () => number;
}

/** A desk without a catalog waits this long after start, or after its settings change, for its first. */
const FIRST_SYNC_DELAY_MS = 3000;

/** 30 seconds to 5 minutes: enough to spread a shop's desks switched on at opening time. */
export function randomMissedNightWaitMs(random: () => number = Math.random): number {
  return Math.round(30_000 + random() * 270_000);
}

export class SyncScheduler {
  readonly #options: SyncSchedulerOptions;
  readonly #now: () => Date;
  #next: Date | undefined;
  #forWindow = '';
  #timers: ReturnType<typeof setTimeout>[] = [];
  #interval: ReturnType<typeof setInterval> | undefined;
  /** Set by stop(): a check still waiting on canStart() must not start a sync on a closing core. */
  #stopped = false;
  /** A first sync is due shortly (after start, or after the settings changed): one at a time. */
  #firstSyncPending = false;

  constructor(options: SyncSchedulerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  nextAt(): Date | undefined {
    if (!this.#interval) return undefined;
    this.#refresh();
    return this.#next;
  }

  /** A changed window applies from now on. */
  #refresh(): void {
    const window = this.#options.syncWindow();
    const key = `${window.start}-${window.end}`;
    if (key !== this.#forWindow || !this.#next) {
      this.#forWindow = key;
      this.#next = nextMoment(window, this.#options.seed(), this.#now());
    }
  }

  start(): void {
    if (this.#interval) return;
    this.#stopped = false;
    this.#refresh();
    this.#interval = setInterval(() => void this.tick(), this.#options.tickMs ?? 30_000);
    this.#interval.unref?.();
    const wait = this.startupWaitMs();
    if (wait === undefined) return;
    this.#later(wait);
  }

  /**
   * The settings changed. A desk without a catalog fetches its first a few seconds later, as after start:
   * the settings it lacked at start (a new desk being set up, a secret corrected) may be complete now.
   */
  settingsChanged(): void {
    if (!this.#interval || this.#stopped || this.#firstSyncPending || this.#options.lastSuccessAt()) return;
    this.#later(this.#options.firstSyncDelayMs ?? FIRST_SYNC_DELAY_MS);
  }

  #later(wait: number): void {
    this.#firstSyncPending = true;
    const startup = setTimeout(() => {
      this.#firstSyncPending = false;
      void this.startupSync();
    }, wait);
    startup.unref?.();
    this.#timers.push(startup);
  }

  /** How long after start the start-up sync waits, or undefined when this start needs none. */
  startupWaitMs(): number | undefined {
    const last = this.#options.lastSuccessAt();
    if (!last) return this.#options.firstSyncDelayMs ?? FIRST_SYNC_DELAY_MS;
    if (this.#missedNightSince(last)) return (this.#options.missedNightWaitMs ?? randomMissedNightWaitMs)();
    return undefined;
  }

  #missedNightSince(last: string): boolean {
    return missedNight(this.#options.syncWindow(), this.#options.seed(), this.#now(), last);
  }

  async startupSync(): Promise<boolean> {
    // A sync that succeeded during the wait (a person's, the command line's) already did this one's work.
    const last = this.#options.lastSuccessAt();
    if (last && !this.#missedNightSince(last)) return false;
    if ((await this.#options.canStart()) && !this.#stopped) {
      this.#options.start('startup');
      return true;
    }
    return false;
  }

  async tick(): Promise<boolean> {
    this.#refresh();
    const now = this.#now();
    if (!this.#next || now.getTime() < this.#next.getTime()) return false;
    this.#next = nextMoment(this.#options.syncWindow(), this.#options.seed(), now);
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
