// When a desk looks for an update, what it does with one, and when it may install it. The updater itself
// (electron-updater in the desktop app) sits behind UpdaterPort, so every decision here runs, and is tested,
// without Electron: the folder is asked a few minutes after start and every few hours; an offered build is
// downloaded unless this desk must refuse it (update-rules.ts); a downloaded one installs when VOA Desk
// quits, or at "restart now", never while a request is being delivered or the catalog syncs.
import type { UpdateChannel } from '../../../shared/machine-policy.ts';
import type { RestartAnswer, UpdatePhase, UpdateView } from '../../../shared/bridge/update-calls.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { appLog } from '../log/app-log.ts';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  installBlocker,
  refusalOf,
  updateProblemOf,
  type DeskActivity,
  type OfferedUpdate,
  type SchemaVersions,
} from './update-rules.ts';

/** What the core asks of an updater (electron-updater's autoUpdater in the desktop app). */
export interface UpdaterPort {
  /** Points the updater at the folder and channel. Nothing downloads or installs by itself. */
  configure(feed: { url: string; channel: UpdateChannel }): void;
  /** Asks the folder; undefined when this build cannot update itself (one that is not installed). */
  check(): Promise<{ available: boolean; offered: OfferedUpdate } | undefined>;
  /** Downloads what the last check offered (and verifies it); resolves once it is ready to install. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Whether the downloaded update installs when the app quits. */
  setInstallOnQuit(install: boolean): void;
  /** Quits the app and installs the downloaded update; the app starts again afterwards. */
  restartAndInstall(): void;
}

/** Timers of the controller's own, so that tests move time instead of waiting for it. */
export interface UpdateClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: UpdateClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    // A shell that closes is not kept open by the next check.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface UpdateControllerOptions {
  /** The updater; undefined in a shell that has none (the command line). */
  port: UpdaterPort | undefined;
  /** The policy's folder and channel; null when the policy names none. */
  feed: UpdateView['feed'];
  /** The policy file exists but cannot be used, and names no update folder that reads on its own. */
  policyInvalid: boolean;
  currentVersion: string;
  /** PRAGMA user_version of app.db and catalog.db as they are on disk now. */
  schemasOnDisk: () => SchemaVersions;
  /** What runs now: deliveries in flight, a catalog sync. */
  activity: () => Promise<DeskActivity>;
  /** Every change of what Settings shows. */
  onChange: (view: UpdateView) => void;
  clock?: UpdateClock;
}

export class UpdateController {
  readonly #options: UpdateControllerOptions;
  readonly #clock: UpdateClock;
  #phase: UpdatePhase;
  #lastCheckAt: number | undefined;
  #nextCheckAt: number | undefined;
  #timer: unknown;
  #checking: Promise<void> | undefined;
  #stopped = false;

  constructor(options: UpdateControllerOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    if (!options.feed) this.#phase = { state: 'off', policyInvalid: options.policyInvalid };
    else if (!options.port) this.#phase = { state: 'unavailable', reason: 'shell' };
    else this.#phase = { state: 'waiting' };
  }

  get phase(): UpdatePhase {
    return this.#phase;
  }

  /** Points the updater at the policy's folder and schedules the first check. */
  start(): void {
    const { feed, port } = this.#options;
    if (!feed || !port || this.#stopped) return;
    port.configure({ url: feed.url, channel: feed.channel });
    appLog.info('updates configured', { url: feed.url, channel: feed.channel });
    this.#schedule(FIRST_CHECK_DELAY_MS);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#nextCheckAt = undefined;
  }

  /** Asks the folder now and, when it offers a build this desk runs, downloads it; answers the view after. */
  async checkNow(): Promise<UpdateView> {
    await this.#check();
    return this.view();
  }

  async view(): Promise<UpdateView> {
    const deferredBy =
      this.#phase.state === 'ready' ? (installBlocker(await this.#options.activity()) ?? null) : null;
    const iso = (at: number | undefined) => (at === undefined ? null : new Date(at).toISOString());
    return {
      feed: this.#options.feed,
      currentVersion: this.#options.currentVersion,
      phase: this.#phase,
      deferredBy,
      lastCheckAt: iso(this.#lastCheckAt),
      nextCheckAt: iso(this.#nextCheckAt),
    };
  }

  /** "Restart now": installs the downloaded update unless a delivery or a sync runs (then says which). */
  async restartNow(): Promise<RestartAnswer> {
    const port = this.#options.port;
    if (this.#phase.state !== 'ready' || !port)
      throw new BridgeFailure('invalid-input', 'No update has been downloaded: there is nothing to install.');
    const blocker = installBlocker(await this.#options.activity());
    if (blocker) {
      appLog.info('update install deferred', { version: this.#phase.version, by: blocker });
      this.#changed();
      return { restarting: false, deferredBy: blocker };
    }
    appLog.info('update installs now (restart)', { version: this.#phase.version });
    port.restartAndInstall();
    return { restarting: true };
  }

  /**
   * At quit, once this desk's own deliveries have ended and its sync has stopped: whether the downloaded
   * update installs now. Work of another process on the data directory (a command-line sync or delivery)
   * keeps it for the next quit.
   */
  decideInstallOnQuit(otherWork: DeskActivity): void {
    const port = this.#options.port;
    if (this.#phase.state !== 'ready' || !port) return;
    const blocker = installBlocker(otherWork);
    port.setInstallOnQuit(!blocker);
    if (blocker) appLog.info('update waits for the next quit', { version: this.#phase.version, by: blocker });
    else appLog.info('update installs at quit', { version: this.#phase.version });
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#nextCheckAt = this.#clock.now() + delayMs;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      void this.#check();
    }, delayMs);
  }

  #check(): Promise<void> {
    const { port } = this.#options;
    if (!port || !this.#options.feed || this.#stopped) return Promise.resolve();
    // A downloaded update waits to be installed; asking again would only download it again.
    if (this.#phase.state === 'ready' || this.#phase.state === 'unavailable') return Promise.resolve();
    this.#checking ??= this.#checkWith(port).finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #checkWith(port: UpdaterPort): Promise<void> {
    this.#set({ state: 'checking' });
    try {
      const answer = await port.check();
      if (!answer) {
        appLog.info('updates: this build is not installed and cannot update itself');
        this.#set({ state: 'unavailable', reason: 'not-installed' });
        this.stop();
        return;
      }
      if (!answer.available) {
        this.#set({ state: 'up-to-date' });
        return;
      }
      const refusal = refusalOf(answer.offered, this.#options.currentVersion, this.#options.schemasOnDisk());
      if (refusal) {
        appLog.warn('update refused', { ...refusal, current: this.#options.currentVersion });
        this.#set(refusal);
        return;
      }
      const version = answer.offered.version;
      appLog.info('update found, downloading', { version, current: this.#options.currentVersion });
      this.#set({ state: 'downloading', version, percent: null });
      let shown = -1;
      await port.download((percent) => {
        const whole = Math.max(0, Math.min(100, Math.floor(percent)));
        if (whole === shown || this.#phase.state !== 'downloading') return;
        shown = whole;
        this.#set({ state: 'downloading', version, percent: whole });
      });
      port.setInstallOnQuit(true);
      appLog.info('update downloaded: installs at quit or restart', { version });
      this.#set({ state: 'ready', version });
    } catch (error) {
      const { problem, detail } = updateProblemOf(error);
      appLog.warn('update check or download failed', { problem, detail });
      this.#set({ state: 'error', problem, detail });
    } finally {
      this.#lastCheckAt = this.#clock.now();
      if (this.#phase.state !== 'unavailable') this.#schedule(CHECK_INTERVAL_MS);
      this.#changed();
    }
  }

  #set(phase: UpdatePhase): void {
    this.#phase = phase;
    this.#changed();
  }

  #changed(): void {
    void this.view().then(this.#options.onChange, () => {});
  }
}
