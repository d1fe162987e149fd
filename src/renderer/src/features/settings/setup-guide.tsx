// The short guide a first run opens: nothing names the host yet, so the administrator is taken to
// Settings with the steps in order. It disappears once a base URL or tenant is saved.
import { useEffect, useRef } from 'react';
import { needsSetup } from '../../../../shared/settings.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type MessageKey } from '../../i18n/i18n.ts';

const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5'] as const;

export function SetupGuide() {
  const t = useT();
  const start = () => document.querySelector<HTMLInputElement>('input[name="host.baseUrl"]')?.focus();
  return (
    <section className="panel setup-guide" aria-labelledby="setup-guide-title" data-testid="setup-guide">
      <h2 id="setup-guide-title">{t('settings.guide.title')}</h2>
      <p>{t('settings.guide.intro')}</p>
      <ol>
        {STEPS.map((step) => (
          <li key={step}>{t(`settings.guide.${step}` as MessageKey)}</li>
        ))}
      </ol>
      <button type="button" className="button button--primary" onClick={start}>
        {t('settings.guide.start')}
      </button>
    </section>
  );
}

/** A first run (no host named yet) opens Settings, where the guide is, once per start of the app. */
export function useSetupGuideOnFirstRun(): void {
  const view = useAppStore((state) => state.settingsView);
  const showScreen = useAppStore((state) => state.showScreen);
  const decided = useRef(false);
  useEffect(() => {
    if (!view || decided.current) return;
    decided.current = true;
    if (needsSetup(view.settings)) showScreen('settings');
  }, [view, showScreen]);
}
