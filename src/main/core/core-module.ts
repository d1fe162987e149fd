import type { DatabaseSync } from 'node:sqlite';
import type { BridgeHandlers } from './bridge/dispatch.ts';
import type { EventHub } from './bridge/event-hub.ts';
import type { ProfileLocation } from './data-dir.ts';
import type { TokenProvider } from './host/token-provider.ts';
import type { VoaHost } from './host/voa-host.ts';
import type { BoundSecretVault } from './secrets/bound-secret-vault.ts';
import type { AdminLock } from './settings/admin-lock.ts';
import type { SettingsStore } from './settings/settings-store.ts';
import type { PolicyView } from '../../shared/machine-policy.ts';

export type ShellKind = 'electron' | 'browser';

/**
 * What the composition root (voa-core.ts) builds once and hands to the core's modules. A module asks for
 * the part it uses, `Pick<CoreServices, …>`, never for the whole VoaCore: its signature says what it
 * touches, a test can build just that, and a module cannot reach into another module (lint keeps
 * voa-core.ts out of everything but the composition roots).
 */
export interface CoreServices {
  location: ProfileLocation;
  shell: ShellKind;
  version: string;
  settings: SettingsStore;
  /** Secrets bound to the host they were entered for. */
  vault: BoundSecretVault;
  appDb: DatabaseSync;
  events: EventHub;
  /** All host traffic goes through here (and so through one HTTP layer). */
  host: VoaHost;
  /** Tokens per application (Test connection asks for each one on its own). */
  tokens: TokenProvider;
  /** The administrator section's lock (PIN), enforced in main. */
  adminLock: AdminLock;
  /** The desktop shell's file dialog for the extra CA file; other shells have none. */
  chooseCaFile: (() => Promise<string | undefined>) | undefined;
  /** The machine-wide policy as read at start (settings.current already has its values in force). */
  policy: PolicyView;
}

/** A feature of the core: its bridge handlers, and background work that runs while a shell is open. */
export interface CoreModule<H extends Partial<BridgeHandlers>> {
  handlers: H;
  /** Background work (sender loop, sync scheduler); the CLI does not start it. */
  start?(): void;
  /** Stops background work and waits for it; called before the databases close. */
  stop?(): Promise<void>;
}
