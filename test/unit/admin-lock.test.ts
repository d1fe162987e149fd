// The administrator lock in main, with an in-memory keychain entry and a clock the test moves: the PIN's
// hash, the gate on connection settings per window, the growing wait after wrong PINs and the time-out.
import { describe, expect, it } from 'vitest';
import { ADMINISTRATOR_CALLER, windowCaller } from '../../src/main/core/bridge/bridge-caller.ts';
import { BridgeFailure } from '../../src/main/core/bridge/bridge-failure.ts';
import { hashPin, PIN_HASH_COST, verifyPin } from '../../src/main/core/secrets/pin-hash.ts';
import type { KeychainEntryName } from '../../src/main/core/secrets/secret-vault.ts';
import {
  ADMIN_UNLOCK_MS,
  AdminLock,
  FREE_PIN_ATTEMPTS,
  MAX_PIN_DELAY_MS,
  pinDelayMs,
} from '../../src/main/core/settings/admin-lock.ts';

class MemoryEntries {
  readonly entries = new Map<KeychainEntryName, string>();
  readEntry = async (name: KeychainEntryName) => this.entries.get(name);
  writeEntry = async (name: KeychainEntryName, value: string) => void this.entries.set(name, value);
  deleteEntry = async (name: KeychainEntryName) => void this.entries.delete(name);
}

// The lock's rules do not depend on the hash's cost, so these tests hash at a cost of a millisecond;
// the app's own cost is checked once below, against what docs/admin.md promises.
const CHEAP_PIN_HASH = { N: 2 ** 10, r: 8, p: 1 };

function setup() {
  const store = new MemoryEntries();
  let now = Date.parse('2026-03-01T10:00:00Z');
  const clock = { now: () => now };
  const lock = new AdminLock({ store, clock, language: () => 'en', pinHashCost: CHEAP_PIN_HASH });
  return {
    store,
    lock,
    advance: (ms: number) => (now += ms),
  };
}

const counter = windowCaller(1);
const otherWindow = windowCaller(2);

async function refusal(work: Promise<unknown>): Promise<BridgeFailure> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BridgeFailure);
  return error as BridgeFailure;
}

describe('administrator PIN hash', () => {
  it("a lock given no cost hashes at the app's cost, scrypt N = 2^15, r = 8, p = 1, as docs/admin.md says", async () => {
    expect(PIN_HASH_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const store = new MemoryEntries();
    await new AdminLock({ store, language: () => 'en' }).setPin(ADMINISTRATOR_CALLER, undefined, '4821');
    const stored = store.entries.get('admin-pin-hash') ?? '';
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPin('4821', stored)).toBe(true);
  });

  it('is salted scrypt: the same PIN hashes differently, verifies, and a wrong PIN does not', async () => {
    const first = await hashPin('4821', CHEAP_PIN_HASH);
    const second = await hashPin('4821', CHEAP_PIN_HASH);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('4821');
    expect(await verifyPin('4821', first)).toBe(true);
    expect(await verifyPin('4822', first)).toBe(false);
    expect(await verifyPin('4821', 'plain-4821')).toBe(false);
    expect(await verifyPin('4821', first.replace(/\$[^$]+$/, '$AAAA'))).toBe(false);
  });
});

describe('administrator lock', () => {
  it('without a PIN, the section is open to every window and to the CLI', async () => {
    const { lock } = setup();
    expect(await lock.status(counter)).toEqual({ pinSet: false, unlocked: true, retryInMs: 0 });
    await expect(lock.assertUnlocked(counter)).resolves.toBeUndefined();
  });

  it('with a PIN, a window is refused until it unlocks; another window stays locked; the CLI is allowed', async () => {
    const { lock, store } = setup();
    expect(await lock.setPin(counter, undefined, '4821')).toEqual({
      pinSet: true,
      unlocked: true,
      retryInMs: 0,
    });
    expect(store.entries.get('admin-pin-hash')).toMatch(/^scrypt\$/);
    await lock.lock(counter);

    const locked = await refusal(lock.assertUnlocked(counter));
    expect(locked.code).toBe('admin-locked');
    expect(locked.message).toBe(
      'The administrator settings are locked: unlock them with the PIN in Settings.',
    );
    await expect(lock.assertUnlocked(ADMINISTRATOR_CALLER)).resolves.toBeUndefined();

    expect(await lock.unlock(counter, '4821')).toEqual({ pinSet: true, unlocked: true, retryInMs: 0 });
    await expect(lock.assertUnlocked(counter)).resolves.toBeUndefined();
    expect((await refusal(lock.assertUnlocked(otherWindow))).code).toBe('admin-locked');
    expect((await lock.status(otherWindow)).unlocked).toBe(false);

    await lock.lock(counter);
    expect((await refusal(lock.assertUnlocked(counter))).code).toBe('admin-locked');
  });

  it('a wrong PIN is refused; after the free attempts each further one waits longer, capped, and the right PIN then resets it', async () => {
    const { lock, advance } = setup();
    await lock.setPin(counter, undefined, '4821');
    await lock.lock(counter);

    for (let attempt = 1; attempt < FREE_PIN_ATTEMPTS; attempt++) {
      expect(await lock.unlock(counter, '0000')).toMatchObject({ refused: 'wrong-pin', retryInMs: 0 });
    }
    expect(await lock.unlock(counter, '0000')).toMatchObject({ refused: 'wrong-pin', retryInMs: 1_000 });
    // Even the right PIN is not tried during the wait, and such a try costs nothing.
    expect(await lock.unlock(counter, '4821')).toMatchObject({
      refused: 'too-soon',
      unlocked: false,
      retryInMs: 1_000,
    });
    advance(999);
    expect(await lock.unlock(counter, '4821')).toMatchObject({ refused: 'too-soon', retryInMs: 1 });
    advance(1);
    expect(await lock.unlock(counter, '1111')).toMatchObject({ refused: 'wrong-pin', retryInMs: 2_000 });
    advance(2_000);
    expect(await lock.unlock(counter, '2222')).toMatchObject({ refused: 'wrong-pin', retryInMs: 4_000 });
    // Another window does not bring fresh attempts.
    expect(await lock.unlock(otherWindow, '4821')).toMatchObject({ refused: 'too-soon' });
    advance(4_000);
    expect(await lock.unlock(counter, '4821')).toEqual({ pinSet: true, unlocked: true, retryInMs: 0 });
    await lock.lock(counter);
    expect(await lock.unlock(counter, '0000')).toMatchObject({ refused: 'wrong-pin', retryInMs: 0 });

    expect([1, 2, 3, 4, 5, 30].map(pinDelayMs)).toEqual([0, 0, 1_000, 2_000, 4_000, MAX_PIN_DELAY_MS]);
  });

  it('an unlock ends after the time-out without use, and each administrator call extends it', async () => {
    const { lock, advance } = setup();
    await lock.setPin(counter, undefined, '4821');
    advance(ADMIN_UNLOCK_MS - 1);
    await expect(lock.assertUnlocked(counter)).resolves.toBeUndefined();
    advance(ADMIN_UNLOCK_MS - 1);
    expect((await lock.status(counter)).unlocked).toBe(true);
    advance(1);
    expect((await lock.status(counter)).unlocked).toBe(false);
    expect((await refusal(lock.assertUnlocked(counter))).code).toBe('admin-locked');
  });

  it('changing the PIN needs the current one and locks other windows; removing it opens the section', async () => {
    const { lock, store } = setup();
    await lock.setPin(counter, undefined, '4821');
    await lock.unlock(otherWindow, '4821');

    expect(await lock.setPin(counter, '1111', '5555')).toMatchObject({ refused: 'wrong-pin' });
    expect(await lock.setPin(counter, undefined, '5555')).toMatchObject({ refused: 'wrong-pin' });
    expect(await lock.setPin(counter, '4821', '5555')).toEqual({
      pinSet: true,
      unlocked: true,
      retryInMs: 0,
    });
    expect((await lock.status(otherWindow)).unlocked).toBe(false);
    expect(await lock.unlock(otherWindow, '4821')).toMatchObject({ refused: 'wrong-pin' });
    expect(await lock.unlock(otherWindow, '5555')).toMatchObject({ unlocked: true });

    expect(await lock.removePin(counter, '4821')).toMatchObject({ refused: 'wrong-pin', pinSet: true });
    expect(await lock.removePin(counter, '5555')).toEqual({ pinSet: false, unlocked: true, retryInMs: 0 });
    expect(store.entries.has('admin-pin-hash')).toBe(false);
    await expect(lock.assertUnlocked(windowCaller(3))).resolves.toBeUndefined();
  });

  it('says a refusal in the UI language', async () => {
    const store = new MemoryEntries();
    const lock = new AdminLock({ store, language: () => 'nl', pinHashCost: CHEAP_PIN_HASH });
    await lock.setPin(ADMINISTRATOR_CALLER, undefined, '4821');
    expect((await refusal(lock.assertUnlocked(counter))).message).toBe(
      'De beheerdersinstellingen zijn vergrendeld: ontgrendel ze met de pincode in Instellingen.',
    );
  });
});
