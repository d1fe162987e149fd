import { useEffect } from 'react';
import { useAppStore } from '../../app/app-store.ts';
import { useT } from '../../i18n/i18n.ts';

/** Online state and the number of queued items, in the frame's header; a click opens the outbox. */
export function HeaderStatus() {
  const t = useT();
  const initRequests = useAppStore((state) => state.initRequests);
  const status = useAppStore((state) => state.outboxStatus);
  const showScreen = useAppStore((state) => state.showScreen);

  // The header is always on screen: it starts the requests state (drafts, status, live events).
  useEffect(() => {
    void initRequests();
  }, [initRequests]);

  if (!status) return null;
  const waiting = status.counts.queued + status.counts.sending;
  const state = status.paused ? 'paused' : status.connection;
  const label =
    state === 'paused'
      ? t('outbox.header.paused')
      : state === 'online'
        ? t('outbox.header.online')
        : state === 'offline'
          ? t('outbox.header.offline')
          : t('outbox.header.unknown');
  return (
    <button
      type="button"
      className={`header-status header-status--${state}`}
      title={status.paused?.reason ?? t('outbox.header.title')}
      data-testid="header-status"
      onClick={() => showScreen('outbox')}
    >
      <span className="header-status__dot" aria-hidden="true" />
      <span>{label}</span>
      <span className="header-status__count" data-testid="header-queued">
        {t('outbox.header.queued', { count: waiting })}
      </span>
      {status.counts.needsAttention ? (
        <span className="header-status__attention">
          {t('outbox.header.attention', { count: status.counts.needsAttention })}
        </span>
      ) : null}
    </button>
  );
}
