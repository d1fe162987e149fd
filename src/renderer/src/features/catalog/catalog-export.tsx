// "Export" on the catalog screen: what the screen shows, with its search and filters, every size of it,
// to CSV (opens in columns in Dutch or English Excel) or to an Excel workbook. Main asks where to save.
import { useState } from 'react';
import type { ExportAnswer, ExportFormat } from '../../../../shared/bridge/export-calls.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatCount } from '../../components/catalog-format.ts';
import './catalog-export.css';

export function CatalogExport() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const exportCatalog = useAppStore((state) => state.exportCatalog);
  const [busy, setBusy] = useState<ExportFormat>();
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string }>();

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setOutcome(undefined);
    const answer = await exportCatalog(format);
    setBusy(undefined);
    setOutcome(answer.ok ? written(answer.value) : { tone: 'error', text: answer.error.message });
  };
  const written = (answer: ExportAnswer) =>
    answer.file
      ? {
          tone: 'ok' as const,
          text: t('catalog.export.written', {
            count: formatCount(answer.rows, language),
            file: answer.file,
          }),
        }
      : undefined;

  return (
    <div className="export-actions" role="group" aria-label={t('catalog.export.label')}>
      <span className="export-actions__label">{t('catalog.export.label')}</span>
      <button
        type="button"
        className="button button--small"
        disabled={busy !== undefined}
        onClick={() => void run('csv')}
      >
        {busy === 'csv' ? t('catalog.export.busy') : 'CSV'}
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={busy !== undefined}
        onClick={() => void run('xlsx')}
      >
        {busy === 'xlsx' ? t('catalog.export.busy') : 'Excel (XLSX)'}
      </button>
      {outcome ? (
        <span className={`export-actions__outcome export-actions__outcome--${outcome.tone}`} role="status">
          {outcome.text}
        </span>
      ) : null}
    </div>
  );
}
