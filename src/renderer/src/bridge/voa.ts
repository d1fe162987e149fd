// The renderer's only door to `window.voa` (the preload's or the browser shell's). Nothing else in the
// renderer reads window.voa.
import { buildVoaApi, type CallOutput, type VoaApi } from '../../../shared/bridge/api.ts';
import type { CallName, EventName } from '../../../shared/bridge/bridge-map.ts';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/define.ts';

declare global {
  interface Window {
    voa?: VoaApi;
  }
}

export function bridgeAvailable(): boolean {
  return window.voa !== undefined;
}

const missing = (): never => {
  throw new Error('VOA Desk bridge is missing: open the app through Electron or the browser shell.');
};

/** window.voa, read at each use (the shell may install it after this module loads). */
export const voa: VoaApi = new Proxy(buildVoaApi({ invoke: missing, subscribe: missing }), {
  get(_target, property) {
    return Reflect.get(window.voa ?? missing(), property);
  },
});

/** What a bridge call answers: a slice action that passes a call on returns it as it came. */
export type BridgeAnswer<C extends CallName> = Promise<BridgeResult<CallOutput<C>>>;

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

/**
 * Reads a state that an event also sends whole, and answers undefined when that event arrived while the
 * read was on its way. The event is at least as new as the answer then: answers and events may arrive in
 * either order (the browser shell sends them apart), and a later change sends another event anyway.
 */
export async function readUnlessOvertaken<E extends EventName, T>(
  event: E,
  read: () => Promise<BridgeResult<T>>,
): Promise<BridgeResult<T> | undefined> {
  let overtaken = false;
  const stop = voa.on(event, () => (overtaken = true));
  try {
    const result = await read();
    return overtaken ? undefined : result;
  } finally {
    stop();
  }
}
