import { MessageDetails } from '../../components/message-details.tsx';
import { useT } from '../../i18n/i18n.ts';
import type { SaveStatus } from './settings-save.ts';

/** A form's save button and what became of the last save, announced to screen readers. */
export function SaveActions({
  label,
  status,
  className = 'panel-actions',
}: {
  label: string;
  status: SaveStatus;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <button type="submit" className="button button--primary" disabled={status.kind === 'saving'}>
        {status.kind === 'saving' ? t('settings.saving') : label}
      </button>
      <span className={`status status--${status.kind}`} role="status" aria-live="polite">
        {status.kind === 'saved' ? t('settings.saved') : status.kind === 'failed' ? status.message : ''}
      </span>
      {status.kind === 'failed' ? <MessageDetails details={status.details} /> : null}
    </div>
  );
}
