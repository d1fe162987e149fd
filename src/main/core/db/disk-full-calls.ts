// Every bridge call answers a full disk the same way, in the user's language and with the path: the
// screens show it, and the CLI prints it, for reading calls as much as for writing ones.
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { DiskFullError, diskFullMessage, isDiskFull } from './disk-full.ts';

export function withDiskFullAnswers(
  handlers: BridgeHandlers,
  /** The file a write failed on when the error does not say: app.db. */
  defaultPath: string,
  language: () => UiLanguage,
): BridgeHandlers {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [
    string,
    (...args: unknown[]) => Promise<unknown>,
  ][]) {
    wrapped[name] = async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        if (error instanceof BridgeFailure || !isDiskFull(error, defaultPath)) throw error;
        const where = error instanceof DiskFullError ? error.path : defaultPath;
        throw new BridgeFailure('disk-full', diskFullMessage(where, language()));
      }
    };
  }
  return wrapped as BridgeHandlers;
}
