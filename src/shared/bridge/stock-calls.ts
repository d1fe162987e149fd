// The live stock check: one size's remaining inventory as the host has it now, read by main with the
// synchronization application (a voaVariants GET filtered on the size's key). The local catalog keeps its
// synced figure; the answer is shown beside it.
import { z } from 'zod';
import { QUOTE_LINE_FIELDS } from '../contract/request-fields.ts';
import { hasInvisible } from '../invisible-characters.ts';
import { localized } from '../validation.ts';
import { defineCall } from './define.ts';

const keyPart = (maxLength: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(maxLength)
    .refine(
      (text) => !hasInvisible(text),
      localized({
        en: 'has an invisible or control character',
        nl: 'bevat een onzichtbaar teken of stuurteken',
      }),
    );

export const liveStockInputSchema = z.strictObject({
  itemNo: keyPart(QUOTE_LINE_FIELDS.itemNo.maxLength),
  variantCode: keyPart(QUOTE_LINE_FIELDS.variantCode.maxLength),
});

/** The size's figure in the local catalog, as of the sync that brought it. */
export interface SyncedStock {
  inventory: number;
  syncedAt: string;
}

export interface LiveStockBase {
  itemNo: string;
  variantCode: string;
  /** When the check ended (the host's answer came, or it was clear none would). */
  checkedAt: string;
  /** The local catalog's figure, kept whatever the check found; undefined when the size is not in it. */
  synced: SyncedStock | undefined;
}

/**
 * What a check found. Outcomes, not errors: the desk words each one, and the synced figure stays in view.
 * - `live`: the host's DXRemainingInventory now, summed over all locations.
 * - `offline`: no answer (no network, host unreachable, time-out); nothing was learned.
 * - `hostFailed`: the host answered with a failure (5xx, or an error it raised); `status` and its words.
 * - `refused`: the host refused the synchronization application: 401 (credentials), 403 (a permission
 *   set), 404 (the page is not published or the company name is wrong).
 * - `throttled`: the host asked to wait (429) `retryAfterSeconds`; a check is a person waiting, so it does
 *   not wait in their place.
 * - `unreadable`: an answer that is not the one record asked for (too large, not a list, another size).
 * - `notAtHost`: the host has no such size (removed since the sync, or another company).
 * - `noSteel`: the last sync found no steel extension, which holds the figure: nothing was asked.
 * - `notConfigured`: settings the synchronization application needs are missing (`missingSettings`).
 */
export type LiveStockFinding =
  | { outcome: 'live'; inventory: number }
  | { outcome: 'offline' | 'unreadable'; detail: string }
  | { outcome: 'hostFailed' | 'refused'; status: number; hostWords: string | undefined }
  | { outcome: 'throttled'; retryAfterSeconds: number }
  | { outcome: 'notAtHost' | 'noSteel' }
  | { outcome: 'notConfigured'; missingSettings: string[] };

export type LiveStockAnswer = LiveStockBase & LiveStockFinding;

export type LiveStockOutcome = LiveStockAnswer['outcome'];

export const stockCalls = {
  /** One size's remaining inventory now, from the host; the local catalog is not changed. */
  'stock:check': defineCall<LiveStockAnswer>()(liveStockInputSchema),
};
