import type { PortalState } from './portal-state.ts';
import type { RequestKind, StoredLine, StoredValue } from './request-payload.ts';

/** Host setup the admin API can change while the emulator runs. */
export interface EmulatorSettings {
  /** The Refuse Requests switch of the setup card. */
  refuseRequests: boolean;
  /** Next number the quote request series hands out (installation default WEB000001). */
  quoteNextNumber: string;
  /** Next number the account request series hands out (installation default ACC000001). */
  accountNextNumber: string;
  /** Whether the steel extension is installed. */
  steel: boolean;
  /** Server-driven page size of the catalog pages. */
  pageSize: number;
  tokenLifetimeSeconds: number;
  /** Setup switch: confirmation mail to the requester. */
  sendConfirmationMail: boolean;
  /** Setup switch: notification mail to inside sales. */
  sendNotificationMail: boolean;
  insideSalesEmail: string;
  /**
   * Permission sets the synchronization application holds (setup's Repair Permissions assigns
   * `VOA WEB SYNC` and, with the steel extension, `VOA CG S365 SYNC`). A page whose set is missing is
   * refused with 403 naming the page.
   */
  syncPermissionSets: string[];
  /** Pages refused to the synchronization application as if a permission set had been edited by hand. */
  refusedSyncPages: string[];
  /** Portal settings of the setup card (reference, Portal settings). */
  signInCodeValidityMinutes: number;
  maximumCodeAttempts: number;
  signInCodeWaitSeconds: number;
  sessionDurationMinutes: number;
  maximumSessionAgeHours: number;
  portalDocumentsFromReports: boolean;
  /** Whether the steel extension's document archive is installed (only counts with the steel extension). */
  steelArchive: boolean;
  /** Emulator only: the least time RequestCode takes (the reference's 1.5 s by default). */
  requestCodeMinimumMs: number;
  /** Emulator only: how long AcceptQuote holds its acceptance open, so a concurrent call can meet it. */
  acceptanceRecordingMs: number;
}

/** A request exactly as the host stored it: host-set fields first, then each payload key. */
export interface StoredRequest {
  number: string;
  status: 'New';
  receivedAt: string;
  customerNo: string;
  quoteRequestLines?: StoredLine[];
  [payloadKey: string]: StoredValue | StoredLine[] | undefined;
}

export type RecordedMail = RequestMail | SignInCodeMail | AcceptanceMail;

export interface SignInCodeMail {
  kind: 'signInCode';
  to: string;
  language: 'en' | 'nl';
  /** The code exactly as mailed, XXXXX-XXXXX. */
  code: string;
  subject: string;
  body: string;
  recordedAt: string;
}

export interface AcceptanceMail {
  kind: 'acceptanceConfirmation' | 'acceptanceNotification';
  quoteNo: string;
  to: string;
  language: 'en' | 'nl';
  subject: string;
  body: string;
  recordedAt: string;
}

export interface RequestMail {
  kind: 'confirmation' | 'notification';
  requestType: RequestKind;
  requestNumber: string;
  to: string;
  language: 'en' | 'nl';
  subject: string;
  body: string;
  recordedAt: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  status: number | null;
  time: string;
  durationMs: number;
  clientId: string | null;
  target: 'token' | 'metadata' | 'catalog' | 'requests' | 'other';
  fault: string | null;
}

export interface EmulatorState {
  settings: EmulatorSettings;
  requests: Record<RequestKind, StoredRequest[]>;
  /** requestId (stored uppercase) to request number, one index per table. */
  numbersByRequestId: Record<RequestKind, Map<string, string>>;
  mail: RecordedMail[];
  calls: RecordedCall[];
  portal: PortalState;
  /**
   * Remaining inventory changed since the seeded catalog, by `ItemNo` and `Code` (stockKey): goods in and
   * out during the day, so a client can tell a live read from last night's sync.
   */
  stock: Map<string, number>;
}

/** The key of a size in EmulatorState.stock. */
export function stockKey(itemNo: string, code: string): string {
  return `${itemNo}\u0000${code}`;
}

/** The call log keeps the most recent calls only, so a long demo cannot grow it without bound. */
export const callLogLimit = 100_000;

export function createEmulatorState(settings: EmulatorSettings, portal: PortalState): EmulatorState {
  return {
    portal,
    settings: { ...settings },
    requests: { quote: [], account: [] },
    numbersByRequestId: { quote: new Map(), account: new Map() },
    mail: [],
    calls: [],
    stock: new Map(),
  };
}

export function recordCall(state: EmulatorState, call: RecordedCall): void {
  state.calls.push(call);
  // Trimmed in batches of a tenth, so a full log does not shift 100,000 entries on every call.
  if (state.calls.length > callLogLimit * 1.1) state.calls.splice(0, state.calls.length - callLogLimit);
}
