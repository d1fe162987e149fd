// Bridge calls and events of the outbox, drafts and request submission.
import { z } from 'zod';
import { LINE_TARGETS, type LineTarget } from '../contract/picked-line.ts';
import type { RequestKind } from '../contract/request-fields.ts';
import { accountRequestSchema, quoteRequestSchema } from '../contract/request-schemas.ts';
import type { AccountRequestInput, QuoteRequestInput } from '../contract/request-schemas.ts';
import { DRAFT_TARGETS, draftSchemas, type DraftFor, type DraftTarget } from '../contract/request-drafts.ts';
import { QUOTE_HEADER_FIELDS, QUOTE_LINE_FIELDS } from '../contract/request-fields.ts';
import { LINE_UNITS, type LineUnit } from '../contract/request-lines.ts';
import { defineCall, defineEvent } from './define.ts';

export const OUTBOX_STATES = ['queued', 'sending', 'delivered', 'needsAttention', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** An outbox entry as the screens see it (the payload only through outbox:get). */
export interface OutboxItemView {
  id: number;
  requestId: string;
  kind: RequestKind;
  state: OutboxState;
  /** The host's request number, once delivered (null when a duplicate answer did not name it). */
  number: string | null;
  attempts: number;
  /** What went wrong last: the core's whole account (for the details). */
  lastError: string | null;
  /** A refused request (needsAttention, or discarded after): the host's own words alone, when it sent any. */
  hostWords: string | null;
  /**
   * The stored payload no longer parses with its schema: never sent, kept as stored, and waiting for a
   * person (lastError says why); it can be discarded, not corrected.
   */
  unreadable: boolean;
  /** ISO timestamp of the next try while queued. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  /**
   * Queued under another host connection than the one in Settings now: the base URL it was meant for. It
   * is not sent until a person confirms it goes to the new connection.
   */
  heldFor: string | null;
  /** Enough of the payload to recognise the request in a list. */
  summary: {
    companyName: string;
    contactName: string;
    email: string;
    source: string;
    assistedBy: string;
    deliveryMethod: string;
    lineCount: number;
  };
}

export type OutboxItemDetail = OutboxItemView & {
  payload: QuoteRequestInput | AccountRequestInput;
};

export const CONNECTION_STATES = ['unknown', 'online', 'offline'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** What the header shows, and why the queue waits when it does. */
export interface OutboxStatus {
  /** Learned from delivery attempts: online after any answer from the host, offline after none. */
  connection: ConnectionState;
  /** Set while the whole queue waits for a person (wrong secret, permissions, company): what to do. */
  paused: { reason: string; since: string } | null;
  counts: Record<OutboxState, number>;
  /** Items not yet delivered and not discarded: what quitting would leave behind. */
  undelivered: number;
  /** When the queue will next try, if it is waiting. */
  nextAttemptAt: string | null;
  /** The host asked to wait (HTTP 429, Retry-After): nothing is sent before then, a person's retry included. */
  throttledUntil: string | null;
  lastContactAt: string | null;
  /**
   * Requests queued under another host connection than the one in Settings now: they are not sent until a
   * person confirms that they go to the new connection (outbox:sendToNewConnection). `queuedFor`: the base
   * URLs they were queued for.
   */
  held: { count: number; queuedFor: string[] } | null;
}

/** A form's saved draft; the target says which kind of draft it holds. */
export type DraftView = {
  [T in DraftTarget]: {
    target: T;
    /** Null when the form is empty (no draft saved). */
    draft: DraftFor<T> | null;
    /** Goes up with every change; lets a form tell its own saves from others' changes. */
    revision: number;
    updatedAt: string | null;
  };
}[DraftTarget];

export interface ParkedDraftView {
  id: number;
  target: DraftTarget;
  /** The customer's company or name, empty when none was typed yet (the screen shows the time then). */
  label: string;
  lineCount: number;
  /** Found unfinished when the app opened, rather than parked by the employee. */
  unfinished: boolean;
  /**
   * Stored in a form this version cannot read (another version's, or a damaged app.db): kept as stored,
   * shown without its customer and lines, and only discarded.
   */
  unreadable: boolean;
  /** When the form was last changed (ISO). */
  savedAt: string;
  parkedAt: string;
}

/** The parked list after a change, and the form's draft when the change touched it. */
export interface ParkedAnswer {
  parked: ParkedDraftView[];
  draft?: DraftView;
}

export interface SubmitAnswer {
  item: OutboxItemView;
  /** True when an item with this requestId was already in the outbox (a re-run import): nothing was added. */
  existing: boolean;
}

export interface FlushAnswer {
  status: OutboxStatus;
  /** True when nothing is left to send (every item delivered, discarded or needing attention). */
  drained: boolean;
}

const id = z.number().int().positive();
const noInput = z.object({}).strict();
const draftTarget = z.enum(DRAFT_TARGETS);

const submitInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('quote'),
    payload: quoteRequestSchema,
    /** The draft this submission came from: removed in the same commit that queues the request. */
    fromDraft: z.enum(LINE_TARGETS).optional(),
  }),
  z.strictObject({
    kind: z.literal('account'),
    payload: accountRequestSchema,
    fromDraft: z.literal('account').optional(),
  }),
]);

const resendInput = z.discriminatedUnion('kind', [
  z.strictObject({ id, kind: z.literal('quote'), payload: quoteRequestSchema }),
  z.strictObject({ id, kind: z.literal('account'), payload: accountRequestSchema }),
]);

const pickedLine = z.strictObject({
  itemNo: z.string().max(200),
  variantCode: z.string().max(200),
  description: z.string().max(1000),
  treatment: z.string().max(200),
  profileCode: z.string().max(200),
  qualityCode: z.string().max(200),
  baseUnit: z.string().max(200),
  priceUnit: z.string().max(200),
  lengthMm: z.number().min(0).max(1e9),
  widthMm: z.number().min(0).max(1e9),
  thicknessMm: z.number().min(0).max(1e9),
  cutToLength: z.boolean(),
});

const { quote: quoteDraftSchema, account: accountDraftSchema } = draftSchemas();
const draftSave = z.discriminatedUnion('target', [
  z.strictObject({ target: z.literal('counter'), draft: quoteDraftSchema.nullable() }),
  z.strictObject({ target: z.literal('fair'), draft: quoteDraftSchema.nullable() }),
  z.strictObject({ target: z.literal('account'), draft: accountDraftSchema.nullable() }),
]);

const draftPark = z.discriminatedUnion('target', [
  z.strictObject({ target: z.literal('counter'), draft: quoteDraftSchema, unfinished: z.boolean() }),
  z.strictObject({ target: z.literal('fair'), draft: quoteDraftSchema, unfinished: z.boolean() }),
  z.strictObject({ target: z.literal('account'), draft: accountDraftSchema, unfinished: z.boolean() }),
]);

/** Choices remembered by this workstation (app.db): who works the counter, which fair is on. */
export interface WorkstationChoices {
  counterEmployee: string | null;
  fairSource: string | null;
  /** The unit chosen for an item once the employee changed it from the trade's default, by item number. */
  itemUnits: Record<string, LineUnit>;
}

/** Items whose unit this workstation remembers; the oldest choice goes first beyond this. */
export const REMEMBERED_ITEM_UNITS_MAX = 5000;

export const outboxCalls = {
  /** Validates, gives the request its requestId (once, for ever) and commits it before answering. */
  'outbox:submit': defineCall<SubmitAnswer>()(submitInput),
  'outbox:list': defineCall<{ items: OutboxItemView[]; status: OutboxStatus; revision: OutboxRevision }>()(
    z.strictObject({
      states: z.array(z.enum(OUTBOX_STATES)).max(OUTBOX_STATES.length).optional(),
      kind: z.enum(['quote', 'account']).optional(),
      /** Matches requestId, number, company, contact or e-mail. */
      search: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
    }),
  ),
  'outbox:get': defineCall<OutboxItemDetail>()(z.strictObject({ id })),
  'outbox:status': defineCall<OutboxStatus>()(noInput),
  /** Try this item now: a queued item skips its wait, a needs-attention item goes back in the queue. */
  'outbox:retry': defineCall<OutboxItemView>()(z.strictObject({ id })),
  /** Correct a needs-attention item and queue it again under the same requestId (nothing was stored). */
  'outbox:resend': defineCall<OutboxItemView>()(resendInput),
  /** A person's decision (the screen asks first): the item leaves the queue and stays in the history. */
  'outbox:discard': defineCall<OutboxItemView>()(z.strictObject({ id })),
  /** A person confirmed: requests held after a connection change go to the connection in Settings now. */
  'outbox:sendToNewConnection': defineCall<{ released: number; status: OutboxStatus }>()(noInput),
  /**
   * A person's "send now": sends everything due now, lifting a pause and ending an offline wait; with
   * waitSeconds, answers when nothing is left to send or time is up.
   */
  'outbox:flush': defineCall<FlushAnswer>()(
    z.strictObject({ waitSeconds: z.number().min(0).max(3600).optional() }),
  ),
  /**
   * The renderer saw the network come back (the browser's `online` event): an offline wait ends and waiting
   * requests are tried now, as on main's own network nudge. A pause stays: no network event can fix what
   * paused the queue (a secret, a permission, Refuse Requests). Answers the queue's status after.
   */
  'outbox:networkBack': defineCall<OutboxStatus>()(noInput),
  'drafts:get': defineCall<DraftView>()(z.strictObject({ target: draftTarget })),
  'drafts:save': defineCall<DraftView>()(draftSave),
  /** "Add to request" from the catalog: appends a line to the counter's or the fair's form. */
  'drafts:addLine': defineCall<DraftView>()(
    z.strictObject({ target: z.enum(LINE_TARGETS), line: pickedLine }),
  ),
  /**
   * Puts this form aside (a customer fetches a colleague; or, with unfinished, a form found half-typed on
   * opening) and empties it, in one commit. At most PARKED_DRAFTS_MAX (request-drafts.ts) parked by hand.
   */
  'drafts:park': defineCall<ParkedAnswer>()(draftPark),
  'drafts:parked': defineCall<ParkedAnswer>()(noInput),
  /** Brings a parked form back into its form; what that form held is parked in its place (a swap). */
  'drafts:resume': defineCall<ParkedAnswer>()(z.strictObject({ id })),
  'drafts:discardParked': defineCall<ParkedAnswer>()(z.strictObject({ id })),
  'workstation:get': defineCall<WorkstationChoices>()(noInput),
  'workstation:set': defineCall<WorkstationChoices>()(
    z.strictObject({
      counterEmployee: z
        .string()
        .trim()
        .min(1)
        .max(QUOTE_HEADER_FIELDS.assistedBy.maxLength)
        .nullable()
        .optional(),
      fairSource: z.string().trim().min(1).max(QUOTE_HEADER_FIELDS.source.maxLength).nullable().optional(),
      /** Remember (or with null forget) the unit of one item. */
      itemUnit: z
        .strictObject({
          itemNo: z.string().trim().min(1).max(QUOTE_LINE_FIELDS.itemNo.maxLength),
          unit: z.enum(LINE_UNITS).nullable(),
        })
        .optional(),
    }),
  ),
};

/**
 * How many outbox events (`outbox:changed`, `connection:changed`) the core has sent since it started. A
 * list carries the revision it was read at: it holds every change up to it, and only later events are news
 * to it. A call's answer and an event may arrive in either order (the browser shell sends them apart).
 */
export type OutboxRevision = number;

export const outboxEvents = {
  /** Items that changed (added, sent, delivered, …) and the queue's status after the change. */
  'outbox:changed': defineEvent<{
    items: OutboxItemView[];
    status: OutboxStatus;
    revision: OutboxRevision;
  }>(),
  /** The queue's status changed (online, offline, paused, a wait), with no item changing. */
  'connection:changed': defineEvent<{ status: OutboxStatus; revision: OutboxRevision }>(),
  'drafts:changed': defineEvent<DraftView & { cause: 'save' | 'addLine' | 'submit' | 'park' | 'resume' }>(),
};

export type { DraftTarget, LineTarget };
