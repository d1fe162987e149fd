// State of the outbox screen and the header's queue status: the list as filtered, kept current by the
// outbox's change events.
import type { SliceCreator } from '../../app/app-store.ts';
import type { CallInput, EventPayload } from '../../../../shared/bridge/api.ts';
import type { OutboxItemView, OutboxState, OutboxStatus } from '../../../../shared/bridge/outbox-calls.ts';
import { voa, type BridgeAnswer as Answer } from '../../bridge/voa.ts';

export interface OutboxFilter {
  states: OutboxState[];
  search: string;
}

export const OUTBOX_FILTERS = {
  all: [],
  waiting: ['queued', 'sending'],
  needsAttention: ['needsAttention'],
  delivered: ['delivered'],
  discarded: ['discarded'],
} satisfies Record<string, OutboxState[]>;

export interface OutboxSlice {
  outboxStatus: OutboxStatus | undefined;
  outboxItems: OutboxItemView[];
  outboxFilter: OutboxFilter;
  /** Follows the queue from start: the header shows its status on every screen. */
  initOutbox(): Promise<void>;
  loadOutbox(filter?: Partial<OutboxFilter>): Promise<void>;
  /** Tries every waiting request now (also the paused queue's "resume"). */
  flushOutbox(): Answer<'outbox:flush'>;
  retryOutboxItem(id: OutboxItemId): Answer<'outbox:retry'>;
  discardOutboxItem(id: OutboxItemId): Answer<'outbox:discard'>;
  /** One request with its payload (its lines, its form for a correction, its slip). */
  outboxItem(id: OutboxItemId): Answer<'outbox:get'>;
  /** A corrected request queued again under its requestId. */
  resendOutboxItem(request: CallInput<'outbox:resend'>): Answer<'outbox:resend'>;
  /** Requests held from an earlier connection go to the one in Settings; the list is read again after. */
  sendHeldToNewConnection(): Answer<'outbox:sendToNewConnection'>;
  exportOutbox(request: CallInput<'export:outbox'>): Answer<'export:outbox'>;
}

type OutboxItemId = CallInput<'outbox:get'>['id'];

type OutboxChange = EventPayload<'outbox:changed'>;
type StatusChange = EventPayload<'connection:changed'>;

export const createOutboxSlice: SliceCreator<OutboxSlice> = (set, get) => {
  let initialized = false;
  /** Only the newest list asked for is shown: an older one answering late would undo a filter. */
  let newestLoad = 0;
  /** Changes that arrived while a list was on its way: the list may have been read before them. */
  let arrivedWhileLoading: OutboxChange[] = [];
  let loadsOnTheirWay = 0;
  /** The revision of the status shown: an older one, from an answer or an event, does not replace it. */
  let statusRevision = -1;

  const showStatus = ({ status, revision }: StatusChange) => {
    if (revision < statusRevision) return;
    statusRevision = revision;
    set({ outboxStatus: status });
  };

  const mergeItems = (items: OutboxItemView[]) => {
    const state = get();
    const byId = new Map(items.map((item) => [item.id, item]));
    const listed = state.outboxItems.map((item) => byId.get(item.id) ?? item);
    const filter = state.outboxFilter;
    const fresh = items.filter(
      (item) =>
        !state.outboxItems.some((known) => known.id === item.id) &&
        (filter.states.length === 0 || filter.states.includes(item.state)) &&
        !filter.search,
    );
    set({ outboxItems: [...fresh.reverse(), ...listed] });
  };

  return {
    outboxStatus: undefined,
    outboxItems: [],
    outboxFilter: { states: [], search: '' },

    async initOutbox() {
      if (initialized) return;
      initialized = true;
      voa.on('outbox:changed', (change) => {
        if (loadsOnTheirWay) arrivedWhileLoading.push(change);
        showStatus(change);
        mergeItems(change.items);
      });
      voa.on('connection:changed', showStatus);
      // The browser knows first when the network is back: whatever waits for it is tried now. Not a
      // flush, a person's "send now" that lifts a pause: a pause waits for a person or new settings.
      window.addEventListener('online', () => void voa.outbox.networkBack({}));
      const status = await voa.outbox.status();
      // Shown only while nothing newer came: the events are as new as this answer, or newer.
      if (status.ok && statusRevision < 0) set({ outboxStatus: status.value });
    },

    async loadOutbox(filter) {
      const outboxFilter = { ...get().outboxFilter, ...filter };
      set({ outboxFilter });
      const load = ++newestLoad;
      loadsOnTheirWay += 1;
      const result = await voa.outbox
        .list({
          ...(outboxFilter.states.length ? { states: outboxFilter.states } : {}),
          ...(outboxFilter.search.trim() ? { search: outboxFilter.search.trim() } : {}),
          limit: 1000,
        })
        .finally(() => (loadsOnTheirWay -= 1));
      const arrived = arrivedWhileLoading;
      if (!loadsOnTheirWay) arrivedWhileLoading = [];
      if (!result.ok || load !== newestLoad) return;
      set({ outboxItems: result.value.items });
      showStatus(result.value);
      // What changed after the list was read is news to it, whichever of the two arrived first.
      for (const change of arrived) if (change.revision > result.value.revision) mergeItems(change.items);
    },

    flushOutbox: () => voa.outbox.flush({}),
    retryOutboxItem: (id) => voa.outbox.retry({ id }),
    discardOutboxItem: (id) => voa.outbox.discard({ id }),
    outboxItem: (id) => voa.outbox.get({ id }),
    resendOutboxItem: (request) => voa.outbox.resend(request),
    async sendHeldToNewConnection() {
      const result = await voa.outbox.sendToNewConnection({});
      if (result.ok) await get().loadOutbox();
      return result;
    },
    exportOutbox: (request) => voa.export.outbox(request),
  };
};
