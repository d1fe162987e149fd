// The composition root: everything VOA Desk does, built from a data directory, a profile and a vault.
// No Electron here; the Electron shell, the CLI, the browser shell and the tests all build this.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { ProfileLocation } from './data-dir.ts';
import { APP_DB_FILE, appMigrations } from './db/app-migrations.ts';
import { openDatabase } from './db/sqlite.ts';
import { EventHub } from './bridge/event-hub.ts';
import type { BridgeHandlers } from './bridge/dispatch.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { settingsHandlers } from './settings/settings-handlers.ts';
import { KeytarSecretVault, type SecretVault } from './secrets/secret-vault.ts';

export type ShellKind = 'electron' | 'browser';

export interface VoaCoreOptions {
  location: ProfileLocation;
  shell: ShellKind;
  version: string;
  /** Defaults to the OS keychain for the profile; unit tests may pass a stand-in. */
  vault?: SecretVault;
}

export class VoaCore {
  readonly location: ProfileLocation;
  readonly shell: ShellKind;
  readonly version: string;
  readonly settings: SettingsStore;
  readonly vault: SecretVault;
  readonly appDb: DatabaseSync;
  readonly events = new EventHub();
  readonly handlers: BridgeHandlers;

  private constructor(options: VoaCoreOptions, settings: SettingsStore, appDb: DatabaseSync) {
    this.location = options.location;
    this.shell = options.shell;
    this.version = options.version;
    this.settings = settings;
    this.vault = options.vault ?? new KeytarSecretVault(options.location.profile);
    this.appDb = appDb;
    this.handlers = {
      ...settingsHandlers(this),
    };
  }

  static async open(options: VoaCoreOptions): Promise<VoaCore> {
    await mkdir(options.location.dataDir, { recursive: true, mode: 0o700 });
    const settings = await SettingsStore.open(options.location.dataDir);
    const appDb = openDatabase(path.join(options.location.dataDir, APP_DB_FILE), appMigrations, 'full');
    return new VoaCore(options, settings, appDb);
  }

  async close(): Promise<void> {
    this.appDb.close();
  }
}
