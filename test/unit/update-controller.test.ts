// The desk's update decisions, without Electron: when it asks the folder, what it refuses, and that a
// downloaded update never installs while a request is being delivered or the catalog syncs. The updater
// is a scripted stand-in for electron-updater's autoUpdater; time is a clock the test moves.
import { describe, expect, it } from 'vitest';
import type { UpdateView } from '../../src/shared/bridge/update-calls.ts';
import {
  UpdateController,
  type UpdateClock,
  type UpdaterPort,
} from '../../src/main/core/updates/update-controller.ts';
import {
  CHECK_INTERVAL_MS,
  FIRST_CHECK_DELAY_MS,
  compareVersions,
  refusalOf,
  updateProblemOf,
  type DeskActivity,
} from '../../src/main/core/updates/update-rules.ts';
import { BUILD_SCHEMA_VERSIONS } from '../../src/main/core/updates/schema-versions.ts';

/** Timers that run when the test moves the clock, in order. */
class TestClock implements UpdateClock {
  #now = Date.parse('2026-11-27T08:00:00Z');
  #timers = new Map<number, { at: number; run: () => void }>();
  #next = 1;
  now(): number {
    return this.#now;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.#now + ms, run });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  get pending(): number {
    return this.#timers.size;
  }
  /** Moves time on, running each timer that falls due (and letting its work settle). */
  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at);
      const first = due[0];
      if (!first) break;
      this.#timers.delete(first[0]);
      this.#now = first[1].at;
      first[1].run();
      await settle();
    }
    this.#now = until;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** electron-updater as the port sees it, scripted: what the folder offers, and what the test can inspect. */
class ScriptedUpdater implements UpdaterPort {
  configured: { url: string; channel: string }[] = [];
  checks = 0;
  downloads = 0;
  installOnQuit: boolean[] = [];
  restarts = 0;
  offer: { version: string; vendor?: unknown } | undefined;
  failWith: Error | undefined;
  notInstalled = false;
  configure(feed: { url: string; channel: 'latest' | 'beta' }): void {
    this.configured.push(feed);
  }
  async check() {
    this.checks++;
    if (this.failWith) throw this.failWith;
    if (this.notInstalled) return undefined;
    return this.offer
      ? { available: true, offered: this.offer }
      : { available: false, offered: { version: '1.4.0' } };
  }
  async download(onProgress: (percent: number) => void): Promise<void> {
    this.downloads++;
    for (const percent of [12.5, 12.9, 50, 100]) onProgress(percent);
  }
  setInstallOnQuit(install: boolean): void {
    this.installOnQuit.push(install);
  }
  restartAndInstall(): void {
    this.restarts++;
  }
}

const FEED = {
  url: 'https://updates.staalhandel.example/voa-desk/',
  channel: 'beta' as const,
  policyFile: '/etc/voa-desk/policy.json',
};
const ON_DISK = { 'app.db': 9, 'catalog.db': 6 };

function desk(
  options: { feed?: UpdateView['feed']; port?: UpdaterPort | null; activity?: DeskActivity } = {},
) {
  const clock = new TestClock();
  const port = new ScriptedUpdater();
  const views: UpdateView[] = [];
  const activity: DeskActivity = options.activity ?? { deliveriesInFlight: 0, syncRunning: false };
  const controller = new UpdateController({
    port: options.port === null ? undefined : (options.port ?? port),
    feed: options.feed === undefined ? FEED : options.feed,
    policyInvalid: false,
    currentVersion: '1.4.0',
    schemasOnDisk: () => ON_DISK,
    activity: async () => activity,
    onChange: (view) => views.push(view),
    clock,
  });
  return { clock, port, views, activity, controller };
}

describe('update checks', () => {
  it('are off without a folder in the policy: nothing is configured, asked or scheduled', async () => {
    const { clock, port, controller } = desk({ feed: null });
    controller.start();
    await clock.advance(CHECK_INTERVAL_MS * 3);
    expect(port.configured).toEqual([]);
    expect(port.checks).toBe(0);
    expect(clock.pending).toBe(0);
    expect((await controller.view()).phase).toEqual({ state: 'off', policyInvalid: false });
    expect((await controller.checkNow()).phase.state).toBe('off');
    expect(port.checks).toBe(0);
  });

  it('point the updater at the policy folder and channel, ask a few minutes after start and every few hours', async () => {
    const { clock, port, controller } = desk();
    controller.start();
    expect(port.configured).toEqual([{ url: FEED.url, channel: 'beta' }]);
    expect((await controller.view()).phase.state).toBe('waiting');
    expect((await controller.view()).nextCheckAt).toBe(
      new Date(clock.now() + FIRST_CHECK_DELAY_MS).toISOString(),
    );

    await clock.advance(FIRST_CHECK_DELAY_MS - 1);
    expect(port.checks).toBe(0);
    await clock.advance(1);
    expect(port.checks).toBe(1);
    const view = await controller.view();
    expect(view.phase.state).toBe('up-to-date');
    expect(view.lastCheckAt).toBe(new Date(clock.now()).toISOString());

    await clock.advance(CHECK_INTERVAL_MS - 1);
    expect(port.checks).toBe(1);
    await clock.advance(1);
    expect(port.checks).toBe(2);
    // "Check now" asks at once and moves the next scheduled check on.
    await controller.checkNow();
    expect(port.checks).toBe(3);
    await clock.advance(CHECK_INTERVAL_MS - 1);
    expect(port.checks).toBe(3);
  });

  it('in a shell without an updater, say so and ask nothing', async () => {
    const { controller, clock } = desk({ port: null });
    controller.start();
    await clock.advance(CHECK_INTERVAL_MS);
    expect((await controller.view()).phase).toEqual({ state: 'unavailable', reason: 'shell' });
  });

  it('in a build that is not installed, say so and stop asking', async () => {
    const { controller, clock, port } = desk();
    port.notInstalled = true;
    controller.start();
    await clock.advance(FIRST_CHECK_DELAY_MS);
    expect((await controller.view()).phase).toEqual({ state: 'unavailable', reason: 'not-installed' });
    await clock.advance(CHECK_INTERVAL_MS * 2);
    expect(port.checks).toBe(1);
  });

  it('download a newer build, showing progress, and have it install at quit', async () => {
    const { controller, port, views } = desk();
    port.offer = {
      version: '1.5.0',
      vendor: { voaDeskSchemas: { 'app.db': 10, 'catalog.db': 6 } },
    };
    controller.start();
    const view = await controller.checkNow();
    await settle();
    expect(view.phase).toEqual({ state: 'ready', version: '1.5.0' });
    expect(view.deferredBy).toBeNull();
    expect(port.downloads).toBe(1);
    expect(port.installOnQuit).toEqual([true]);
    const shown = views.map((each) => each.phase).filter((phase) => phase.state === 'downloading');
    expect(shown.map((phase) => ('percent' in phase ? phase.percent : undefined))).toEqual([
      null,
      12,
      50,
      100,
    ]);
    // A downloaded update waits to be installed: asking again downloads nothing more.
    await controller.checkNow();
    expect(port.checks).toBe(1);
  });

  it('say plainly why the folder could not be read', async () => {
    const { controller, port } = desk();
    port.failWith = Object.assign(new Error('net::ERR_NAME_NOT_RESOLVED'), { code: 'ERR_NAME' });
    expect((await controller.checkNow()).phase).toEqual({
      state: 'error',
      problem: 'unreachable',
      detail: 'net::ERR_NAME_NOT_RESOLVED',
    });
    port.failWith = new Error('Cannot find channel "beta.yml" update info: HttpError: 404');
    expect((await controller.checkNow()).phase).toMatchObject({ state: 'error', problem: 'not-found' });
    port.failWith = undefined;
    expect((await controller.checkNow()).phase.state).toBe('up-to-date');
  });
});

describe('refusing a build this desk must not run', () => {
  it('refuses a build whose app.db schema is older than the one on disk, and does not download it', async () => {
    const { controller, port } = desk();
    port.offer = { version: '1.5.0', vendor: { voaDeskSchemas: { 'app.db': 8, 'catalog.db': 6 } } };
    expect((await controller.checkNow()).phase).toEqual({
      state: 'refused',
      version: '1.5.0',
      reason: 'older-schema',
      database: 'app.db',
      theirs: 8,
      ours: 9,
    });
    expect(port.downloads).toBe(0);
    expect(port.installOnQuit).toEqual([]);
  });

  it('refuses an older version, whatever it declares; takes a newer one that declares nothing', () => {
    expect(refusalOf({ version: '1.3.9' }, '1.4.0', ON_DISK)).toMatchObject({ reason: 'older-version' });
    expect(refusalOf({ version: '1.4.0-beta.3' }, '1.4.0', ON_DISK)).toMatchObject({
      reason: 'older-version',
    });
    expect(
      refusalOf(
        { version: '1.5.0', vendor: { voaDeskSchemas: { 'app.db': 9, 'catalog.db': 5 } } },
        '1.4.0',
        ON_DISK,
      ),
    ).toMatchObject({ reason: 'older-schema', database: 'catalog.db', theirs: 5, ours: 6 });
    expect(refusalOf({ version: '1.5.0' }, '1.4.0', ON_DISK)).toBeUndefined();
    expect(
      refusalOf({ version: '1.5.0', vendor: { voaDeskSchemas: 'nine' } }, '1.4.0', ON_DISK),
    ).toBeUndefined();
  });

  it('orders versions as semver does (a release above its betas, numbers as numbers)', () => {
    expect(compareVersions('1.10.0', '1.9.3')).toBe(1);
    expect(compareVersions('2.0.0-beta.10', '2.0.0-beta.9')).toBe(1);
    expect(compareVersions('2.0.0', '2.0.0-beta.9')).toBe(1);
    expect(compareVersions('v1.2.3', '1.2.3')).toBe(0);
    expect(compareVersions('1.2.3-alpha', '1.2.3-beta')).toBe(-1);
  });

  it('publishes this build’s schema versions from its migrations lists', () => {
    expect(BUILD_SCHEMA_VERSIONS['app.db']).toBeGreaterThan(0);
    expect(BUILD_SCHEMA_VERSIONS['catalog.db']).toBeGreaterThan(0);
  });
});

describe('installing a downloaded update', () => {
  async function readyDesk(activity: DeskActivity) {
    const made = desk({ activity });
    made.port.offer = { version: '1.5.0' };
    await made.controller.checkNow();
    return made;
  }

  it('waits while a request is being delivered: "restart now" says so and installs nothing', async () => {
    const { controller, port, activity } = await readyDesk({ deliveriesInFlight: 1, syncRunning: false });
    expect((await controller.view()).deferredBy).toBe('delivery');
    expect(await controller.restartNow()).toEqual({ restarting: false, deferredBy: 'delivery' });
    expect(port.restarts).toBe(0);
    activity.deliveriesInFlight = 0;
    expect((await controller.view()).deferredBy).toBeNull();
    expect(await controller.restartNow()).toEqual({ restarting: true });
    expect(port.restarts).toBe(1);
  });

  it('waits while the catalog syncs', async () => {
    const { controller, port, activity } = await readyDesk({ deliveriesInFlight: 0, syncRunning: true });
    expect(await controller.restartNow()).toEqual({ restarting: false, deferredBy: 'sync' });
    expect(port.restarts).toBe(0);
    activity.syncRunning = false;
    expect(await controller.restartNow()).toEqual({ restarting: true });
  });

  it('at quit, installs unless another process still delivers or syncs (then at the next quit)', async () => {
    const { controller, port } = await readyDesk({ deliveriesInFlight: 0, syncRunning: false });
    controller.decideInstallOnQuit({ deliveriesInFlight: 0, syncRunning: true });
    controller.decideInstallOnQuit({ deliveriesInFlight: 2, syncRunning: false });
    controller.decideInstallOnQuit({ deliveriesInFlight: 0, syncRunning: false });
    expect(port.installOnQuit).toEqual([true, false, false, true]);
  });

  it('has nothing to restart into before a download', async () => {
    const { controller, port } = desk();
    await expect(controller.restartNow()).rejects.toThrow('nothing to install');
    controller.decideInstallOnQuit({ deliveriesInFlight: 0, syncRunning: false });
    expect(port.installOnQuit).toEqual([]);
  });
});

describe('updater failures in a person’s terms', () => {
  it('names a missing channel file, an untrusted download and an unreachable folder', () => {
    expect(updateProblemOf(new Error('HttpError: 404 Not Found')).problem).toBe('not-found');
    expect(updateProblemOf(new Error('sha512 checksum mismatch, expected abc')).problem).toBe('not-trusted');
    expect(updateProblemOf(Object.assign(new Error('x'), { code: 'ENOTFOUND' })).problem).toBe('unreachable');
    expect(updateProblemOf('disk exploded').problem).toBe('other');
  });
});
