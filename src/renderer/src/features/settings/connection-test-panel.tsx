// "Test connection": main gets a token for each application and makes one harmless call; this panel says
// per application what works and what to fix, in the UI language, with the host's own words behind a
// details toggle.
import { useState } from 'react';
import type {
  ApplicationCheck,
  ConnectionTestResult,
  ProxyRoute,
} from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type MessageKey, type Translate } from '../../i18n/i18n.ts';
import { MessageDetails } from '../../components/message-details.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';
import { isBridgeError } from './settings-slice.ts';

/** A setting's path (as main names what is missing) as the person sees it on this screen. */
function settingLabel(t: Translate, path: string): string {
  const [group, name, field] = path.split('.');
  if (group === 'host') return t(`settings.field.${name}` as MessageKey);
  if (group === 'applications' && field === 'clientId')
    return `${t('settings.field.clientId')} (${t(`settings.app.${name}` as MessageKey)})`;
  return path;
}

export function describeCheck(t: Translate, check: ApplicationCheck): string {
  const application = t(`settings.app.${check.application}`).toLowerCase();
  const values = { application, service: check.service };
  switch (check.outcome) {
    case 'works':
      return t('settings.test.works', values);
    case 'missing-settings':
      return t('settings.test.missing-settings', {
        fields: (check.missing ?? []).map((path) => settingLabel(t, path)).join(', '),
      });
    case 'not-found':
      return t(`settings.test.not-found.${check.application}`, values);
    default:
      return t(`settings.test.${check.outcome}`, values);
  }
}

/** Which proxy the host's address went through, and what chose it. */
export function describeRoute(t: Translate, route: ProxyRoute): string {
  if (!route.choice)
    return t('settings.test.route.problem', { origin: route.origin, problem: route.problem ?? '' });
  const source = t(`settings.test.source.${route.choice.source}`);
  return route.choice.kind === 'proxy'
    ? t('settings.test.route.proxy', { origin: route.origin, proxy: route.choice.url, source })
    : t('settings.test.route.direct', { origin: route.origin, source });
}

export function ConnectionTestPanel() {
  const t = useT();
  const testConnection = useAppStore((state) => state.testConnection);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<ConnectionTestResult | BridgeError>();

  const run = async () => {
    setRunning(true);
    setResult(await testConnection());
    setRunning(false);
  };

  return (
    <section className="panel" aria-labelledby="settings-test">
      <h2 id="settings-test">{t('settings.test.title')}</h2>
      <p className="field__hint">{t('settings.test.intro')}</p>
      <div className="panel-actions">
        <button type="button" className="button" onClick={() => void run()} disabled={running}>
          {running ? t('settings.test.running') : t('settings.test.run')}
        </button>
      </div>
      <div aria-live="polite">
        {result && isBridgeError(result) ? (
          <p className="field__error" role="alert">
            {result.code === 'admin-locked' ? (
              t('settings.admin.locked')
            ) : (
              <>
                {bridgeProblem(t, result).text} <MessageDetails details={result.message} />
              </>
            )}
          </p>
        ) : null}
        {result && !isBridgeError(result) ? (
          <ul className="connection-checks" data-testid="connection-checks">
            {result.checks.map((check) => (
              <li key={check.application} data-testid={`check-${check.application}`}>
                <span className={`badge ${check.outcome === 'works' ? 'badge--ok' : 'badge--bad'}`}>
                  {t(`settings.app.${check.application}`)}
                </span>{' '}
                <span>{describeCheck(t, check)}</span>
                {check.detail ? (
                  <details>
                    <summary>{t('settings.test.details')}</summary>
                    <q>{check.detail}</q>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {result && !isBridgeError(result) && result.routes.length ? (
          <ul className="connection-routes" data-testid="connection-routes">
            {result.routes.map((route) => (
              <li key={route.origin}>{describeRoute(t, route)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
