// The columns of each export, declared once: the catalog as its screen shows it, and the outbox's
// requests for follow-up. The CSV, the XLSX and the CLI all write these.
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { QuoteLinePayload } from '../../../shared/contract/request-schemas.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { OutboxItem } from '../outbox/outbox-store.ts';
import type { ExportColumn } from './export-table.ts';

/** A size with what the export says about its stock: unknown where the host had no steel extension. */
export interface CatalogExportRow {
  size: CatalogSizeRow;
  /** When the stock figures were synced; null before any sync. */
  stockAsOf: Date | null;
  /** False where the last sync found no steel extension: there is no stock figure to export. */
  stockKnown: boolean;
}

const millimetres = (value: number) => (value > 0 ? value : null);

export const CATALOG_EXPORT_COLUMNS: readonly ExportColumn<CatalogExportRow>[] = [
  { header: { nl: 'Artikelnr.', en: 'Item no.' }, width: 12, value: ({ size }) => size.itemNo },
  { header: { nl: 'Maatcode', en: 'Size code' }, width: 10, value: ({ size }) => size.variantCode },
  { header: { nl: 'Omschrijving', en: 'Description' }, width: 36, value: ({ size }) => size.itemDescription },
  { header: { nl: 'Maat', en: 'Size' }, width: 24, value: ({ size }) => size.description },
  {
    header: { nl: 'Omschrijving 2', en: 'Second description' },
    width: 22,
    value: ({ size }) => size.itemDescription2,
  },
  {
    header: { nl: 'Lengte mm', en: 'Length mm' },
    width: 10,
    value: ({ size }) => millimetres(size.lengthMm),
  },
  { header: { nl: 'Breedte mm', en: 'Width mm' }, width: 10, value: ({ size }) => millimetres(size.widthMm) },
  {
    header: { nl: 'Dikte mm', en: 'Thickness mm' },
    width: 10,
    value: ({ size }) => millimetres(size.thicknessMm),
  },
  { header: { nl: 'Profiel', en: 'Profile' }, width: 10, value: ({ size }) => size.profileCode },
  { header: { nl: 'Kwaliteit', en: 'Grade' }, width: 10, value: ({ size }) => size.gradeCode },
  { header: { nl: 'Basiseenheid', en: 'Base unit' }, width: 10, value: ({ size }) => size.baseUnit },
  {
    header: { nl: 'Voorraad', en: 'Stock' },
    width: 10,
    value: ({ size, stockKnown }) => (stockKnown ? size.inventory : null),
  },
  {
    header: { nl: 'Voorraad per', en: 'Stock as of' },
    width: 17,
    value: ({ stockAsOf, stockKnown }) => (stockKnown ? stockAsOf : null),
  },
  {
    header: { nl: 'Artikel geblokkeerd', en: 'Item blocked' },
    width: 10,
    value: ({ size }) => size.itemBlocked,
  },
  {
    header: { nl: 'Verkoop geblokkeerd', en: 'Sales blocked' },
    width: 10,
    value: ({ size }) => size.salesBlocked,
  },
  {
    header: { nl: 'Maat geblokkeerd', en: 'Size blocked' },
    width: 10,
    value: ({ size }) => size.sizeBlocked,
  },
];

const STATE_WORDS: Record<OutboxItem['state'], Record<UiLanguage, string>> = {
  queued: { nl: 'te verzenden', en: 'queued' },
  sending: { nl: 'wordt verzonden', en: 'sending' },
  delivered: { nl: 'afgeleverd', en: 'delivered' },
  needsAttention: { nl: 'vraagt aandacht', en: 'needs attention' },
  discarded: { nl: 'weggegooid', en: 'discarded' },
};

/** "4 PCS 100002 06000 (1200 mm); 1 KG 100014": what each line asks for, as it was sent. */
export function linesText(lines: readonly QuoteLinePayload[] | undefined): string {
  return (lines ?? [])
    .map((line) => {
      const measures = [line.lengthMm, line.widthMm, line.thicknessMm].filter((value) => value && value > 0);
      return [
        line.quantity,
        line.unitOfMeasureCode,
        line.itemNo,
        line.variantCode,
        line.itemNo ? '' : line.description,
        measures.length ? `(${measures.join(' × ')} mm)` : '',
      ]
        .filter((part) => part !== undefined && part !== '')
        .join(' ');
    })
    .join('; ');
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The outbox's columns for one language (the state is written in it). */
export function outboxExportColumns(language: UiLanguage): readonly ExportColumn<OutboxItem>[] {
  return [
    { header: { nl: 'Aanvraagnummer', en: 'Request number' }, width: 14, value: (item) => item.number ?? '' },
    { header: { nl: 'Referentie', en: 'Reference' }, width: 30, value: (item) => item.requestId },
    { header: { nl: 'Datum', en: 'Date' }, width: 17, value: (item) => new Date(item.createdAt) },
    { header: { nl: 'Soort', en: 'Kind' }, width: 10, value: (item) => item.kind },
    { header: { nl: 'Bron', en: 'Source' }, width: 22, value: (item) => text(item.stored.source) },
    {
      header: { nl: 'Contactpersoon', en: 'Contact' },
      width: 22,
      value: (item) => text(item.stored.contactName),
    },
    { header: { nl: 'Bedrijf', en: 'Company' }, width: 24, value: (item) => text(item.stored.companyName) },
    { header: { nl: 'E-mail', en: 'E-mail' }, width: 26, value: (item) => text(item.stored.email) },
    { header: { nl: 'Telefoon', en: 'Phone' }, width: 14, value: (item) => text(item.stored.phoneNo) },
    {
      header: { nl: 'Regels', en: 'Lines' },
      width: 48,
      value: (item) =>
        item.payload && QUOTE_LINES_KEY in item.payload ? linesText(item.payload[QUOTE_LINES_KEY]) : '',
    },
    { header: { nl: 'Status', en: 'State' }, width: 16, value: (item) => STATE_WORDS[item.state][language] },
  ];
}
