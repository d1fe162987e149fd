// State of the request forms the counter, fair and outbox screens share: the forms in progress (kept in
// main as drafts, saved as the user types), the workstation's choices, and the last request each form queued.
import type { SliceCreator } from '../app/app-store.ts';
import type { OutboxItemView, WorkstationChoices } from '../../../shared/bridge/outbox-calls.ts';
import type { BridgeError } from '../../../shared/bridge/define.ts';
import {
  emptyAccountDraft,
  emptyQuoteDraft,
  type AccountDraft,
  type DraftTarget,
  type QuoteDraft,
} from '../../../shared/contract/request-drafts.ts';
import type { AccountRequestInput, QuoteRequestInput } from '../../../shared/contract/request-schemas.ts';
import type { CallInput } from '../../../shared/bridge/api.ts';
import { voa } from '../bridge/voa.ts';

export type WorkstationChange = CallInput<'workstation:set'>;
import { newLineKey } from './request-form-support.ts';

/** How long typing may pause before the draft is written (a crash loses at most this much). */
export const DRAFT_SAVE_DELAY_MS = 250;

export interface Drafts {
  counter: QuoteDraft;
  fair: QuoteDraft;
  account: AccountDraft;
}

export interface RequestFormSlice {
  requestsReady: boolean;
  drafts: Drafts;
  workstation: WorkstationChoices;
  /** The last request each form queued: its confirmation and printable slip follow it live. */
  lastSubmitted: Partial<
    Record<DraftTarget, { item: OutboxItemView; payload: QuoteRequestInput | AccountRequestInput }>
  >;
  initRequestForms(): Promise<void>;
  updateDraft<T extends DraftTarget>(target: T, change: (draft: Drafts[T]) => Drafts[T]): void;
  resetDraft(target: DraftTarget): void;
  /** Writes pending drafts now (before a submit, on page hide). */
  saveDraftsNow(): Promise<void>;
  submitRequest(
    target: DraftTarget,
    request:
      { kind: 'quote'; payload: QuoteRequestInput } | { kind: 'account'; payload: AccountRequestInput },
  ): Promise<BridgeError | undefined>;
  setWorkstation(choices: WorkstationChange): Promise<void>;
  /** Why the last draft save failed (a limit reached); undefined while drafts save. Nothing is dropped. */
  draftSaveError: string | undefined;
}

const emptyDrafts = (): Drafts => ({
  counter: emptyQuoteDraft(newLineKey()),
  fair: emptyQuoteDraft(newLineKey()),
  account: emptyAccountDraft(),
});

const TARGETS: DraftTarget[] = ['counter', 'fair', 'account'];

export const createRequestFormSlice: SliceCreator<RequestFormSlice> = (set, get) => {
  const timers = new Map<DraftTarget, ReturnType<typeof setTimeout>>();
  /** Line keys each quote form has held: a line arriving from the catalog is new if its key is unknown. */
  const knownLineKeys: Record<'counter' | 'fair', Set<string>> = { counter: new Set(), fair: new Set() };
  let initialized = false;
  /** Recent item changes from events: a delivery can be announced before the submit call has answered. */
  const recent = new Map<number, OutboxItemView>();
  const newest = (item: OutboxItemView) => {
    const seen = recent.get(item.id);
    return seen && seen.updatedAt >= item.updatedAt ? seen : item;
  };

  const remember = (target: DraftTarget, draft: QuoteDraft | AccountDraft) => {
    if (target === 'account' || !('lines' in draft)) return;
    for (const line of draft.lines) knownLineKeys[target].add(line.key);
  };

  const save = async (target: DraftTarget) => {
    timers.delete(target);
    const drafts = get().drafts;
    const result = await (target === 'account'
      ? voa.drafts.save({ target, draft: drafts.account })
      : voa.drafts.save({ target, draft: drafts[target] }));
    // A draft past a limit is refused by main: say so, or a restart would bring back an older draft.
    const problem = result.ok
      ? undefined
      : Object.entries(result.error.fields ?? {})
          .map(([path, message]) => `${path.replace(/^draft\./, '')}: ${message}`)
          .join('; ') || result.error.message;
    if (problem !== get().draftSaveError) set({ draftSaveError: problem });
  };

  const followSubmitted = (items: OutboxItemView[]) => {
    for (const item of items) {
      recent.delete(item.id);
      recent.set(item.id, item);
    }
    while (recent.size > 200) recent.delete(recent.keys().next().value as number);
    const byId = new Map(items.map((item) => [item.id, item]));
    const lastSubmitted = { ...get().lastSubmitted };
    let changed = false;
    for (const target of TARGETS) {
      const last = lastSubmitted[target];
      const update = last && byId.get(last.item.id);
      if (last && update) {
        lastSubmitted[target] = { ...last, item: update };
        changed = true;
      }
    }
    if (changed) set({ lastSubmitted });
  };

  return {
    requestsReady: false,
    drafts: emptyDrafts(),
    workstation: { counterEmployee: null, fairSource: null, itemUnits: {} },
    draftSaveError: undefined,
    lastSubmitted: {},

    async initRequestForms() {
      if (initialized) return;
      initialized = true;
      voa.on('outbox:changed', ({ items }) => followSubmitted(items));
      voa.on('drafts:changed', (view) => {
        // Lines added from the catalog appear in the form at once; the form's own saves are not echoed.
        if (view.cause !== 'addLine' || view.target === 'account' || !view.draft) return;
        const target = view.target;
        const incoming = view.draft as QuoteDraft;
        const known = knownLineKeys[target];
        const added = incoming.lines.filter((line) => !known.has(line.key));
        if (!added.length) return;
        get().updateDraft(target, (draft) => ({ ...draft, lines: [...draft.lines, ...added] }));
      });
      window.addEventListener('pagehide', () => void get().saveDraftsNow());
      const [workstation, ...drafts] = await Promise.all([
        voa.workstation.get(),
        ...TARGETS.map((target) => voa.drafts.get({ target })),
      ]);
      const loaded = emptyDrafts();
      drafts.forEach((result, index) => {
        const target = TARGETS[index] as DraftTarget;
        if (result.ok && result.value.draft) {
          (loaded as unknown as Record<string, unknown>)[target] = result.value.draft;
          remember(target, result.value.draft);
        }
      });
      set({
        requestsReady: true,
        drafts: loaded,
        ...(workstation.ok ? { workstation: workstation.value } : {}),
      });
    },

    updateDraft(target, change) {
      const next = change(get().drafts[target]);
      remember(target, next);
      set({ drafts: { ...get().drafts, [target]: next } });
      clearTimeout(timers.get(target));
      timers.set(
        target,
        setTimeout(() => void save(target), DRAFT_SAVE_DELAY_MS),
      );
    },

    resetDraft(target) {
      clearTimeout(timers.get(target));
      timers.delete(target);
      const fresh = target === 'account' ? emptyAccountDraft() : emptyQuoteDraft(newLineKey());
      set({ drafts: { ...get().drafts, [target]: fresh } });
      void voa.drafts.save({ target, draft: null });
    },

    async saveDraftsNow() {
      await Promise.all(
        [...timers.keys()].map((target) => {
          clearTimeout(timers.get(target));
          return save(target);
        }),
      );
    },

    async submitRequest(target, request) {
      clearTimeout(timers.get(target));
      timers.delete(target);
      const result = await voa.outbox.submit({ ...request, fromDraft: target } as never);
      if (!result.ok) {
        // Keep what was typed: the draft is saved again and the form shows what to fix.
        timers.set(
          target,
          setTimeout(() => void save(target), 0),
        );
        return result.error;
      }
      // A new empty form at once; main removed the draft in the same commit that queued the request.
      const fresh = target === 'account' ? emptyAccountDraft() : emptyQuoteDraft(newLineKey());
      set({
        drafts: { ...get().drafts, [target]: fresh },
        lastSubmitted: {
          ...get().lastSubmitted,
          [target]: { item: newest(result.value.item), payload: request.payload },
        },
      });
      return undefined;
    },

    async setWorkstation(choices) {
      const { itemUnit, ...named } = choices;
      const itemUnits = { ...get().workstation.itemUnits };
      if (itemUnit?.unit) itemUnits[itemUnit.itemNo.toUpperCase()] = itemUnit.unit;
      else if (itemUnit) delete itemUnits[itemUnit.itemNo.toUpperCase()];
      set({ workstation: { ...get().workstation, ...named, itemUnits } });
      const result = await voa.workstation.set(choices);
      if (result.ok) set({ workstation: result.value });
    },
  };
};
