// The about section's updates: the policy's folder and channel (or that updates are off), what the desk
// is doing about them, and "restart now" for a downloaded update, held back with the reason while a
// request is being delivered or the catalog syncs. Main decides all of it; this shows it.
import { useCallback, useEffect, useState } from 'react';
import type { UpdatePhase, UpdateView } from '../../../../shared/bridge/update-calls.ts';
import { formatDateTime } from '../../components/date-time-format.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAppStore } from '../../store/use-app-store.ts';

type Translate = ReturnType<typeof useT>;

function phaseText(t: Translate, view: UpdateView): string {
  const phase: UpdatePhase = view.phase;
  switch (phase.state) {
    case 'off':
      return t(phase.policyInvalid ? 'support.updates.offInvalid' : 'support.updates.off');
    case 'unavailable':
      return t(
        phase.reason === 'shell'
          ? 'support.updates.unavailable.shell'
          : 'support.updates.unavailable.notInstalled',
      );
    case 'waiting':
      return t('support.updates.waiting');
    case 'checking':
      return t('support.updates.checking');
    case 'up-to-date':
      return t('support.updates.upToDate', { version: view.currentVersion });
    case 'downloading':
      return phase.percent === null
        ? t('support.updates.downloading', { version: phase.version })
        : t('support.updates.downloadingPercent', { version: phase.version, percent: String(phase.percent) });
    case 'ready':
      return t('support.updates.ready', { version: phase.version });
    case 'refused':
      return phase.reason === 'older-version'
        ? t('support.updates.refused.olderVersion', { version: phase.version, current: view.currentVersion })
        : t('support.updates.refused.olderSchema', {
            version: phase.version,
            database: phase.database ?? '',
            theirs: String(phase.theirs ?? ''),
            ours: String(phase.ours ?? ''),
          });
    case 'error':
      return {
        unreachable: t('support.updates.error.unreachable'),
        'not-found': t('support.updates.error.notFound', { channel: view.feed?.channel ?? '' }),
        'not-trusted': t('support.updates.error.notTrusted'),
        other: t('support.updates.error.other'),
      }[phase.problem];
  }
}

export function UpdatesPart() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const [view, setView] = useState<UpdateView | undefined>();
  const [restarting, setRestarting] = useState(false);
  const [busy, setBusy] = useState(false);
  const updateStatus = useAppStore((state) => state.updateStatus);
  const checkForUpdate = useAppStore((state) => state.checkForUpdate);
  const restartIntoUpdate = useAppStore((state) => state.restartIntoUpdate);
  const watchUpdates = useAppStore((state) => state.watchUpdates);
  const watchDeskWork = useAppStore((state) => state.watchDeskWork);

  const refresh = useCallback(() => {
    void updateStatus().then((result) => {
      if (result?.ok) setView(result.value);
    });
  }, [updateStatus]);

  useEffect(() => {
    refresh();
    return watchUpdates(setView);
  }, [refresh, watchUpdates]);

  // While an update is ready, whether a restart must wait changes as deliveries and syncs start and end.
  const ready = view?.phase.state === 'ready';
  useEffect(() => {
    if (!ready) return undefined;
    return watchDeskWork(refresh);
  }, [ready, refresh, watchDeskWork]);

  if (!view) return null;
  const phase = view.phase;

  const checkNow = async () => {
    setBusy(true);
    try {
      const result = await checkForUpdate();
      if (result?.ok) setView(result.value);
    } finally {
      setBusy(false);
    }
  };

  const restartNow = async () => {
    const result = await restartIntoUpdate();
    if (result.ok && result.value.restarting) setRestarting(true);
    else refresh();
  };

  const canCheck =
    view.feed !== null && !['unavailable', 'checking', 'downloading', 'ready'].includes(phase.state);
  const detail = phase.state === 'error' ? phase.detail : undefined;
  return (
    <section className="updates-part" aria-labelledby="settings-updates">
      <h3 id="settings-updates">{t('support.updates.title')}</h3>
      <dl className="support-section__facts">
        {view.feed ? (
          <>
            <dt>{t('support.updates.channel')}</dt>
            <dd data-testid="updates-channel">{t(`support.updates.channel.${view.feed.channel}`)}</dd>
            <dt>{t('support.updates.folder')}</dt>
            <dd>
              <code className="support-section__path">{view.feed.url}</code>
              <span className="field__hint">
                {t('support.updates.setBy', { file: view.feed.policyFile })}
              </span>
            </dd>
          </>
        ) : null}
        <dt>{t('support.updates.state')}</dt>
        <dd data-testid="updates-state">
          {phaseText(t, view)}
          {detail ? <code className="support-section__path field__hint">{detail}</code> : null}
        </dd>
        {view.lastCheckAt ? (
          <>
            <dt>{t('support.updates.lastCheck')}</dt>
            <dd>{formatDateTime(view.lastCheckAt, language)}</dd>
          </>
        ) : null}
        {view.nextCheckAt && phase.state !== 'ready' ? (
          <>
            <dt>{t('support.updates.nextCheck')}</dt>
            <dd>{formatDateTime(view.nextCheckAt, language)}</dd>
          </>
        ) : null}
      </dl>
      {phase.state === 'ready' || canCheck ? (
        <div className="panel-actions">
          {phase.state === 'ready' ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void restartNow()}
              disabled={view.deferredBy !== null || restarting}
              aria-describedby={view.deferredBy ? 'updates-deferred' : undefined}
            >
              {t('support.updates.restartNow')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => void checkNow()}
              disabled={busy}
              aria-busy={busy}
            >
              {t('support.updates.checkNow')}
            </button>
          )}
        </div>
      ) : null}
      {phase.state === 'ready' && view.deferredBy ? (
        <p id="updates-deferred" className="banner banner--warning" role="status">
          {t(
            view.deferredBy === 'delivery'
              ? 'support.updates.deferred.delivery'
              : 'support.updates.deferred.sync',
          )}
        </p>
      ) : null}
      {restarting ? (
        <p className="banner banner--ok" role="status">
          {t('support.updates.restarting')}
        </p>
      ) : null}
    </section>
  );
}
