// The renderer's only door to `window.voa` (the preload's or the browser shell's). Nothing else in the
// renderer reads window.voa.
import type { VoaApi } from '../../../shared/bridge/api.ts';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/define.ts';

declare global {
  interface Window {
    voa?: VoaApi;
  }
}

export function bridgeAvailable(): boolean {
  return window.voa !== undefined;
}

export const voa: VoaApi = new Proxy({} as VoaApi, {
  get(_target, property) {
    if (!window.voa)
      throw new Error('VOA Desk bridge is missing: open the app through Electron or the browser shell.');
    return window.voa[property as keyof VoaApi];
  },
});

/** A failed call as an exception, for callers that show the message and keep the user's input. */
export class BridgeCallError extends Error {
  readonly error: BridgeError;
  constructor(error: BridgeError) {
    super(error.message);
    this.error = error;
  }
}

export async function unwrap<T>(call: Promise<BridgeResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new BridgeCallError(result.error);
  return result.value;
}
