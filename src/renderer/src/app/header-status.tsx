import { useAppStore } from '../store/use-app-store.ts';
import { useT } from '../i18n/i18n.ts';

/** Online state and the number of queued items, in the frame's header; a click opens the outbox. */
export function HeaderStatus() {
  const t = useT();
  const status = useAppStore((state) => state.outboxStatus);
  const showScreen = useAppStore((state) => state.showScreen);

  if (!status) return null;
  const waiting = status.counts.queued + status.counts.sending;
  const state = status.paused ? 'paused' : status.connection;
  const label =
    state === 'paused'
      ? t('app.header.paused')
      : state === 'online'
        ? t('app.header.online')
        : state === 'offline'
          ? t('app.header.offline')
          : t('app.header.unknown');
  return (
    <button
      type="button"
      className={`header-status header-status--${state}`}
      title={status.paused?.reason ?? t('app.header.title')}
      data-testid="header-status"
      onClick={() => showScreen('outbox')}
    >
      <span className="header-status__dot" aria-hidden="true" />
      <span>{label}</span>
      <span className="header-status__count" data-testid="header-queued">
        {t('app.header.queued', { count: waiting })}
      </span>
      {status.counts.needsAttention ? (
        <span className="header-status__attention">
          {t('app.header.attention', { count: status.counts.needsAttention })}
        </span>
      ) : null}
    </button>
  );
}
