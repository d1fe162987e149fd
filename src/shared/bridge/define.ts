// How a bridge call or event is declared. A call has a zod schema for its input (main validates every
// input with it: the renderer is untrusted) and a TypeScript type for its output (main is the authority).
import type { z } from 'zod';

export interface CallSpec<Input extends z.ZodType, Output> {
  readonly input: Input;
  /** Phantom: carries the output type only. */
  readonly output?: Output;
}

export interface EventSpec<Payload> {
  /** Phantom: carries the payload type only. */
  readonly payload?: Payload;
}

/** `defineCall<Output>()(inputSchema)`: inputs are always objects, so a call can grow fields compatibly. */
export function defineCall<Output>() {
  return <Input extends z.ZodType<Record<string, unknown>>>(input: Input): CallSpec<Input, Output> => ({
    input,
  });
}

export function defineEvent<Payload>(): EventSpec<Payload> {
  return {};
}

export const BRIDGE_ERROR_CODES = [
  /** The input failed validation; `fields` names each bad field. */
  'invalid-input',
  /** The channel is not part of the bridge. */
  'unknown-call',
  /** No OS keychain (Secret Service, Keychain, Credential Manager) could be reached. */
  'keychain-unavailable',
  /** Settings needed for this call are missing; `fields` names them. */
  'not-configured',
  'not-found',
  /** The host refused or could not be reached; the message says what a person can do. */
  'host-error',
  /** The call needs something this shell does not have (a file chooser outside the desktop app). */
  'not-available',
  /** The disk is full: nothing was written, the previous state is kept. */
  'disk-full',
  /** Someone else (the CLI, another window) changed the same data since it was read; nothing was written. */
  'conflict',
  /** Connection settings change only in an unlocked administrator section (docs/admin.md). */
  'admin-locked',
  /** Anything else; the message is safe to show, details are in the log. */
  'internal',
] as const;
export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number];

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  /** Field path (dot-separated, as in the input) → what is wrong with it. */
  fields?: Record<string, string>;
}

/** Answers, not exceptions, cross the bridge: only a message would survive an IPC throw. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };
