// The one declaration of every bridge call and event. Preload, browser shell and main are all built from
// these maps; channel names read `domain:verb`.
import { catalogCalls, catalogEvents } from './catalog-calls.ts';
import { hostCalls, hostEvents } from './host-calls.ts';
import { outboxCalls, outboxEvents } from './outbox-calls.ts';
import { portalCalls, portalEvents } from './portal-calls.ts';
import { printCalls } from './print-calls.ts';
import { exportCalls } from './export-calls.ts';
import { settingsCalls, settingsEvents } from './settings-calls.ts';
import { stockCalls } from './stock-calls.ts';
import { supportCalls } from './support-calls.ts';
import { updateCalls, updateEvents } from './update-calls.ts';

export const bridgeCalls = {
  ...settingsCalls,
  ...outboxCalls,
  ...catalogCalls,
  ...portalCalls,
  ...hostCalls,
  ...printCalls,
  ...exportCalls,
  ...supportCalls,
  ...stockCalls,
  ...updateCalls,
};

export const bridgeEvents = {
  ...settingsEvents,
  ...outboxEvents,
  ...catalogEvents,
  ...portalEvents,
  ...hostEvents,
  ...updateEvents,
};

export type BridgeCalls = typeof bridgeCalls;
export type BridgeEvents = typeof bridgeEvents;
export type CallName = keyof BridgeCalls & string;
export type EventName = keyof BridgeEvents & string;

// Their names, listed once in bridge-names.ts (without the schemas), and held to these maps there.
export { CALL_NAMES, EVENT_NAMES, isEventName } from './bridge-names.ts';

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(bridgeCalls, name);
}
