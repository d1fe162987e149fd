import { describe, expect, it } from 'vitest';
import { SyncScheduler, nextOccurrence } from '../../src/main/core/catalog/sync/sync-scheduler.ts';
import type { SyncTrigger } from '../../src/shared/contract/catalog-search.ts';

function rig(options: { time?: string; lastSuccessAt?: string; canStart?: boolean; now: Date }) {
  const started: SyncTrigger[] = [];
  const clock = { now: options.now };
  let time = options.time ?? '02:00';
  const scheduler = new SyncScheduler({
    syncTime: () => time,
    lastSuccessAt: () => options.lastSuccessAt,
    canStart: async () => options.canStart ?? true,
    start: (trigger) => started.push(trigger),
    maxAgeMs: 24 * 3600_000,
    now: () => clock.now,
    tickMs: 3600_000,
    startupDelayMs: 3600_000,
  });
  return { scheduler, started, clock, setTime: (value: string) => (time = value) };
}

describe('sync scheduler: daily at the set time while the app runs, and at start when older than a day', () => {
  it('computes the next local occurrence of HH:MM', () => {
    const at = new Date(2026, 2, 10, 1, 30);
    expect(nextOccurrence('02:00', at)).toEqual(new Date(2026, 2, 10, 2, 0));
    expect(nextOccurrence('01:30', at)).toEqual(new Date(2026, 2, 11, 1, 30));
  });

  it('starts once when the time is reached, then waits for the next day', async () => {
    const { scheduler, started, clock } = rig({ now: new Date(2026, 2, 10, 1, 0) });
    scheduler.start();
    expect(await scheduler.tick()).toBe(false);
    clock.now = new Date(2026, 2, 10, 2, 0, 20);
    expect(await scheduler.tick()).toBe(true);
    expect(await scheduler.tick()).toBe(false);
    expect(scheduler.nextAt()).toEqual(new Date(2026, 2, 11, 2, 0));
    expect(started).toEqual(['schedule']);
    scheduler.stop();
  });

  it('does not fire at start for a time already passed today, and follows a changed time', async () => {
    const { scheduler, started, clock, setTime } = rig({ now: new Date(2026, 2, 10, 9, 0) });
    scheduler.start();
    expect(await scheduler.tick()).toBe(false);
    setTime('09:30');
    expect(scheduler.nextAt()).toEqual(new Date(2026, 2, 10, 9, 30));
    clock.now = new Date(2026, 2, 10, 9, 31);
    expect(await scheduler.tick()).toBe(true);
    expect(started).toEqual(['schedule']);
    scheduler.stop();
  });

  it('syncs at start when there was no sync, or the last is older than a day, and only then', async () => {
    const now = new Date(2026, 2, 10, 9, 0);
    expect(await rig({ now }).scheduler.startupCheck()).toBe(true);
    expect(
      await rig({ now, lastSuccessAt: new Date(2026, 2, 9, 8, 0).toISOString() }).scheduler.startupCheck(),
    ).toBe(true);
    expect(
      await rig({ now, lastSuccessAt: new Date(2026, 2, 9, 10, 0).toISOString() }).scheduler.startupCheck(),
    ).toBe(false);
    expect(await rig({ now, canStart: false }).scheduler.startupCheck()).toBe(false);
  });

  it('a start-up check still asking whether it may start never starts a sync once the scheduler stopped', async () => {
    let answer: (value: boolean) => void = () => {};
    const started: SyncTrigger[] = [];
    const scheduler = new SyncScheduler({
      syncTime: () => '02:00',
      lastSuccessAt: () => undefined,
      canStart: () => new Promise<boolean>((resolve) => (answer = resolve)),
      start: (trigger) => started.push(trigger),
      maxAgeMs: 24 * 3600_000,
      now: () => new Date(2026, 2, 10, 12, 0),
      tickMs: 3600_000,
      startupDelayMs: 3600_000,
    });
    scheduler.start();
    const check = scheduler.startupCheck();
    scheduler.stop();
    answer(true);
    expect(await check).toBe(false);
    expect(started).toEqual([]);
  });
});
