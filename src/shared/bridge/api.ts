// The shape of `window.voa`, derived from the bridge map, and the one function that builds it over a
// transport (Electron IPC in the preload, loopback HTTP in the browser shell).
import type { z } from 'zod';
import type { CallSpec, EventSpec, BridgeResult } from './define.ts';
// The maps' types only: the preload and the page script load the names, not zod and the schemas.
import type { BridgeCalls, BridgeEvents, CallName, EventName } from './bridge-map.ts';
import { CALL_NAMES, EVENT_NAMES, isEventName } from './bridge-names.ts';

export type CallInput<C extends CallName> =
  BridgeCalls[C] extends CallSpec<infer I, unknown> ? z.input<I> : never;
export type CallParsedInput<C extends CallName> =
  BridgeCalls[C] extends CallSpec<infer I, unknown> ? z.output<I> : never;
export type CallOutput<C extends CallName> = BridgeCalls[C] extends CallSpec<z.ZodType, infer O> ? O : never;
export type EventPayload<E extends EventName> = BridgeEvents[E] extends EventSpec<infer P> ? P : never;

/** Keys a caller must give; a call whose input has none can be called without an argument. */
type RequiredKeysOf<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never;
type Domain = DomainOf<CallName>;

export type VoaApi = {
  [D in Domain]: {
    [C in CallName as C extends `${D}:${infer V}` ? V : never]: [RequiredKeysOf<CallInput<C>>] extends [never]
      ? (input?: CallInput<C>) => Promise<BridgeResult<CallOutput<C>>>
      : (input: CallInput<C>) => Promise<BridgeResult<CallOutput<C>>>;
  };
} & {
  /** Subscribe to a declared event; returns the function that unsubscribes. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export interface BridgeTransport {
  invoke(channel: CallName, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(channel: EventName, listener: (payload: unknown) => void): () => void;
}

export function buildVoaApi(transport: BridgeTransport): VoaApi {
  const api: Record<string, unknown> = {};
  for (const channel of CALL_NAMES) {
    const [domain, verb] = channel.split(':') as [string, string];
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[verb] = (input: unknown = {}) => transport.invoke(channel, input);
  }
  api.on = (name: string, listener: (payload: unknown) => void) => {
    if (!isEventName(name)) throw new Error(`Unknown bridge event: ${name}`);
    return transport.subscribe(name, listener);
  };
  return api as VoaApi;
}

export { CALL_NAMES, EVENT_NAMES };
