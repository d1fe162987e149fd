import type { HostReach } from '../../../shared/bridge/host-calls.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { formatClock } from '../components/catalog-format.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { useT, type Translate } from '../i18n/i18n.ts';
import './header-status.css';

/** "voaRequests 11:33", "catalog sync 02:00", "token website 11:30". */
function reachText(t: Translate, reach: HostReach, language: UiLanguage): string {
  const time = formatClock(reach.at, language);
  const by =
    reach.via === 'catalogSync'
      ? t('app.header.byCatalogSync')
      : reach.via === 'token'
        ? t('app.header.byToken', { application: reach.application })
        : reach.via;
  return `${by} ${time}`;
}

/**
 * The ERP's state and the number of queued items, in the frame's header; a click opens the outbox. The
 * ERP reads as reachable once anything reached it (a delivery, the catalog sync, the customer desk, a
 * token), naming what did; the outbox's own finding that it is offline or paused comes first.
 */
export function HeaderStatus() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const status = useAppStore((state) => state.outboxStatus);
  const reach = useAppStore((state) => state.hostReach);
  const showScreen = useAppStore((state) => state.showScreen);

  if (!status) return null;
  const waiting = status.counts.queued + status.counts.sending;
  const last = reach?.last ?? null;
  const state = status.paused
    ? 'paused'
    : status.connection === 'offline'
      ? 'offline'
      : last
        ? 'online'
        : status.connection;
  const label =
    state === 'paused'
      ? t('app.header.paused')
      : state === 'offline'
        ? t('app.header.offline')
        : state === 'online'
          ? t('app.header.online')
          : t('app.header.unknown');
  const every = Object.values(reach?.byReacher ?? {})
    .map((entry) => reachText(t, entry, language))
    .join(' · ');
  return (
    <button
      type="button"
      className={`header-status header-status--${state}`}
      title={
        status.paused
          ? t('outbox.paused.reason')
          : every
            ? t('app.header.reachedAll', { every })
            : t('app.header.title')
      }
      data-testid="header-status"
      onClick={() => showScreen('outbox')}
    >
      <span className="header-status__dot" aria-hidden="true" />
      <span>{label}</span>
      {state === 'online' && last ? (
        <span className="header-status__reach" data-testid="header-reach">
          {t('app.header.reached', { by: reachText(t, last, language) })}
        </span>
      ) : null}
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
