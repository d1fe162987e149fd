// Exports for managers and reps: the catalog as the screen shows it (its filters, every size they find)
// and the outbox's requests of a day or an event. The desktop app asks where to save in its own dialog;
// other shells write into the data directory's exports folder and say where.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type {
  ExportAnswer,
  ExportFormat,
  OutboxExportSelection,
} from '../../../shared/bridge/export-calls.ts';
import type { CatalogSearchQuery } from '../../../shared/contract/catalog-search-query.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import type { CatalogSearch } from '../catalog/index.ts';
import type { OutboxItem, OutboxStore } from '../outbox/outbox-store.ts';
import type { CatalogExportRow } from './export-columns.ts';
import type { RowBatches } from './export-table.ts';

// The columns and the table writer load with the first export, not at the desk's start: most starts export
// nothing.
const exportWriter = async () => ({
  ...(await import('./export-columns.ts')),
  ...(await import('./export-table.ts')),
});

/** The desktop shell's save dialog: the path chosen, or undefined when cancelled. */
export type ChooseExportFile = (suggestedName: string, format: ExportFormat) => Promise<string | undefined>;

type ExportHandlers = Pick<BridgeHandlers, 'export:catalog' | 'export:outbox'>;

export interface ExportModule extends CoreModule<ExportHandlers> {
  /** The CLI's way in: it names the file itself. */
  catalogTo(
    file: string,
    format: ExportFormat,
    filters: CatalogSearchQuery,
    language: UiLanguage,
  ): Promise<number>;
  outboxTo(
    file: string,
    format: ExportFormat,
    selection: OutboxExportSelection,
    language: UiLanguage,
  ): Promise<number>;
}

/** Most requests an outbox export reads (a workstation's whole history is far fewer). */
const OUTBOX_EXPORT_MAX = 1_000_000;

export function createExportModule(
  core: Pick<CoreServices, 'location' | 'settings'>,
  parts: {
    catalog: () => Promise<Pick<CatalogSearch, 'exportBatches' | 'steel' | 'syncedAt'>>;
    outbox: OutboxStore;
    chooseFile: ChooseExportFile | undefined;
  },
): ExportModule {
  const language = () => core.settings.current.uiLanguage;

  /** A batch at a time, with a turn of the event loop between: other bridge calls are answered meanwhile. */
  async function* catalogRows(filters: CatalogSearchQuery): AsyncGenerator<CatalogExportRow[]> {
    const store = await parts.catalog();
    const syncedAt = store.syncedAt();
    const stockAsOf = syncedAt ? new Date(syncedAt) : null;
    const stockKnown = store.steel() === true;
    for (const batch of store.exportBatches(filters)) {
      yield batch.map((size) => ({ size, stockAsOf, stockKnown }));
      await nextTurn();
    }
  }

  const outboxRows = (
    selection: OutboxExportSelection,
    exportDateTime: (moment: Date) => string,
  ): RowBatches<OutboxItem> => {
    const items = parts.outbox
      .list({ limit: OUTBOX_EXPORT_MAX })
      .filter(
        (item) =>
          (selection.day === undefined ||
            exportDateTime(new Date(item.createdAt)).startsWith(selection.day)) &&
          (selection.source === undefined || item.stored.source === selection.source),
      )
      .reverse();
    return [items];
  };

  const catalogTo: ExportModule['catalogTo'] = async (file, format, filters, lang) => {
    const { writeTable, CATALOG_EXPORT_COLUMNS } = await exportWriter();
    return writeTable({
      file,
      format,
      language: lang,
      sheetName: lang === 'nl' ? 'Catalogus' : 'Catalog',
      columns: CATALOG_EXPORT_COLUMNS,
      rows: catalogRows(filters),
    });
  };
  const outboxTo: ExportModule['outboxTo'] = async (file, format, selection, lang) => {
    const { writeTable, outboxExportColumns, exportDateTime } = await exportWriter();
    return writeTable({
      file,
      format,
      language: lang,
      sheetName: lang === 'nl' ? 'Aanvragen' : 'Requests',
      columns: outboxExportColumns(lang),
      rows: outboxRows(selection, exportDateTime),
    });
  };

  /** The save dialog's answer in the desktop app; elsewhere a file in the data directory's exports folder. */
  const target = async (name: string, format: ExportFormat): Promise<string | undefined> => {
    const suggested = `${name}.${format}`;
    if (parts.chooseFile) return parts.chooseFile(suggested, format);
    const folder = path.join(core.location.dataDir, 'exports');
    await mkdir(folder, { recursive: true });
    return path.join(folder, suggested);
  };
  const stamp = async () => {
    const { exportDateTime } = await exportWriter();
    return exportDateTime(new Date()).replace(' ', '-').replace(':', '');
  };

  const handlers: ExportHandlers = {
    'export:catalog': async ({ format, filters }): Promise<ExportAnswer> => {
      const lang = language();
      const file = await target(`${lang === 'nl' ? 'catalogus' : 'catalog'}-${await stamp()}`, format);
      if (!file) return { file: null, rows: 0 };
      const query: CatalogSearchQuery = { ...filters, offset: 0, limit: 1 };
      return { file, rows: await catalogTo(file, format, query, lang) };
    },
    'export:outbox': async ({ format, selection }): Promise<ExportAnswer> => {
      const lang = language();
      const what = selection.day ?? selection.source ?? '';
      const name = `${lang === 'nl' ? 'aanvragen' : 'requests'}-${what.replace(/[^\p{L}\p{N}-]+/gu, '-')}`;
      const file = await target(name, format);
      if (!file) return { file: null, rows: 0 };
      return { file, rows: await outboxTo(file, format, selection, lang) };
    },
  };
  return { handlers, catalogTo, outboxTo };
}
