// Exporting the outbox's requests of a day or of an event, for a rep's follow-up at home. The file holds
// customers' names, e-mail addresses and phone numbers: the screen says so, and exporting is a separate,
// explicit step after choosing what.
import { useState } from 'react';
import type { ExportFormat, OutboxExportSelection } from '../../../../shared/bridge/export-calls.ts';
import { DateField } from '../../components/date-field.tsx';
import { SelectField } from '../../components/choice-field.tsx';
import { localDay } from '../../components/date-time-format.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';

export function OutboxExport() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const events = useAppStore((state) => state.settingsView?.settings.sourceLabels) ?? [];
  const exportOutbox = useAppStore((state) => state.exportOutbox);
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<'day' | 'event'>('day');
  const [day, setDay] = useState(() => localDay(new Date()));
  const [event, setEvent] = useState('');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string }>();

  const selection: OutboxExportSelection | undefined =
    by === 'day'
      ? /^\d{4}-\d{2}-\d{2}$/.test(day)
        ? { day }
        : undefined
      : event
        ? { source: event }
        : undefined;

  const run = async () => {
    if (!selection) return;
    setBusy(true);
    setOutcome(undefined);
    const answer = await exportOutbox({ format, selection });
    setBusy(false);
    if (!answer.ok) setOutcome({ tone: 'error', text: answer.error.message });
    else if (answer.value.file) {
      setOutcome({
        tone: 'ok',
        text: t('outbox.export.written', { count: answer.value.rows, file: answer.value.file }),
      });
    }
  };

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('outbox.export.open')}
      </button>
    );
  }
  return (
    <section className="panel outbox-export" aria-labelledby="outbox-export-title">
      <h2 id="outbox-export-title">{t('outbox.export.title')}</h2>
      <p className="banner banner--warning" role="note">
        {t('outbox.export.personalData')}
      </p>
      <div className="outbox-export__fields">
        <SelectField
          label={t('outbox.export.by')}
          value={by}
          options={[
            { value: 'day', label: t('outbox.export.byDay') },
            { value: 'event', label: t('outbox.export.byEvent') },
          ]}
          onChange={(value) => setBy(value === 'event' ? 'event' : 'day')}
        />
        {by === 'day' ? (
          <DateField label={t('outbox.export.day')} value={day} onChange={setDay} language={language} />
        ) : (
          <SelectField
            label={t('outbox.export.event')}
            value={event}
            options={[
              { value: '', label: t('outbox.export.eventChoose') },
              ...events.map((label) => ({ value: label, label })),
            ]}
            onChange={setEvent}
          />
        )}
        <SelectField
          label={t('outbox.export.format')}
          value={format}
          options={[
            { value: 'xlsx', label: 'Excel (XLSX)' },
            { value: 'csv', label: 'CSV' },
          ]}
          onChange={(value) => setFormat(value === 'csv' ? 'csv' : 'xlsx')}
        />
      </div>
      <div className="outbox-export__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!selection || busy}
          onClick={() => void run()}
        >
          {busy ? t('outbox.export.busy') : t('outbox.export.run')}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setOpen(false)}>
          {t('outbox.export.close')}
        </button>
      </div>
      {outcome ? (
        <p className={`export-actions__outcome export-actions__outcome--${outcome.tone}`} role="status">
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
