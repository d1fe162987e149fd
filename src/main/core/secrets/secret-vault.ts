// The client secrets of the website and sync applications, in the OS keychain. This file is the only
// importer of keytar. Entries are namespaced per profile, so a test profile never touches a user's
// entries. With no keychain the vault says so and refuses; it never falls back to a file.
import type * as KeytarModule from 'keytar';
import type { ApplicationName, Settings } from '../../../shared/settings.ts';
import type { KeychainStatus } from '../../../shared/bridge/settings-calls.ts';

export interface SecretVault {
  status(): Promise<KeychainStatus>;
  set(application: ApplicationName, secret: string): Promise<void>;
  isSet(application: ApplicationName): Promise<boolean>;
  /**
   * For the host layer in main only; nothing that reaches the renderer calls this. `forSettings` names the
   * settings the caller will send with, so a bound vault checks the secret against exactly those.
   */
  read(application: ApplicationName, forSettings?: Settings): Promise<string | undefined>;
  clear(application: ApplicationName): Promise<void>;
  /**
   * A key of this installation kept in the keychain (the portal's IP-hash key): read, or made with
   * `generate` and stored on first use, so it stays stable across runs. For main only.
   */
  installationKey?(name: InstallationKeyName, generate: () => string): Promise<string>;
  /**
   * A keychain entry of this profile under its own name (the administrator PIN's salted hash): read,
   * written or removed as a whole. For main only; nothing that reaches the renderer reads one.
   */
  readEntry?(name: KeychainEntryName): Promise<string | undefined>;
  writeEntry?(name: KeychainEntryName, value: string): Promise<void>;
  deleteEntry?(name: KeychainEntryName): Promise<void>;
}

export type InstallationKeyName = 'ip-hash-key';
/** Account names of the profile's other keychain entries (docs/admin.md names them for recovery). */
export type KeychainEntryName = 'admin-pin-hash';

export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
}

type Keytar = typeof KeytarModule;

export function keychainServiceName(profile: string): string {
  return `VOA Desk (${profile})`;
}

export function secretAccountName(application: ApplicationName): string {
  return `${application}-client-secret`;
}

const KEYCHAIN_HELP =
  'No OS keychain could be reached, so client secrets cannot be stored. On Linux, install and unlock a ' +
  'Secret Service (GNOME Keyring or KWallet) in your desktop session; VOA Desk never writes secrets to a file.';

export class KeytarSecretVault implements SecretVault {
  readonly service: string;
  #keytar: Promise<Keytar> | undefined;

  constructor(profile: string) {
    this.service = keychainServiceName(profile);
  }

  async #load(): Promise<Keytar> {
    this.#keytar ??= import('keytar').then((module) => (module.default ?? module) as Keytar);
    try {
      return await this.#keytar;
    } catch (error) {
      this.#keytar = undefined;
      throw new KeychainUnavailableError(
        `${KEYCHAIN_HELP} (keytar could not load: ${(error as Error).message})`,
      );
    }
  }

  async #call<T>(work: (keytar: Keytar) => Promise<T>): Promise<T> {
    const keytar = await this.#load();
    try {
      return await work(keytar);
    } catch (error) {
      throw new KeychainUnavailableError(`${KEYCHAIN_HELP} (${(error as Error).message})`);
    }
  }

  async status(): Promise<KeychainStatus> {
    try {
      await this.#call((keytar) => keytar.findCredentials(this.service));
      return { available: true };
    } catch (error) {
      return { available: false, problem: (error as Error).message };
    }
  }

  set(application: ApplicationName, secret: string): Promise<void> {
    return this.#call((keytar) => keytar.setPassword(this.service, secretAccountName(application), secret));
  }

  async isSet(application: ApplicationName): Promise<boolean> {
    return (await this.read(application)) !== undefined;
  }

  async read(application: ApplicationName): Promise<string | undefined> {
    const value = await this.#call((keytar) =>
      keytar.getPassword(this.service, secretAccountName(application)),
    );
    return value ?? undefined;
  }

  async clear(application: ApplicationName): Promise<void> {
    await this.#call((keytar) => keytar.deletePassword(this.service, secretAccountName(application)));
  }

  async readEntry(name: KeychainEntryName): Promise<string | undefined> {
    return (await this.#call((keytar) => keytar.getPassword(this.service, name))) ?? undefined;
  }

  writeEntry(name: KeychainEntryName, value: string): Promise<void> {
    return this.#call((keytar) => keytar.setPassword(this.service, name, value));
  }

  async deleteEntry(name: KeychainEntryName): Promise<void> {
    await this.#call((keytar) => keytar.deletePassword(this.service, name));
  }

  async installationKey(name: InstallationKeyName, generate: () => string): Promise<string> {
    const stored = await this.#call((keytar) => keytar.getPassword(this.service, name));
    if (stored) return stored;
    const key = generate();
    await this.#call((keytar) => keytar.setPassword(this.service, name, key));
    return key;
  }
}
