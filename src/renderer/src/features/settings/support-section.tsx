// Settings' about and support section: what runs here (version, build, commit), where the logs are, the
// support bundle, and updates. For everyone at the desk: none of it changes a setting or shows a secret.
import { useEffect, useState } from 'react';
import type { AboutInfo } from '../../../../shared/bridge/support-calls.ts';
import { formatCount } from '../../components/catalog-format.ts';
import { formatDateTime } from '../../components/date-time-format.ts';
import type { UiLanguage } from '../../../../shared/settings.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { UpdatesPart } from './updates-part.tsx';

type Notice = { kind: 'ok' | 'problem'; text: string } | undefined;

function formatBytes(bytes: number, language: UiLanguage): string {
  return bytes >= 1024 * 1024
    ? `${formatCount(bytes / 1024 / 1024, language)} MB`
    : `${formatCount(bytes / 1024, language)} kB`;
}

export function SupportSection() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const aboutDesk = useAppStore((state) => state.aboutDesk);
  const openLogFolder = useAppStore((state) => state.openLogFolder);
  const saveSupportBundle = useAppStore((state) => state.saveSupportBundle);
  const [about, setAbout] = useState<AboutInfo | undefined>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();

  useEffect(() => {
    let current = true;
    void aboutDesk().then((result) => {
      if (current && result.ok) setAbout(result.value);
    });
    return () => {
      current = false;
    };
  }, [aboutDesk]);

  const openLogs = async () => {
    const result = await openLogFolder();
    setNotice(
      result.ok
        ? undefined
        : { kind: 'problem', text: t('support.failed', { problem: result.error.message }) },
    );
  };

  const saveBundle = async () => {
    setBusy(true);
    setNotice(undefined);
    try {
      const result = await saveSupportBundle();
      if (!result.ok)
        setNotice({ kind: 'problem', text: t('support.failed', { problem: result.error.message }) });
      else if (!result.value.saved) setNotice({ kind: 'ok', text: t('support.bundleCancelled') });
      else
        setNotice({
          kind: 'ok',
          text: t('support.bundleSaved', {
            file: result.value.file,
            entries: String(result.value.entries),
            size: formatBytes(result.value.bytes, language),
          }),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel support-section" aria-labelledby="settings-support">
      <h2 id="settings-support">{t('support.title')}</h2>
      {about ? (
        <dl className="support-section__facts">
          <dt>{t('support.version')}</dt>
          <dd data-testid="about-version">VOA Desk {about.version}</dd>
          <dt>{t('support.build')}</dt>
          <dd>{about.buildDate ? formatDateTime(about.buildDate, language) : t('support.notBuilt')}</dd>
          <dt>{t('support.commit')}</dt>
          <dd>
            <code>{about.commit}</code>
          </dd>
          <dt>{t('support.runtime')}</dt>
          <dd>
            {about.electron ? `Electron ${about.electron}, ` : ''}Node {about.node}, {about.os}
          </dd>
          <dt>{t('support.logsFolder')}</dt>
          <dd>
            <code className="support-section__path">{about.logsDir}</code>
            {about.desktop ? null : <span className="field__hint">{t('support.openLogsDesktopOnly')}</span>}
          </dd>
        </dl>
      ) : null}
      <div className="panel-actions">
        {about?.desktop ? (
          <button type="button" className="button" onClick={() => void openLogs()}>
            {t('support.openLogs')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={() => void saveBundle()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('support.saving') : t('support.saveBundle')}
        </button>
      </div>
      <p className="field__hint">{t('support.bundleHint')}</p>
      {notice ? (
        <p className={notice.kind === 'ok' ? 'banner banner--ok' : 'banner banner--error'} role="status">
          {notice.text}
        </p>
      ) : null}
      <UpdatesPart />
    </section>
  );
}
