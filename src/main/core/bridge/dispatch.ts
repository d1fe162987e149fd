// The one place where a bridge call from a renderer (untrusted) meets the core: the channel must be
// declared, the input must pass its schema, and whatever happens the caller gets a typed answer.
import { z } from 'zod';
import type { CallOutput, CallParsedInput } from '../../../shared/bridge/api.ts';
import { bridgeCalls, isCallName, type CallName } from '../../../shared/bridge/bridge-map.ts';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/define.ts';
import { fieldErrors } from '../../../shared/validation.ts';
import { KeychainUnavailableError } from '../secrets/secret-vault.ts';
import { BridgeFailure } from './bridge-failure.ts';
import type { EventHub } from './event-hub.ts';
import { SOLE_WINDOW_CALLER, type BridgeCaller } from './bridge-caller.ts';
import { HostNetworkError } from '../host/host-http-client.ts';
import { HostNotConfiguredError, TokenRefusedError } from '../host/token-provider.ts';
import { appLog } from '../log/app-log.ts';

/**
 * `caller` is who came through the bridge (always given by dispatchBridgeCall); a handler called directly
 * by code in this process gets none and acts for the administrator.
 */
export type BridgeHandlers = {
  [C in CallName]: (input: CallParsedInput<C>, caller?: BridgeCaller) => Promise<CallOutput<C>>;
};

/** What a shell (Electron, browser shell, CLI) needs of the core to carry the bridge. */
export interface BridgeCore {
  handlers: BridgeHandlers;
  /** Events to forward to the renderer. */
  events: Pick<EventHub, 'subscribe'>;
}

export async function dispatchBridgeCall(
  handlers: BridgeHandlers,
  channel: unknown,
  rawInput: unknown,
  /** A shell that does not say who calls is treated as its one (untrusted) window. */
  caller: BridgeCaller = SOLE_WINDOW_CALLER,
): Promise<BridgeResult<unknown>> {
  if (typeof channel !== 'string' || !isCallName(channel)) {
    return fail({
      code: 'unknown-call',
      message: `There is no bridge call named ${JSON.stringify(String(channel)).slice(0, 80)}.`,
    });
  }
  const parsed = bridgeCalls[channel].input.safeParse(rawInput ?? {}, { reportInput: true });
  if (!parsed.success) return fail(invalidInput(parsed.error));
  try {
    const handler = handlers[channel] as (input: unknown, caller: BridgeCaller) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data, caller) };
  } catch (error) {
    return fail(bridgeErrorFrom(error, channel));
  }
}

export function bridgeErrorFrom(error: unknown, channel: string): BridgeError {
  if (error instanceof BridgeFailure) {
    return { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  }
  if (error instanceof KeychainUnavailableError)
    return { code: 'keychain-unavailable', message: error.message };
  if (error instanceof HostNotConfiguredError) {
    // The missing settings by key, so the renderer can name them in the user's language.
    const fields = Object.fromEntries(error.missing.map((key) => [key, 'missing']));
    return { code: 'not-configured', message: error.message, fields };
  }
  if (error instanceof TokenRefusedError || error instanceof HostNetworkError) {
    return { code: 'host-error', message: error.message };
  }
  if (error instanceof z.ZodError) return invalidInput(error);
  appLog.error(`${channel} failed`, error);
  return {
    code: 'internal',
    message: `Something went wrong in ${channel}: ${(error as Error)?.message ?? String(error)}`,
  };
}

export function invalidInput(error: z.ZodError): BridgeError {
  const fields = fieldErrors(error, describeIssue);
  const message = Object.entries(fields)
    .map(([field, problem]) => `${field}: ${problem}`)
    .join('; ');
  return { code: 'invalid-input', message, fields };
}

/** zod's generic messages, rewritten for people; a schema's own message is kept as it is. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (!/^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' ? `is longer than ${String(issue.maximum)} characters` : issue.message;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'must not be empty' : issue.message;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${issue.expected}`;
    default:
      // Custom messages of the contract's schemas (GUID, https URL, …) are already specific.
      return issue.message;
  }
}

function fail(error: BridgeError): BridgeResult<never> {
  return { ok: false, error };
}
