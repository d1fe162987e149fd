import { useEffect, type ReactNode } from 'react';
import { SettingsScreen } from '../features/settings/settings-screen.tsx';
import { useSetupGuideOnFirstRun } from '../features/settings/setup-guide.tsx';
import { CounterScreen } from '../features/counter/counter-screen.tsx';
import { FairScreen } from '../features/fair/fair-screen.tsx';
import { CatalogScreen } from '../features/catalog/catalog-screen.tsx';
import { CustomerPanel } from '../features/customer/customer-panel.tsx';
import { OutboxScreen } from '../features/outbox/outbox-screen.tsx';
import { HeaderStatus } from './header-status.tsx';
import { useT } from '../i18n/i18n.ts';
import { SCREENS, type Screen } from './app-store.ts';
import { useAppStore } from '../store/use-app-store.ts';

const SCREEN_VIEWS: Record<Screen, () => ReactNode> = {
  counter: () => <CounterScreen customerPanel={<CustomerPanel target="counter" />} />,
  fair: () => <FairScreen customerPanel={<CustomerPanel target="fair" />} />,
  catalog: () => <CatalogScreen />,
  outbox: () => <OutboxScreen />,
  settings: () => <SettingsScreen />,
};

export function AppFrame() {
  const t = useT();
  const screen = useAppStore((state) => state.screen);
  const showScreen = useAppStore((state) => state.showScreen);
  const info = useAppStore((state) => state.info);
  useSetupGuideOnFirstRun();

  // Alt+1 … Alt+5 switch screens from anywhere, so the keyboard never has to travel to the navigation.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const index = Number(event.key) - 1;
      const target = SCREENS[index];
      if (target) {
        event.preventDefault();
        showScreen(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [showScreen]);

  useEffect(() => {
    document.title = `${t(`app.screen.${screen}`)} · ${t('app.appName')}`;
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  }, [screen, t]);

  return (
    <div className="frame">
      <header className="frame__bar">
        <div className="frame__brand" aria-hidden="true">
          <span className="frame__logo">VOA</span> Desk
        </div>
        <nav aria-label={t('app.navLabel')} className="frame__nav">
          {SCREENS.map((candidate, index) => (
            <button
              key={candidate}
              type="button"
              className={`nav-tab${candidate === screen ? ' nav-tab--active' : ''}`}
              aria-current={candidate === screen ? 'page' : undefined}
              title={t('app.shortcutHint', { number: index + 1 })}
              onClick={() => showScreen(candidate)}
            >
              {t(`app.screen.${candidate}`)}
            </button>
          ))}
        </nav>
        <div className="frame__status">
          <HeaderStatus />
          {info ? (
            <span className="frame__shell">
              {info.shell === 'browser' ? t('app.shellBrowser') : t('app.shellElectron')}
              {info.profile !== 'default' ? ` · ${t('app.profile', { profile: info.profile })}` : ''}
            </span>
          ) : null}
        </div>
      </header>
      <main className="frame__main" tabIndex={-1} data-screen={screen}>
        {SCREEN_VIEWS[screen]()}
      </main>
    </div>
  );
}
