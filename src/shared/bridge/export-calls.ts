// Bridge calls of the exports: the catalog as the screen shows it, and the outbox's requests of a day or
// an event, to CSV (UTF-8 with a BOM, `;` in the Dutch UI and `,` in the English) or XLSX.
import { z } from 'zod';
import { catalogSearchSchema } from '../contract/catalog-search-query.ts';
import { QUOTE_HEADER_FIELDS } from '../contract/request-fields.ts';
import { defineCall } from './define.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportAnswer {
  /** Where the file was written; null when the person cancelled the save dialog. */
  file: string | null;
  rows: number;
}

/** The catalog screen's filters, without its paging: an export holds every size they find. */
export const catalogExportFilters = catalogSearchSchema.omit({ offset: true, limit: true });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD');

export const outboxExportSelection = z
  .strictObject({
    /** The requests created on this local day. */
    day: day.optional(),
    /** The requests of this event (their source label, as a fair request carries it). */
    source: z.string().trim().min(1).max(QUOTE_HEADER_FIELDS.source.maxLength).optional(),
  })
  .refine((selection) => selection.day !== undefined || selection.source !== undefined, {
    message: 'name a day or an event',
  });
export type OutboxExportSelection = z.output<typeof outboxExportSelection>;

export const exportCalls = {
  'export:catalog': defineCall<ExportAnswer>()(
    z.strictObject({ format: z.enum(EXPORT_FORMATS), filters: catalogExportFilters }),
  ),
  /** Customers' contact data leave the desk: the screen asks first, and says so. */
  'export:outbox': defineCall<ExportAnswer>()(
    z.strictObject({ format: z.enum(EXPORT_FORMATS), selection: outboxExportSelection }),
  ),
};
