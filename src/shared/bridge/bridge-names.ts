// The names of every bridge call and event, and nothing else: the preload and the browser shell's page script
// build `window.voa` from these lists alone. The maps in bridge-map.ts carry zod and every call's input
// schema, which would otherwise be evaluated at the page's start only to list their keys. The type checker
// holds each list to its map: a call declared there and missing here, listed here and not declared there,
// or listed twice, fails to compile.
import type { CallName, EventName } from './bridge-map.ts';

type Duplicate<Listed extends readonly string[]> = Listed extends readonly [
  infer First,
  ...infer Rest extends string[],
]
  ? First extends Rest[number]
    ? First
    : Duplicate<Rest>
  : never;

/** The list as it is, once the type checker has seen that it names each of All exactly once. */
function eachOnce<All extends string>() {
  return <const Listed extends readonly All[]>(
    listed: Listed &
      ([Exclude<All, Listed[number]>] extends [never] ? unknown : { missing: Exclude<All, Listed[number]> }) &
      ([Duplicate<Listed>] extends [never] ? unknown : { listedTwice: Duplicate<Listed> }),
  ): readonly All[] => listed;
}

export const CALL_NAMES = eachOnce<CallName>()([
  'app:info',
  'settings:get',
  'settings:save',
  'settings:chooseCaFile',
  'secrets:set',
  'secrets:clear',
  'settings:testConnection',
  'admin:status',
  'admin:unlock',
  'admin:lock',
  'admin:setPin',
  'admin:removePin',
  'outbox:submit',
  'outbox:list',
  'outbox:get',
  'outbox:status',
  'outbox:retry',
  'outbox:resend',
  'outbox:discard',
  'outbox:sendToNewConnection',
  'outbox:flush',
  'outbox:networkBack',
  'drafts:get',
  'drafts:save',
  'drafts:addLine',
  'drafts:park',
  'drafts:parked',
  'drafts:resume',
  'drafts:discardParked',
  'workstation:get',
  'workstation:set',
  'catalog:search',
  'catalog:item',
  'catalog:facets',
  'catalog:stats',
  'sync:start',
  'sync:cancel',
  'sync:status',
  'sync:runs',
  'sync:changes',
  'portal:session',
  'portal:requestCode',
  'portal:signIn',
  'portal:signOut',
  'portal:activity',
  'portal:addresses',
  'portal:requests',
  'portal:quotes',
  'portal:orders',
  'portal:shipments',
  'portal:lines',
  'portal:documents',
  'portal:document',
  'portal:acceptQuote',
  'portal:links',
  'portal:link',
  'host:reachability',
  'print:printers',
  'print:choice',
  'print:choose',
  'print:slip',
  'export:catalog',
  'export:outbox',
  'support:about',
  'support:openLogFolder',
  'support:saveBundle',
  'stock:check',
  'updates:status',
  'updates:check',
  'updates:restart',
]);

export const EVENT_NAMES = eachOnce<EventName>()([
  'settings:changed',
  'outbox:changed',
  'connection:changed',
  'drafts:changed',
  'sync:progress',
  'sync:finished',
  'catalog:changed',
  'portal:changed',
  'portal:linksChanged',
  'host:reached',
  'updates:changed',
]);

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}
