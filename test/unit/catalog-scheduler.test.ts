import { describe, expect, it, vi } from 'vitest';
import { SyncScheduler, randomMissedNightWaitMs } from '../../src/main/core/catalog/sync/sync-scheduler.ts';
import {
  lastMoment,
  missedNight,
  nextMoment,
  offsetSecondsFor,
  windowMinutes,
  type SyncWindow,
} from '../../src/main/core/catalog/sync/sync-window.ts';
import type { SyncTrigger } from '../../src/shared/contract/catalog-search.ts';

const NIGHT: SyncWindow = { start: '01:00', end: '04:00' };
const SEED = 'a7c3e1f0-5b2d-4e8a-9f61-0c2b7d4e9a13';
const clockOf = (date: Date) => date.toTimeString().slice(0, 8);

function rig(options: {
  window?: SyncWindow;
  lastSuccessAt?: string;
  canStart?: boolean;
  now: Date;
  random?: number;
}) {
  const started: SyncTrigger[] = [];
  const clock = { now: options.now };
  let window = options.window ?? NIGHT;
  const scheduler = new SyncScheduler({
    syncWindow: () => window,
    seed: () => SEED,
    lastSuccessAt: () => options.lastSuccessAt,
    canStart: async () => options.canStart ?? true,
    start: (trigger) => started.push(trigger),
    now: () => clock.now,
    tickMs: 3600_000,
    missedNightWaitMs: () => randomMissedNightWaitMs(() => options.random ?? 0.5),
  });
  return { scheduler, started, clock, setWindow: (value: SyncWindow) => (window = value) };
}

describe('sync window: each desk its own moment in the window, the same every night', () => {
  it('measures the window, also across midnight; the same start and end is no window', () => {
    expect(windowMinutes(NIGHT)).toBe(180);
    expect(windowMinutes({ start: '23:30', end: '01:00' })).toBe(90);
    expect(windowMinutes({ start: '02:00', end: '02:00' })).toBe(0);
  });

  it('spreads 35 desks over the whole window, each inside it', () => {
    const evening = new Date(2026, 1, 10, 18, 0);
    const moments = Array.from({ length: 35 }, (_, desk) => nextMoment(NIGHT, `desk-${desk}`, evening));
    const start = new Date(2026, 1, 11, 1, 0).getTime();
    const minutes = moments.map((moment) => (moment.getTime() - start) / 60_000);
    for (const minute of minutes) {
      expect(minute).toBeGreaterThanOrEqual(0);
      expect(minute).toBeLessThan(180);
    }
    expect(Math.min(...minutes)).toBeLessThan(30);
    expect(Math.max(...minutes)).toBeGreaterThan(150);
    // No more than a few desks share any one minute.
    const perMinute = new Map<number, number>();
    for (const minute of minutes)
      perMinute.set(Math.floor(minute), (perMinute.get(Math.floor(minute)) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(3);
  });

  it('keeps a desk’s moment from night to night, and follows it from the install’s value alone', () => {
    const first = nextMoment(NIGHT, SEED, new Date(2026, 1, 10, 12, 0));
    const second = nextMoment(NIGHT, SEED, first);
    const third = nextMoment(NIGHT, SEED, second);
    expect(second.getDate()).toBe(first.getDate() + 1);
    expect(clockOf(second)).toBe(clockOf(first));
    expect(clockOf(third)).toBe(clockOf(first));
    expect(nextMoment(NIGHT, SEED, new Date(2026, 5, 3, 0, 5))).toEqual(
      new Date(2026, 5, 3, 1, 0, offsetSecondsFor(SEED, NIGHT)),
    );
    expect(clockOf(nextMoment(NIGHT, 'another desk', first))).not.toBe(clockOf(first));
  });

  it('places the moment after midnight when the window crosses it, and at the exact time without a window', () => {
    const late: SyncWindow = { start: '23:00', end: '01:00' };
    const moment = nextMoment(late, SEED, new Date(2026, 1, 10, 12, 0));
    const minutes = (moment.getTime() - new Date(2026, 1, 10, 23, 0).getTime()) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(0);
    expect(minutes).toBeLessThan(120);
    const exact: SyncWindow = { start: '02:30', end: '02:30' };
    expect(nextMoment(exact, SEED, new Date(2026, 1, 10, 12, 0))).toEqual(new Date(2026, 1, 11, 2, 30));
    expect(lastMoment(exact, SEED, new Date(2026, 1, 10, 12, 0))).toEqual(new Date(2026, 1, 10, 2, 30));
  });

  it('a night is missed when no sync succeeded since the desk’s last moment', () => {
    const tonight = nextMoment(NIGHT, SEED, new Date(2026, 1, 10, 12, 0));
    const morning = new Date(2026, 1, 11, 8, 0);
    const before = new Date(tonight.getTime() - 60_000).toISOString();
    const after = new Date(tonight.getTime() + 60_000).toISOString();
    expect(missedNight(NIGHT, SEED, morning, before)).toBe(true);
    expect(missedNight(NIGHT, SEED, morning, after)).toBe(false);
    // Before tonight's moment, yesterday's sync is the one that counts.
    expect(missedNight(NIGHT, SEED, new Date(tonight.getTime() - 1000), before)).toBe(false);
    expect(missedNight(NIGHT, SEED, morning, undefined)).toBe(false);
  });
});

describe('sync scheduler: nightly at the desk’s moment while the app runs, and once at start after a missed night', () => {
  it('starts once when the desk’s moment comes, then waits for the same moment the next night', async () => {
    const evening = new Date(2026, 1, 10, 22, 0);
    const tonight = nextMoment(NIGHT, SEED, evening);
    const { scheduler, started, clock } = rig({ now: evening });
    scheduler.start();
    expect(scheduler.nextAt()).toEqual(tonight);
    clock.now = new Date(tonight.getTime() - 1000);
    expect(await scheduler.tick()).toBe(false);
    clock.now = new Date(tonight.getTime() + 20_000);
    expect(await scheduler.tick()).toBe(true);
    expect(await scheduler.tick()).toBe(false);
    expect(scheduler.nextAt()).toEqual(new Date(tonight.getTime() + 24 * 3600_000));
    expect(started).toEqual(['schedule']);
    scheduler.stop();
  });

  it('follows a changed window from then on', async () => {
    const { scheduler, started, clock, setWindow } = rig({ now: new Date(2026, 1, 10, 9, 0) });
    scheduler.start();
    setWindow({ start: '09:30', end: '09:30' });
    expect(scheduler.nextAt()).toEqual(new Date(2026, 1, 10, 9, 30));
    clock.now = new Date(2026, 1, 10, 9, 31);
    expect(await scheduler.tick()).toBe(true);
    expect(started).toEqual(['schedule']);
    scheduler.stop();
  });

  it('after a missed night, syncs once at start after a random wait of 30 s to 5 min', async () => {
    const tonight = nextMoment(NIGHT, SEED, new Date(2026, 1, 10, 12, 0));
    const lastSuccessAt = new Date(tonight.getTime() - 24 * 3600_000 + 60_000).toISOString();
    const now = new Date(2026, 1, 11, 8, 0);
    expect(rig({ now, lastSuccessAt, random: 0 }).scheduler.startupWaitMs()).toBe(30_000);
    expect(rig({ now, lastSuccessAt, random: 1 }).scheduler.startupWaitMs()).toBe(300_000);
    const { scheduler, started } = rig({ now, lastSuccessAt });
    expect(await scheduler.startupSync()).toBe(true);
    expect(started).toEqual(['startup']);
    expect(await rig({ now, lastSuccessAt, canStart: false }).scheduler.startupSync()).toBe(false);
  });

  it('a desk that did not miss its night waits for its moment; one without a catalog fetches it at once', () => {
    const tonight = nextMoment(NIGHT, SEED, new Date(2026, 1, 10, 12, 0));
    const syncedTonight = new Date(tonight.getTime() + 5 * 60_000).toISOString();
    expect(
      rig({ now: new Date(2026, 1, 11, 8, 0), lastSuccessAt: syncedTonight }).scheduler.startupWaitMs(),
    ).toBe(undefined);
    // Started in the evening, before tonight's moment, after last night's sync: tonight's tick will do.
    const syncedLastNight = new Date(tonight.getTime() - 24 * 3600_000 + 60_000).toISOString();
    expect(
      rig({ now: new Date(2026, 1, 10, 20, 0), lastSuccessAt: syncedLastNight }).scheduler.startupWaitMs(),
    ).toBe(undefined);
    expect(rig({ now: new Date(2026, 1, 11, 8, 0) }).scheduler.startupWaitMs()).toBe(3000);
  });

  it('a desk without a catalog fetches its first a few seconds after its settings change, once', async () => {
    vi.useFakeTimers();
    try {
      // Read by the rig at each question: the test changes them as the desk would change.
      const desk: { now: Date; canStart: boolean; lastSuccessAt?: string } = {
        now: new Date(2026, 1, 11, 8, 0),
        canStart: false,
      };
      const { scheduler, started } = rig(desk);
      scheduler.settingsChanged();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(started, 'nothing before the scheduler runs').toEqual([]);
      scheduler.start();
      // Not set up at start: the first sync waits.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(started).toEqual([]);
      // The person setting the desk up saves the last setting; two saves in a row start one sync.
      desk.canStart = true;
      scheduler.settingsChanged();
      scheduler.settingsChanged();
      await vi.advanceTimersByTimeAsync(3000);
      expect(started).toEqual(['startup']);
      // With a catalog, a settings change starts nothing.
      desk.lastSuccessAt = new Date(2026, 1, 11, 8, 0).toISOString();
      scheduler.settingsChanged();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(started).toEqual(['startup']);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a start-up sync does not run when a sync succeeded while it waited', async () => {
    const now = new Date(2026, 1, 11, 8, 0);
    const runLog: { lastSuccessAt?: string } = {};
    const started: SyncTrigger[] = [];
    const scheduler = new SyncScheduler({
      syncWindow: () => NIGHT,
      seed: () => SEED,
      lastSuccessAt: () => runLog.lastSuccessAt,
      canStart: async () => true,
      start: (trigger) => started.push(trigger),
      now: () => now,
      tickMs: 3600_000,
    });
    expect(scheduler.startupWaitMs()).toBe(3000);
    // A person syncs from Settings during the first-sync wait.
    runLog.lastSuccessAt = new Date(now.getTime() - 1000).toISOString();
    expect(await scheduler.startupSync()).toBe(false);
    expect(started).toEqual([]);
  });

  it('a start-up sync still asking whether it may start never starts once the scheduler stopped', async () => {
    let answer: (value: boolean) => void = () => {};
    const started: SyncTrigger[] = [];
    const scheduler = new SyncScheduler({
      syncWindow: () => NIGHT,
      seed: () => SEED,
      lastSuccessAt: () => undefined,
      canStart: () => new Promise<boolean>((resolve) => (answer = resolve)),
      start: (trigger) => started.push(trigger),
      now: () => new Date(2026, 1, 10, 12, 0),
      tickMs: 3600_000,
      firstSyncDelayMs: 3600_000,
    });
    scheduler.start();
    const check = scheduler.startupSync();
    scheduler.stop();
    answer(true);
    expect(await check).toBe(false);
    expect(started).toEqual([]);
  });
});
