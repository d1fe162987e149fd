// The outbox, drafts and request delivery: submissions are validated (by the bridge, with the
// shared schemas), given their requestId and committed before the caller hears "queued"; the sender
// delivers them in the background; every change is an event.
import { randomUUID } from 'node:crypto';
import {
  REMEMBERED_ITEM_UNITS_MAX,
  type DraftView,
  type OutboxStatus,
  type ParkedAnswer,
} from '../../../shared/bridge/outbox-calls.ts';
import { LINE_UNITS, type LineUnit } from '../../../shared/contract/request-lines.ts';
import { localDate, pastDateIssue, unitIssues } from '../../../shared/contract/request-submit-rules.ts';
import {
  PARKED_DRAFTS_HARD_MAX,
  PARKED_DRAFTS_MAX,
  draftHasContent,
  emptyQuoteDraft,
  lineFromPicked,
} from '../../../shared/contract/request-drafts.ts';
import { MAX_QUOTE_LINES } from '../../../shared/contract/request-schemas.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { ADMINISTRATOR_CALLER } from '../bridge/bridge-caller.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { VoaRequestsClient } from '../host/voa-requests-client.ts';
import { DraftStore, WorkstationPreferences } from './draft-store.ts';
import { OutboxSender, type OutboxTiming } from './outbox-sender.ts';
import { OutboxStore, itemDetail, itemView as plainItemView, type OutboxItem } from './outbox-store.ts';
import { newRequestId } from './request-id.ts';
import { connectionKey } from '../host/connection-binding.ts';

type OutboxHandlers = Pick<
  BridgeHandlers,
  | 'outbox:submit'
  | 'outbox:list'
  | 'outbox:get'
  | 'outbox:status'
  | 'outbox:retry'
  | 'outbox:resend'
  | 'outbox:discard'
  | 'outbox:flush'
  | 'outbox:networkBack'
  | 'outbox:sendToNewConnection'
  | 'drafts:get'
  | 'drafts:save'
  | 'drafts:addLine'
  | 'drafts:park'
  | 'drafts:parked'
  | 'drafts:resume'
  | 'drafts:discardParked'
  | 'workstation:get'
  | 'workstation:set'
>;

export interface OutboxModule extends CoreModule<OutboxHandlers> {
  store: OutboxStore;
  sender: OutboxSender;
  /** A network or wake event of the shell: whatever waits for the network is tried now. */
  nudge(reason: 'network' | 'wake'): void;
  status(): OutboxStatus;
  /** Delivery pacing; tests shorten it. */
  tune(timing: Partial<OutboxTiming>): void;
}

const PREFERENCE_KEYS = { counterEmployee: 'counter.employee', fairSource: 'fair.source' } as const;
/** Prefix of the remembered unit of an item: `unit.<item number>`. */
const ITEM_UNIT_PREFIX = 'unit.';

/** The part of the core the outbox uses. */
export type OutboxServices = Pick<CoreServices, 'adminLock' | 'appDb' | 'events' | 'host' | 'settings'>;

export function createOutboxModule(core: OutboxServices): OutboxModule {
  const store = new OutboxStore(core.appDb);
  store.bindToConnection(() => connectionKey(core.settings.current));
  const itemView = (item: OutboxItem) => plainItemView(item, store.heldFor(item));
  const drafts = new DraftStore(core.appDb);
  const preferences = new WorkstationPreferences(core.appDb);
  const client = new VoaRequestsClient({ host: core.host, settings: () => core.settings.current });
  let revision = 0;
  const emitItems = (items: OutboxItem[]) => {
    revision += 1;
    core.events.emit('outbox:changed', { items: items.map(itemView), status: sender.status(), revision });
  };
  const sender = new OutboxSender({
    store,
    deliver: (item, timeoutMs) => client.deliver(item.kind, item.payload, { timeoutMs }),
    onItems: emitItems,
    onStatus: (status) => {
      revision += 1;
      core.events.emit('connection:changed', { status, revision });
    },
  });
  let unsubscribe: (() => void) | undefined;

  /** Item number → the unit this workstation remembers for it. */
  const rememberedUnits = (): Record<string, LineUnit> => {
    const units: Record<string, LineUnit> = {};
    for (const { key, value } of preferences.withPrefix(ITEM_UNIT_PREFIX, REMEMBERED_ITEM_UNITS_MAX)) {
      const unit = LINE_UNITS.find((known) => known === value);
      if (unit) units[key.slice(ITEM_UNIT_PREFIX.length)] = unit;
    }
    return units;
  };

  const itemOrFail = (id: number): OutboxItem => {
    const item = store.get(id);
    if (!item) throw new BridgeFailure('not-found', `There is no outbox item ${id}.`);
    return item;
  };
  const wrongState = (item: OutboxItem, action: string) =>
    new BridgeFailure(
      'invalid-input',
      `Request ${item.requestId} is ${item.state}: only a request that is queued or needs attention can be ${action}.`,
    );

  const handlers: OutboxHandlers = {
    'outbox:submit': async ({ kind, payload, fromDraft }) => {
      if (kind === 'quote') {
        // Pieces are whole numbers, and the requested date is not in the past, whatever sent the request
        // (a form, a CLI import). A re-run import of a request already queued is not a new submission.
        const issues = unitIssues(payload, core.settings.current.units);
        const queuedAlready = payload.requestId !== undefined && store.byRequestId(payload.requestId);
        const past = queuedAlready ? undefined : pastDateIssue(payload, localDate(new Date()));
        if (past) issues.requestedDeliveryDate = past[core.settings.current.uiLanguage];
        const paths = Object.keys(issues);
        if (paths.length) {
          throw new BridgeFailure(
            'invalid-input',
            paths.map((path) => `${path}: ${issues[path]}`).join('; '),
            Object.fromEntries(paths.map((path) => [`payload.${path}`, issues[path] as string])),
          );
        }
      }
      const requestId = payload.requestId ?? newRequestId();
      const answer = store.transaction(() => {
        const existing = store.byRequestId(requestId);
        if (existing) {
          // A re-run import: the request is in the outbox already, under the requestId it brought.
          if (existing.kind !== kind) {
            throw new BridgeFailure(
              'invalid-input',
              `requestId ${requestId} belongs to a ${existing.kind} request already in the outbox.`,
              {
                requestId: `is already used by a ${existing.kind} request in the outbox`,
              },
            );
          }
          return { item: existing, existing: true };
        }
        const item = store.insert(kind, requestId, { ...payload, requestId });
        const draft = fromDraft ? drafts.put(fromDraft, null) : undefined;
        return { item, existing: false, draft };
      });
      if (!answer.existing) {
        emitItems([answer.item]);
        if ('draft' in answer && answer.draft)
          core.events.emit('drafts:changed', { ...answer.draft, cause: 'submit' });
        sender.nudge('submitted');
      }
      return { item: itemView(answer.item), existing: answer.existing };
    },
    'outbox:list': async (filter) => ({
      items: store.list(filter).map(itemView),
      status: sender.status(),
      revision,
    }),
    'outbox:get': async ({ id }) => {
      const item = itemOrFail(id);
      const detail = itemDetail(item, store.heldFor(item));
      if (!detail)
        throw new BridgeFailure(
          'invalid-input',
          item.unreadable ?? `Request ${item.requestId} cannot be read.`,
        );
      return detail;
    },
    'outbox:status': async () => sender.status(),
    'outbox:retry': async ({ id }) => {
      const item = itemOrFail(id);
      if (item.state !== 'queued' && item.state !== 'needsAttention') throw wrongState(item, 'retried');
      const updated = store.retry(id) as OutboxItem;
      emitItems([updated]);
      sender.nudge('person');
      return itemView(updated);
    },
    'outbox:resend': async ({ id, kind, payload }) => {
      const item = itemOrFail(id);
      if (item.state !== 'needsAttention') throw wrongState(item, 'corrected and resent');
      if (item.kind !== kind)
        throw new BridgeFailure('invalid-input', `Request ${item.requestId} is a ${item.kind} request.`, {
          kind: `must be ${item.kind}`,
        });
      if (payload.requestId !== undefined && payload.requestId !== item.requestId) {
        throw new BridgeFailure('invalid-input', 'A corrected request keeps its requestId.', {
          requestId: `must stay ${item.requestId}: nothing was stored under it, so it is sent again`,
        });
      }
      const updated = store.replacePayload(id, { ...payload, requestId: item.requestId }) as OutboxItem;
      emitItems([updated]);
      sender.nudge('person');
      return itemView(updated);
    },
    'outbox:discard': async ({ id }) => {
      const item = itemOrFail(id);
      if (item.state !== 'queued' && item.state !== 'needsAttention') throw wrongState(item, 'discarded');
      const updated = store.discard(id) as OutboxItem;
      emitItems([updated]);
      return itemView(updated);
    },
    'outbox:flush': async ({ waitSeconds }) => sender.flush((waitSeconds ?? 0) * 1000),
    // The renderer's word that the network is back is main's own network nudge, never a person's "send now":
    // it cannot lift a pause.
    'outbox:networkBack': async () => {
      sender.nudge('network');
      return sender.status();
    },
    'outbox:sendToNewConnection': async (_input, caller = ADMINISTRATOR_CALLER) => {
      // Where requests go is a connection setting: with an administrator PIN, only an unlocked desk decides.
      await core.adminLock.assertUnlocked(caller);
      if (connectionKey(core.settings.current) === null) {
        throw new BridgeFailure(
          'invalid-input',
          core.settings.current.uiLanguage === 'nl'
            ? 'Er is geen verbinding ingesteld: vul eerst de verbinding in bij Instellingen.'
            : 'No connection is set up: fill in the connection in Settings first.',
        );
      }
      const released = store.sendHeldToCurrentConnection();
      if (released) {
        emitItems([]);
        sender.nudge('person');
      }
      return { released, status: sender.status() };
    },
    'drafts:get': async ({ target }) => drafts.get(target),
    'drafts:save': async ({ target, draft }) => {
      const view = store.transaction(() => drafts.put(target, draft));
      core.events.emit('drafts:changed', { ...view, cause: 'save' });
      return view;
    },
    'drafts:addLine': async ({ target, line }) => {
      const view = store.transaction(() => {
        const current = drafts.quote(target) ?? emptyQuoteDraft(randomUUID());
        if (current.lines.length >= MAX_QUOTE_LINES) {
          throw new BridgeFailure(
            'invalid-input',
            `The ${target} request has ${MAX_QUOTE_LINES} lines, the most one request takes: send it first, or start another.`,
          );
        }
        const remembered = rememberedUnits()[line.itemNo.toUpperCase()];
        return drafts.put(target, {
          ...current,
          lines: [
            ...current.lines,
            lineFromPicked(randomUUID(), line, { codes: core.settings.current.units, remembered }),
          ],
        });
      });
      core.events.emit('drafts:changed', { ...view, cause: 'addLine' });
      return view;
    },
    'drafts:park': async ({ target, draft, unfinished }) => {
      const answer = store.transaction((): ParkedAnswer => {
        if (!draftHasContent(draft))
          throw new BridgeFailure('invalid-input', 'An empty form is not parked: there is nothing to keep.');
        const count = drafts.parkedCount();
        // By hand at most PARKED_DRAFTS_MAX; a form found unfinished is kept beyond that, up to a hard bound.
        if (count >= (unfinished ? PARKED_DRAFTS_HARD_MAX : PARKED_DRAFTS_MAX)) {
          throw new BridgeFailure(
            'conflict',
            `${count} orders are parked, the most VOA Desk keeps: resume or discard one first.`,
          );
        }
        drafts.park(target, draft, unfinished, drafts.get(target).updatedAt ?? new Date().toISOString());
        return { parked: drafts.parked(), draft: drafts.put(target, null) };
      });
      if (answer.draft) core.events.emit('drafts:changed', { ...answer.draft, cause: 'park' });
      return answer;
    },
    'drafts:parked': async () => ({ parked: drafts.parked() }),
    'drafts:resume': async ({ id }) => {
      const answer = store.transaction((): ParkedAnswer & { draft: DraftView } => {
        const resumed = drafts.takeParked(id);
        if (!resumed) throw new BridgeFailure('not-found', `There is no parked order ${id}.`);
        // What the form holds now is parked in its place: resuming never overwrites a form.
        const current = drafts.get(resumed.target);
        if (current.draft && draftHasContent(current.draft))
          drafts.park(current.target, current.draft, false, current.updatedAt ?? new Date().toISOString());
        return { parked: drafts.parked(), draft: drafts.put(resumed.target, resumed.draft) };
      });
      core.events.emit('drafts:changed', { ...answer.draft, cause: 'resume' });
      return answer;
    },
    'drafts:discardParked': async ({ id }) =>
      store.transaction(() => {
        if (!drafts.discardParked(id))
          throw new BridgeFailure('not-found', `There is no parked order ${id}.`);
        return { parked: drafts.parked() };
      }),
    'workstation:get': async () => ({
      counterEmployee: preferences.get(PREFERENCE_KEYS.counterEmployee),
      fairSource: preferences.get(PREFERENCE_KEYS.fairSource),
      itemUnits: rememberedUnits(),
    }),
    'workstation:set': async (choices) => {
      store.transaction(() => {
        for (const key of ['counterEmployee', 'fairSource'] as const) {
          if (choices[key] !== undefined) preferences.set(PREFERENCE_KEYS[key], choices[key]);
        }
        if (choices.itemUnit) {
          preferences.set(
            `${ITEM_UNIT_PREFIX}${choices.itemUnit.itemNo.toUpperCase()}`,
            choices.itemUnit.unit,
          );
          preferences.trim(ITEM_UNIT_PREFIX, REMEMBERED_ITEM_UNITS_MAX);
        }
      });
      return handlers['workstation:get']({});
    },
  };

  return {
    handlers,
    store,
    sender,
    start() {
      // New settings or a new secret may be what a paused queue waits for.
      unsubscribe = core.events.subscribe((name) => {
        if (name === 'settings:changed') sender.nudge('settings');
      });
      sender.start();
    },
    async stop() {
      unsubscribe?.();
      await sender.stop();
    },
    nudge: (reason) => sender.nudge(reason),
    status: () => sender.status(),
    tune(timing) {
      sender.timing = { ...sender.timing, ...timing };
    },
  };
}
