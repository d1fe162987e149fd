// State of the request forms the counter, fair and outbox screens share: the forms in progress (kept in
// main as drafts, saved as the user types), the workstation's choices, and the last request each form queued.
import type { SliceCreator } from '../app/app-store.ts';
import type {
  DraftView,
  OutboxItemView,
  ParkedAnswer,
  ParkedDraftView,
  WorkstationChoices,
} from '../../../shared/bridge/outbox-calls.ts';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/define.ts';
import type { LineTarget } from '../../../shared/contract/picked-line.ts';
import {
  DRAFT_TARGETS,
  draftHasContent,
  emptyAccountDraft,
  lineHasContent,
  emptyQuoteDraft,
  type AnyDraft,
  type DraftFor,
  type DraftTarget,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_HEADER_FIELDS, sectionKeys } from '../../../shared/contract/request-fields.ts';
import type { AccountRequestInput, QuoteRequestInput } from '../../../shared/contract/request-schemas.ts';
import type { CallInput } from '../../../shared/bridge/api.ts';
import { voa, type BridgeAnswer } from '../bridge/voa.ts';
import { newLineKey } from './draft-entry.ts';

export type WorkstationChange = CallInput<'workstation:set'>;

/** How long typing may pause before the draft is written (a crash loses at most this much). */
export const DRAFT_SAVE_DELAY_MS = 250;

/** The form of each target, typed by it: `Drafts['account']` is an AccountDraft, the others QuoteDrafts. */
export type Drafts = { [T in DraftTarget]: DraftFor<T> };

/** What a form sends: a quote from the counter's or the fair's form, an account request from its own. */
export type FormSubmission =
  | { target: LineTarget; kind: 'quote'; payload: QuoteRequestInput }
  | { target: 'account'; kind: 'account'; payload: AccountRequestInput };

export interface RequestFormSlice {
  requestsReady: boolean;
  drafts: Drafts;
  workstation: WorkstationChoices;
  /** The last request each form queued: its confirmation and printable slip follow it live. */
  lastSubmitted: Partial<
    Record<DraftTarget, { item: OutboxItemView; payload: QuoteRequestInput | AccountRequestInput }>
  >;
  /** Orders put aside, oldest first (kept in main). */
  parked: ParkedDraftView[];
  /**
   * A form found unfinished when the app opened, per target: put aside and offered ("continue / discard"),
   * so typing never goes into an old order without the employee choosing it.
   */
  offers: Partial<Record<DraftTarget, ParkedDraftView>>;
  initRequestForms(): Promise<void>;
  updateDraft<T extends DraftTarget>(target: T, change: (draft: Drafts[T]) => Drafts[T]): void;
  resetDraft(target: DraftTarget): void;
  /** Writes pending drafts now (before a submit, on page hide). */
  saveDraftsNow(): Promise<void>;
  submitRequest(submission: FormSubmission): Promise<BridgeError | undefined>;
  /** Puts the form's order aside and empties the form; answers why not when main refused. */
  parkDraft(target: DraftTarget): Promise<BridgeError | undefined>;
  /** Brings a parked order back into its form (the form's own order is parked in its place). */
  resumeParked(id: number): Promise<BridgeError | undefined>;
  discardParked(id: number): Promise<BridgeError | undefined>;
  setWorkstation(choices: WorkstationChange): Promise<void>;
  /** A size picked elsewhere (the catalog screen) added as a line to a form's draft; main keeps the draft. */
  addPickedLine(request: CallInput<'drafts:addLine'>): BridgeAnswer<'drafts:addLine'>;
  /** The last counter slip printed on the workstation's slip printer (the browser shell has none). */
  printSlip(): BridgeAnswer<'print:slip'>;
  /** Why the last draft save failed (a limit reached); undefined while drafts save. Nothing is dropped. */
  draftSaveError: string | undefined;
  /**
   * Lookups of form lines' items still on their way. A line sent before its answer would go unchecked, in
   * the unit the entry row shows rather than the item's own: a submit waits until this is 0.
   */
  itemChecksRunning: number;
  /** Counts `check` in itemChecksRunning until it has settled (its line updated). */
  trackItemCheck(check: Promise<void>): Promise<void>;
}

const emptyDrafts = (): Drafts => ({
  counter: emptyQuoteDraft(newLineKey()),
  fair: emptyQuoteDraft(newLineKey()),
  account: emptyAccountDraft(),
});

/** The input of outbox:submit for a form's request; its draft goes in the same commit. */
function submitInput(submission: FormSubmission): CallInput<'outbox:submit'> {
  return submission.kind === 'quote'
    ? { kind: 'quote', payload: submission.payload, fromDraft: submission.target }
    : { kind: 'account', payload: submission.payload, fromDraft: 'account' };
}

/** The input of drafts:park for a target's form. */
function parkInput(drafts: Drafts, target: DraftTarget, unfinished: boolean): CallInput<'drafts:park'> {
  return target === 'account'
    ? { target, draft: drafts.account, unfinished }
    : { target, draft: drafts[target], unfinished };
}

/** The input of drafts:save for a target's form. */
function saveInput(drafts: Drafts, target: DraftTarget): CallInput<'drafts:save'> {
  return target === 'account' ? { target, draft: drafts.account } : { target, draft: drafts[target] };
}

/** The drafts with a view from main put into its form (an empty form where main holds none). */
function withView(drafts: Drafts, view: DraftView): Drafts {
  return view.target === 'account'
    ? { ...drafts, account: view.draft ?? emptyAccountDraft() }
    : { ...drafts, [view.target]: view.draft ?? emptyQuoteDraft(newLineKey()) };
}

/** The customer fields of a quote: with a line, what makes an unfinished order worth offering back. */
const CUSTOMER_KEYS = sectionKeys(QUOTE_HEADER_FIELDS, 'customer');

/**
 * Whether a form found unfinished is offered back: a quote with a line (or a line being typed) or a
 * customer named; an account request with anything typed. A date or a remark alone is not an order.
 */
function worthOffering(draft: AnyDraft): boolean {
  if (!('lines' in draft)) return draftHasContent(draft);
  return (
    draft.lines.length > 0 ||
    lineHasContent(draft.entry) ||
    CUSTOMER_KEYS.some((key) => draft[key].trim() !== '')
  );
}

export const createRequestFormSlice: SliceCreator<RequestFormSlice> = (set, get) => {
  const timers = new Map<DraftTarget, ReturnType<typeof setTimeout>>();
  /** Line keys each quote form has held: a line arriving from the catalog is new if its key is unknown. */
  const knownLineKeys: Record<LineTarget, Set<string>> = { counter: new Set(), fair: new Set() };
  let initialized = false;
  /** Recent item changes from events: a delivery can be announced before the submit call has answered. */
  const recent = new Map<number, OutboxItemView>();
  const newest = (item: OutboxItemView) => {
    const seen = recent.get(item.id);
    return seen && seen.updatedAt >= item.updatedAt ? seen : item;
  };

  const remember = (target: DraftTarget, draft: AnyDraft) => {
    if (target === 'account' || !('lines' in draft)) return;
    for (const line of draft.lines) knownLineKeys[target].add(line.key);
  };

  const save = async (target: DraftTarget) => {
    timers.delete(target);
    const result = await voa.drafts.save(saveInput(get().drafts, target));
    // A draft past a limit is refused by main: say so, or a restart would bring back an older draft.
    const problem = result.ok
      ? undefined
      : Object.entries(result.error.fields ?? {})
          .map(([path, message]) => `${path.replace(/^draft\./, '')}: ${message}`)
          .join('; ') || result.error.message;
    if (problem !== get().draftSaveError) set({ draftSaveError: problem });
  };

  const stopSaving = (target: DraftTarget) => {
    clearTimeout(timers.get(target));
    timers.delete(target);
  };

  /** Applies a parked-list answer: the list, the form it touched, and offers that no longer exist. */
  const applyParked = (result: BridgeResult<ParkedAnswer>): BridgeError | undefined => {
    if (!result.ok) return result.error;
    const { parked, draft } = result.value;
    const ids = new Set(parked.map((entry) => entry.id));
    const offers = Object.fromEntries(
      Object.entries(get().offers).filter(([, offer]) => offer && ids.has(offer.id)),
    );
    if (draft?.draft) remember(draft.target, draft.draft);
    set({ parked, offers, ...(draft ? { drafts: withView(get().drafts, draft) } : {}) });
    return undefined;
  };

  const followSubmitted = (items: OutboxItemView[]) => {
    for (const item of items) {
      recent.delete(item.id);
      recent.set(item.id, item);
    }
    while (recent.size > 200) {
      const oldest = recent.keys().next();
      if (oldest.done) break;
      recent.delete(oldest.value);
    }
    const byId = new Map(items.map((item) => [item.id, item]));
    const lastSubmitted = { ...get().lastSubmitted };
    let changed = false;
    for (const target of DRAFT_TARGETS) {
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
    itemChecksRunning: 0,
    async trackItemCheck(check) {
      set({ itemChecksRunning: get().itemChecksRunning + 1 });
      try {
        await check;
      } finally {
        set({ itemChecksRunning: get().itemChecksRunning - 1 });
      }
    },
    lastSubmitted: {},
    parked: [],
    offers: {},

    async initRequestForms() {
      if (initialized) return;
      initialized = true;
      voa.on('outbox:changed', ({ items }) => followSubmitted(items));
      voa.on('drafts:changed', (view) => {
        // Lines added from the catalog appear in the form at once; the form's own saves are not echoed.
        if (view.cause !== 'addLine' || view.target === 'account' || !view.draft) return;
        const target = view.target;
        const known = knownLineKeys[target];
        const added = view.draft.lines.filter((line) => !known.has(line.key));
        if (!added.length) return;
        get().updateDraft(target, (draft) => ({ ...draft, lines: [...draft.lines, ...added] }));
      });
      window.addEventListener('pagehide', () => void get().saveDraftsNow());
      const [workstation, parked, ...views] = await Promise.all([
        voa.workstation.get(),
        voa.drafts.parked({}),
        ...DRAFT_TARGETS.map((target) => voa.drafts.get({ target })),
      ]);
      let drafts = emptyDrafts();
      const offers: RequestFormSlice['offers'] = {};
      let parkedList = parked.ok ? parked.value.parked : [];
      for (const result of views) {
        if (!result.ok || !result.value.draft) continue;
        const view = result.value;
        const found = withView(drafts, view);
        // An order with neither a line nor a customer is nothing to come back to: it is not kept.
        if (!worthOffering(found[view.target])) {
          void voa.drafts.save({ target: view.target, draft: null });
          continue;
        }
        // A form left half-typed (a reload, a crash, yesterday) is offered, not imposed: it is put aside,
        // and the form starts empty until the employee chooses to continue it.
        const put = draftHasContent(found[view.target])
          ? await voa.drafts.park(parkInput(found, view.target, true))
          : undefined;
        if (put?.ok) {
          parkedList = put.value.parked;
          offers[view.target] = parkedList.at(-1);
        } else {
          // Main could not put it aside (the parked list is full): the form keeps it, nothing is lost.
          drafts = found;
          remember(view.target, found[view.target]);
        }
      }
      set({
        requestsReady: true,
        drafts,
        offers,
        parked: parkedList,
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
      stopSaving(target);
      set({ drafts: withView(get().drafts, { target, draft: null, revision: 0, updatedAt: null }) });
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

    async submitRequest(submission) {
      const { target } = submission;
      stopSaving(target);
      const result = await voa.outbox.submit(submitInput(submission));
      if (!result.ok) {
        // Keep what was typed: the draft is saved again and the form shows what to fix.
        timers.set(
          target,
          setTimeout(() => void save(target), 0),
        );
        return result.error;
      }
      // A new empty form at once; main removed the draft in the same commit that queued the request.
      set({
        drafts: withView(get().drafts, { target, draft: null, revision: 0, updatedAt: null }),
        lastSubmitted: {
          ...get().lastSubmitted,
          [target]: { item: newest(result.value.item), payload: submission.payload },
        },
      });
      return undefined;
    },

    async parkDraft(target) {
      stopSaving(target);
      const error = applyParked(await voa.drafts.park(parkInput(get().drafts, target, false)));
      // Refused (the list is full): the form keeps the order, and it is saved as usual.
      if (error) void save(target);
      return error;
    },

    async resumeParked(id) {
      // Main swaps the parked order with what the form holds, so the form's latest typing must be there.
      await get().saveDraftsNow();
      return applyParked(await voa.drafts.resume({ id }));
    },

    async discardParked(id) {
      return applyParked(await voa.drafts.discardParked({ id }));
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
    addPickedLine: (request) => voa.drafts.addLine(request),
    printSlip: () => voa.print.slip({}),
  };
};
