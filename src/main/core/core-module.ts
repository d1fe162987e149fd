import type { BridgeHandlers } from './bridge/dispatch.ts';

/** A feature of the core: its bridge handlers, and background work that runs while a shell is open. */
export interface CoreModule<H extends Partial<BridgeHandlers>> {
  handlers: H;
  /** Background work (sender loop, sync scheduler); the CLI does not start it. */
  start?(): void;
  /** Stops background work and waits for it; called before the databases close. */
  stop?(): Promise<void>;
}
