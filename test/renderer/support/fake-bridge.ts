// A stand-in for main behind the renderer's real bridge seam: `buildVoaApi(transport)` builds window.voa
// exactly as the preload and the browser shell do, over a transport that answers from the handlers a test
// gives. Every input is checked against the call's own zod schema, as main's dispatch checks it, so a
// renderer that sends something main would refuse fails the test instead of passing against a lenient fake.
import { bridgeCalls, type CallName, type EventName } from '../../../src/shared/bridge/bridge-map.ts';
import {
  buildVoaApi,
  type CallOutput,
  type CallParsedInput,
  type EventPayload,
  type VoaApi,
} from '../../../src/shared/bridge/api.ts';
import type { BridgeError, BridgeResult } from '../../../src/shared/bridge/define.ts';

/** Thrown by a handler to answer `{ ok: false, error }`, as main answers a refused call. */
export class Refusal extends Error {
  readonly error: BridgeError;
  constructor(error: BridgeError) {
    super(error.message);
    this.error = error;
  }
}

export type Handler<C extends CallName> = (
  input: CallParsedInput<C>,
) => CallOutput<C> | Promise<CallOutput<C>>;
export type Handlers = { [C in CallName]?: Handler<C> };

export interface RecordedCall {
  channel: CallName;
  input: unknown;
}

export class FakeBridge {
  readonly api: VoaApi;
  readonly calls: RecordedCall[] = [];
  /** Calls main would have refused (bad input) or that no handler answers: each fails the test. */
  readonly problems: string[] = [];
  private readonly handlers: Handlers;
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  private readonly pending = new Set<Promise<BridgeResult<unknown>>>();

  constructor(handlers: Handlers) {
    this.handlers = { ...handlers };
    this.api = buildVoaApi({
      invoke: (channel, input) => {
        const answer = this.invoke(channel, input);
        this.pending.add(answer);
        void answer.finally(() => this.pending.delete(answer));
        return answer;
      },
      subscribe: (channel, listener) => {
        const set = this.listeners.get(channel) ?? new Set();
        set.add(listener);
        this.listeners.set(channel, set);
        return () => set.delete(listener);
      },
    });
  }

  handle<C extends CallName>(channel: C, handler: Handler<C>): void {
    const handlers: Handlers = this.handlers;
    handlers[channel] = handler as Handlers[C];
  }

  /** What the renderer sent on one channel, parsed as main would parse it. */
  inputsOf<C extends CallName>(channel: C): CallParsedInput<C>[] {
    return this.calls
      .filter((call) => call.channel === channel)
      .map((call) => bridgeCalls[channel].input.parse(call.input) as CallParsedInput<C>);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // The listeners as the event found them, as the preload's and the browser shell's bridges deliver.
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(payload);
  }

  /**
   * Resolves once every answer given so far has been handled by the code that asked: its reactions were
   * registered first, so they run before this promise's.
   */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  listenerCount(name: EventName): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  private async invoke(channel: CallName, input: unknown): Promise<BridgeResult<unknown>> {
    this.calls.push({ channel, input });
    const parsed = bridgeCalls[channel].input.safeParse(input ?? {});
    if (!parsed.success) {
      this.problems.push(`${channel}: main would refuse this input: ${parsed.error.message}`);
      return { ok: false, error: { code: 'invalid-input', message: parsed.error.message } };
    }
    const handler = this.handlers[channel] as ((input: unknown) => unknown) | undefined;
    if (!handler) {
      this.problems.push(`${channel}: called, but the test gave no answer for it`);
      return { ok: false, error: { code: 'internal', message: `No fake answer for ${channel}` } };
    }
    try {
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.error };
      throw error;
    }
  }
}

/** A promise a test resolves when it chooses: an answer that arrives late. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
