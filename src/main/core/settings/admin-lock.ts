// The administrator section's lock, enforced here in main: a renderer is untrusted, so hiding fields is
// not enough. With a PIN set, connection settings change only from a window that unlocked the section
// with it; the unlock lives in this process's memory only (no token crosses the bridge) and ends when the
// window locks again or after a while without use. The PIN itself is kept as a salted hash in the OS
// keychain (pin-hash.ts). Wrong PINs cost a growing wait after the first few, so guessing is slow.
import type { AdminStatus, PinAnswer } from '../../../shared/bridge/settings-calls.ts';
import type { BridgeCaller } from '../bridge/bridge-caller.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { hashPin, PIN_HASH_COST, verifyPin, type PinHashCost } from '../secrets/pin-hash.ts';
import type { SecretVault } from '../secrets/secret-vault.ts';

/** An unlocked section locks again after this long without an administrator call. */
export const ADMIN_UNLOCK_MS = 10 * 60_000;
/** Wrong PINs allowed before each further try must wait. */
export const FREE_PIN_ATTEMPTS = 3;
/** The wait after the first wrong PIN beyond the free ones; it doubles with each further one. */
export const FIRST_PIN_DELAY_MS = 1_000;
export const MAX_PIN_DELAY_MS = 60_000;

const PIN_ENTRY = 'admin-pin-hash';

export interface AdminClock {
  now(): number;
}

type PinStore = Required<Pick<SecretVault, 'readEntry' | 'writeEntry' | 'deleteEntry'>>;

/** The wait before the next PIN may be tried after `failures` wrong ones in a row. */
export function pinDelayMs(failures: number): number {
  if (failures < FREE_PIN_ATTEMPTS) return 0;
  const exponent = Math.min(failures - FREE_PIN_ATTEMPTS, 16);
  return Math.min(MAX_PIN_DELAY_MS, FIRST_PIN_DELAY_MS * 2 ** exponent);
}

export class AdminLock {
  readonly #store: PinStore;
  readonly #clock: AdminClock;
  readonly #language: () => 'nl' | 'en';
  readonly #pinRequiredBy: () => string | undefined;
  readonly #pinHashCost: PinHashCost;
  /** Window id → time its unlock runs out. */
  readonly #unlockedUntil = new Map<string, number>();
  /**
   * Counted for the whole process, not per window: a new window must not bring fresh attempts.
   */
  #failures = 0;
  #retryAt = 0;

  constructor(options: {
    store: PinStore;
    clock?: AdminClock;
    language: () => 'nl' | 'en';
    /** The policy file when the machine policy requires a PIN (adminPinRequired). */
    pinRequiredBy?: () => string | undefined;
    /** The app's composition root leaves it out; unit tests pass a cheap one. */
    pinHashCost?: PinHashCost;
  }) {
    this.#store = options.store;
    this.#pinRequiredBy = options.pinRequiredBy ?? (() => undefined);
    this.#pinHashCost = options.pinHashCost ?? PIN_HASH_COST;
    this.#clock = options.clock ?? { now: () => Date.now() };
    this.#language = options.language;
  }

  async status(caller: BridgeCaller): Promise<AdminStatus> {
    const pinSet = await this.#pinSet();
    const requiredBy = this.#pinRequiredBy();
    return {
      pinSet,
      unlocked: pinSet
        ? this.#isUnlocked(caller)
        : requiredBy === undefined || caller.kind === 'administrator',
      retryInMs: Math.max(0, this.#retryAt - this.#clock.now()),
      ...(requiredBy === undefined ? {} : { pinRequiredBy: requiredBy }),
    };
  }

  /**
   * Refuses the call unless the caller may change connection settings: the CLI always, a window when no
   * PIN is set or while its unlock lasts (each such call extends it).
   */
  async assertUnlocked(caller: BridgeCaller): Promise<void> {
    if (caller.kind === 'administrator') return;
    if (this.#isUnlocked(caller)) {
      this.#unlockedUntil.set(caller.id, this.#clock.now() + ADMIN_UNLOCK_MS);
      return;
    }
    if (!(await this.#pinSet())) {
      const requiredBy = this.#pinRequiredBy();
      if (requiredBy === undefined) return;
      throw new BridgeFailure(
        'admin-locked',
        this.#language() === 'nl'
          ? `Het beleid van deze computer (${requiredBy}) vereist een beheerderspincode: stel eerst een pincode in.`
          : `This computer's policy (${requiredBy}) requires an administrator PIN: set a PIN first.`,
      );
    }
    throw new BridgeFailure(
      'admin-locked',
      this.#language() === 'nl'
        ? 'De beheerdersinstellingen zijn vergrendeld: ontgrendel ze met de pincode in Instellingen.'
        : 'The administrator settings are locked: unlock them with the PIN in Settings.',
    );
  }

  async unlock(caller: BridgeCaller, pin: string): Promise<PinAnswer> {
    const stored = await this.#store.readEntry(PIN_ENTRY);
    if (stored === undefined) return this.#answer(caller);
    const refused = await this.#check(pin, stored);
    if (!refused) this.#markUnlocked(caller);
    return this.#answer(caller, refused);
  }

  lock(caller: BridgeCaller): Promise<AdminStatus> {
    if (caller.kind === 'window') this.#unlockedUntil.delete(caller.id);
    return this.status(caller);
  }

  /** Sets a first PIN, or changes it given the current one; the caller stays unlocked. */
  async setPin(caller: BridgeCaller, currentPin: string | undefined, newPin: string): Promise<PinAnswer> {
    const stored = await this.#store.readEntry(PIN_ENTRY);
    if (stored !== undefined && caller.kind !== 'administrator') {
      const refused = await this.#check(currentPin ?? '', stored);
      if (refused) return this.#answer(caller, refused);
    }
    await this.#store.writeEntry(PIN_ENTRY, await hashPin(newPin, this.#pinHashCost));
    // Other windows unlocked with the old PIN lock again.
    this.#unlockedUntil.clear();
    this.#markUnlocked(caller);
    return this.#answer(caller);
  }

  async removePin(caller: BridgeCaller, currentPin: string): Promise<PinAnswer> {
    const requiredBy = this.#pinRequiredBy();
    if (requiredBy !== undefined)
      throw new BridgeFailure(
        'invalid-input',
        this.#language() === 'nl'
          ? `De pincode kan niet worden verwijderd: het beleid van deze computer (${requiredBy}) vereist er een.`
          : `The PIN cannot be removed: this computer's policy (${requiredBy}) requires one.`,
      );
    const stored = await this.#store.readEntry(PIN_ENTRY);
    if (stored !== undefined && caller.kind !== 'administrator') {
      const refused = await this.#check(currentPin, stored);
      if (refused) return this.#answer(caller, refused);
    }
    await this.#store.deleteEntry(PIN_ENTRY);
    this.#unlockedUntil.clear();
    return this.#answer(caller);
  }

  async #pinSet(): Promise<boolean> {
    return (await this.#store.readEntry(PIN_ENTRY)) !== undefined;
  }

  #isUnlocked(caller: BridgeCaller): boolean {
    if (caller.kind === 'administrator') return true;
    const until = this.#unlockedUntil.get(caller.id);
    if (until === undefined) return false;
    if (this.#clock.now() < until) return true;
    this.#unlockedUntil.delete(caller.id);
    return false;
  }

  #markUnlocked(caller: BridgeCaller): void {
    if (caller.kind === 'window') this.#unlockedUntil.set(caller.id, this.#clock.now() + ADMIN_UNLOCK_MS);
  }

  /** Checks a PIN against the stored hash; undefined when it is right. */
  async #check(pin: string, stored: string): Promise<PinAnswer['refused']> {
    if (this.#clock.now() < this.#retryAt) return 'too-soon';
    if (await verifyPin(pin, stored)) {
      this.#failures = 0;
      this.#retryAt = 0;
      return undefined;
    }
    this.#failures++;
    this.#retryAt = this.#clock.now() + pinDelayMs(this.#failures);
    return 'wrong-pin';
  }

  async #answer(caller: BridgeCaller, refused?: PinAnswer['refused']): Promise<PinAnswer> {
    const status = await this.status(caller);
    return refused ? { ...status, refused } : status;
  }
}
