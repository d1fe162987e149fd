// The customer desk's state in the renderer: who is signed in (never the token, which stays in main), the
// tabs loaded on demand, and the sign-in steps. Every portal datum is dropped the moment main reports the
// session ended, whatever the reason.
import type {
  CodeRequested,
  PortalRead,
  PortalSessionView,
  RequestLinkView,
  SessionEndReason,
} from '../../../../shared/bridge/portal-calls.ts';
import type {
  AcceptQuoteAnswer,
  DeliveryAddress,
  LineDocumentType,
  PortalDocumentLine,
  PortalDocumentRow,
  PortalOrderRow,
  PortalPdf,
  PortalQuoteRow,
  PortalRequestRow,
  PortalShipmentRow,
  PrintDocumentType,
  TruncatedList,
} from '../../../../shared/contract/portal-objects.ts';
import type { BridgeError, BridgeResult } from '../../../../shared/bridge/define.ts';
import { withoutPortalValues } from '../../../../shared/contract/request-drafts.ts';
import type { SliceCreator } from '../../app/app-store.ts';
import { BridgeCallError, readUnlessOvertaken, unwrap, voa } from '../../bridge/voa.ts';
import { keepInSession, recalled } from '../../store/session-memory.ts';

/** A failed call's answer as main gave it; anything else thrown is a fault of VOA Desk itself. */
function bridgeErrorOf(error: unknown): BridgeError {
  return error instanceof BridgeCallError
    ? error.error
    : { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export const CUSTOMER_TABS = ['requests', 'quotes', 'orders', 'shipments', 'lines', 'documents'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

/**
 * The lines tab: the document asked for last, from the moment "Lines" is clicked. `reading` until the host
 * answers, `failed` when it did not (portalError says why), `read` with its lines (null: the host has no
 * such document of this customer). Another document's lines never stand under this one's title, so
 * nothing can be ordered again from them.
 */
export type DocumentLines = { documentType: LineDocumentType; documentNo: string } & (
  { state: 'reading' } | { state: 'read'; lines: PortalDocumentLine[] | null } | { state: 'failed' }
);

export interface TabData {
  requests?: PortalRequestRow[];
  quotes?: TruncatedList<PortalQuoteRow>;
  orders?: TruncatedList<PortalOrderRow>;
  shipments?: TruncatedList<PortalShipmentRow>;
  lines?: DocumentLines;
  documents?: PortalDocumentRow[];
}

export interface CustomerSlice {
  portal: PortalSessionView;
  portalTab: CustomerTab;
  portalData: TabData;
  portalAddresses: DeliveryAddress[] | null | undefined;
  portalLinks: RequestLinkView[];
  portalLoading: boolean;
  /** A failure a person can act on (host unreachable, refused); cleared by the next call. */
  /** Kept whole: the panel words it by its code, the core's text goes behind the details toggle. */
  portalError: BridgeError | null;
  /** Goes up at each new order without a customer signed in: the sign-in form starts empty again. */
  portalSignInRound: number;
  /** The last code asked for, and for which address: its wait holds that address only. */
  portalCode: (CodeRequested & { email: string }) | null;
  portalPdf: PortalPdf | null;
  /** True once an ended session took the customer's data out of a form (said on the sign-in form). */
  portalFormCleared: boolean;
  portalStart(): void;
  portalShown(): void;
  portalRequestCode(email: string): Promise<void>;
  /** True when signed in; false when the code was not accepted. */
  portalSignIn(email: string, code: string): Promise<boolean>;
  portalSignOut(reason: Extract<SessionEndReason, 'signedOut' | 'nextCustomer' | 'reload'>): Promise<void>;
  portalShowTab(tab: CustomerTab, refresh?: boolean): Promise<void>;
  portalLoadLines(documentType: LineDocumentType, documentNo: string): Promise<void>;
  portalLoadAddresses(): Promise<void>;
  portalOpenDocument(documentType: PrintDocumentType, documentNo: string): Promise<'opened' | 'none'>;
  portalClosePdf(): void;
  portalAccept(quoteNo: string): Promise<AcceptQuoteAnswer | null>;
  portalLink(requestId: string): Promise<void>;
  portalActivity(): void;
}

const EMPTY_VIEW: PortalSessionView = { customer: null, details: null, ended: null, revision: 0 };

/** What every ended session leaves behind: nothing of the customer. */
const FORGOTTEN = {
  portalData: {},
  portalAddresses: undefined,
  portalPdf: null,
  portalCode: null,
  portalError: null,
};

/** The forms a signed-in customer's data can be copied into. */
const CUSTOMER_FORMS = ['counter', 'fair'] as const;

export const createCustomerSlice: SliceCreator<CustomerSlice> = (set, get) => {
  let started = false;
  let lastActivity = 0;
  /** Tabs being read now: showing a tab again while its read runs does not read it twice. */
  const reading = new Set<CustomerTab>();
  /** The newest session revision seen, from an answer or an event. */
  let newestRevision = 0;

  /**
   * Takes every value of a customer who is no longer signed in out of the forms (whatever ended the
   * session); what the employee typed stays. Main never stored those values, so no draft on disk holds them.
   */
  function clearFormsOfOthers(signedIn: string | null): boolean {
    let cleared = false;
    for (const target of CUSTOMER_FORMS) {
      const mark = get().drafts[target].portal;
      if (!mark || mark.customerNo === signedIn) continue;
      get().updateDraft(target, withoutPortalValues);
      cleared = true;
    }
    return cleared;
  }

  /** Main's view of the session: a session that ended (or changed hands) forgets the customer everywhere. */
  function applyView(view: PortalSessionView, extra: Partial<CustomerSlice> = {}): void {
    // An answer read before a newer change (a sign-out's event came first) never brings a customer back;
    // a view without one always applies, whatever its age.
    if (view.customer && view.revision < newestRevision) return;
    newestRevision = Math.max(newestRevision, view.revision);
    const cleared = clearFormsOfOthers(view.customer?.customerNo ?? null);
    const formCleared = view.customer ? false : cleared || get().portalFormCleared;
    // Main may report another customer signed in over this one: nothing of the first stays on screen.
    const before = get().portal.customer?.customerNo;
    const otherCustomer = view.customer && before !== undefined && before !== view.customer.customerNo;
    // Nobody was signed in (the panel shown again while a customer signs in): the code asked for stays,
    // as the address typed does.
    const codeKept = before === undefined ? { portalCode: get().portalCode } : {};
    set(
      view.customer && !otherCustomer
        ? { portal: view, portalFormCleared: false, ...extra }
        : { ...FORGOTTEN, ...codeKept, portal: view, portalFormCleared: formCleared, ...extra },
    );
  }

  /**
   * A read for the customer; an ended session clears everything and is shown as such. A read whose
   * answer is no longer wanted (`wanted` false by the time it fails) reports no error: the failure of a
   * document nobody looks at any more is not shown over the one on screen.
   */
  async function portalRead<T>(
    call: () => Promise<BridgeResult<PortalRead<T>>>,
    wanted: () => boolean = () => true,
  ): Promise<T | undefined> {
    set({ portalLoading: true, portalError: null });
    try {
      const read = await unwrap(call());
      if (read.state === 'ended') {
        applyView({
          customer: null,
          details: null,
          ended: { reason: read.reason, at: '' },
          revision: newestRevision,
        });
        return undefined;
      }
      return read.value;
    } catch (error) {
      if (wanted()) set({ portalError: bridgeErrorOf(error) });
      return undefined;
    } finally {
      set({ portalLoading: false });
    }
  }

  return {
    portal: EMPTY_VIEW,
    // A reload comes back to the tab that was open ("lines" needs its document, so not that one).
    portalTab: recalled(
      'customer.tab',
      CUSTOMER_TABS.filter((tab) => tab !== 'lines'),
      'requests',
    ),
    portalData: {},
    portalAddresses: undefined,
    portalLinks: [],
    portalLoading: false,
    portalError: null,
    portalCode: null,
    portalSignInRound: 0,
    portalPdf: null,
    portalFormCleared: false,

    portalStart() {
      if (started) return;
      started = true;
      voa.on('portal:changed', (view) => applyView(view));
      // Once per page: a session found signed in is one the previous page had, and whatever that page's
      // forms held of the customer went with it. The session ends too, as on any other way out.
      get()
        .portalSignOut('reload')
        .catch((error: unknown) => set({ portalError: bridgeErrorOf(error) }));
      voa.on('portal:linksChanged', (links) => set({ portalLinks: links }));
      // "New order" at the counter clears its form: a new customer is at the desk.
      voa.on('drafts:changed', (view) => {
        if (view.target !== 'counter' || view.draft !== null || view.cause !== 'save') return;
        if (get().portal.customer) void get().portalSignOut('nextCustomer');
        // Nobody signed in: an address typed for a sign-in that never happened goes too.
        else set({ portalCode: null, portalError: null, portalSignInRound: get().portalSignInRound + 1 });
      });
      void readUnlessOvertaken('portal:linksChanged', () => voa.portal.links({})).then(
        (links) => links?.ok && set({ portalLinks: links.value }),
      );
    },

    portalShown() {
      // Every time the panel is shown: ReadSession, as the contract asks for every portal page view.
      void unwrap(voa.portal.session({}))
        .then((view) => applyView(view))
        .catch((error: unknown) => set({ portalError: bridgeErrorOf(error) }));
    },

    async portalRequestCode(email) {
      set({ portalError: null });
      try {
        set({ portalCode: { ...(await unwrap(voa.portal.requestCode({ email }))), email } });
      } catch (error) {
        set({ portalError: bridgeErrorOf(error) });
      }
    },

    async portalSignIn(email, code) {
      set({ portalError: null, portalLoading: true });
      try {
        const answer = await unwrap(voa.portal.signIn({ email, code }));
        if (!answer.signedIn) return false;
        set(FORGOTTEN);
        applyView(answer.session, { portalTab: 'requests' });
        void get().portalShowTab('requests');
        return true;
      } catch (error) {
        set({ portalError: bridgeErrorOf(error) });
        return false;
      } finally {
        set({ portalLoading: false });
      }
    },

    async portalSignOut(reason) {
      const view = await unwrap(voa.portal.signOut({ reason }));
      applyView(view);
    },

    async portalShowTab(tab, refresh = false) {
      set({ portalTab: tab });
      keepInSession('customer.tab', tab);
      const data = get().portalData;
      if (!refresh && data[tab] !== undefined) return;
      if (tab === 'lines' || reading.has(tab)) return;
      reading.add(tab);
      const customer = get().portal.customer?.customerNo;
      const store = <K extends keyof TabData>(key: K, value: TabData[K] | undefined) => {
        reading.delete(tab);
        // A read that answers after the customer left (or another signed in) is not shown.
        if (value !== undefined && get().portal.customer?.customerNo === customer)
          set({ portalData: { ...get().portalData, [key]: value } });
      };
      if (tab === 'requests') store(tab, await portalRead(() => voa.portal.requests({})));
      if (tab === 'quotes') store(tab, await portalRead(() => voa.portal.quotes({})));
      if (tab === 'orders') store(tab, await portalRead(() => voa.portal.orders({})));
      if (tab === 'shipments') store(tab, await portalRead(() => voa.portal.shipments({})));
      if (tab === 'documents') store(tab, await portalRead(() => voa.portal.documents({})));
    },

    async portalLoadLines(documentType, documentNo) {
      // The tab names the document asked for at once, as being read: the lines on screen until now were
      // another document's, and "order again" must never offer those under this one's title.
      const asked: DocumentLines = { documentType, documentNo, state: 'reading' };
      const customer = get().portal.customer?.customerNo;
      set({ portalTab: 'lines', portalData: { ...get().portalData, lines: asked } });
      // Still wanted while this ask is the one on screen for the same customer: a later click replaces
      // it, and a sign-out or another customer forgets it with the rest of portalData.
      const wanted = () => get().portalData.lines === asked && get().portal.customer?.customerNo === customer;
      const lines = await portalRead(() => voa.portal.lines({ documentType, documentNo }), wanted);
      if (!wanted()) return;
      const answered: DocumentLines =
        lines === undefined
          ? { documentType, documentNo, state: 'failed' }
          : { documentType, documentNo, state: 'read', lines };
      set({ portalData: { ...get().portalData, lines: answered } });
    },

    async portalLoadAddresses() {
      const addresses = await portalRead(() => voa.portal.addresses({}));
      if (addresses !== undefined) set({ portalAddresses: addresses });
    },

    async portalOpenDocument(documentType, documentNo) {
      const pdf = await portalRead(() => voa.portal.document({ documentType, documentNo }));
      if (!pdf) return 'none';
      set({ portalPdf: pdf });
      return 'opened';
    },

    portalClosePdf() {
      set({ portalPdf: null });
    },

    async portalAccept(quoteNo) {
      const answer = await portalRead(() => voa.portal.acceptQuote({ quoteNo }));
      return answer ?? null;
    },

    async portalLink(requestId) {
      await portalRead(() => voa.portal.link({ requestId }));
    },

    portalActivity() {
      // The idle time restarts in main; once every 20 s is plenty for minutes of idle time.
      if (!get().portal.customer || Date.now() - lastActivity < 20_000) return;
      lastActivity = Date.now();
      void voa.portal.activity({});
    },
  };
};

/** The statuses to show for a code request: when "send a new code" may be pressed again. */
export function secondsUntil(iso: string | undefined, now: number): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** Whether two typed e-mail addresses are one, as the desk's code wait counts them (case and spaces aside). */
export function sameAddress(one: string, other: string): boolean {
  return one.trim().toLowerCase() === other.trim().toLowerCase();
}
