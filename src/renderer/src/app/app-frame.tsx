import { Suspense, lazy, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useSetupGuideOnFirstRun } from '../features/settings/setup-guide.tsx';
import { CounterScreen } from '../features/counter/counter-screen.tsx';
import { CustomerPanel, loadCustomerTabs } from '../features/customer/customer-panel.tsx';
import { ReprintSlipButton } from '../features/counter/slip-printing.tsx';
import { loadSlipQrEncoder } from '../features/counter/slip-qr.tsx';
import { HeaderStatus } from './header-status.tsx';
import { useT } from '../i18n/i18n.ts';
import { SCREENS, type Screen } from './app-store.ts';
import { useAppStore } from '../store/use-app-store.ts';

/**
 * The screens a desk does not open first, each loaded on its first visit (and fetched while the desk is
 * idle after start): the counter's first field takes keys sooner when the page carries only the counter
 * (docs/bench.md, "Cold start" and "Renderer bundle").
 */
const LATER_SCREENS = {
  fair: () => import('../features/fair/fair-screen.tsx'),
  catalog: () => import('../features/catalog/catalog-screen.tsx'),
  outbox: () => import('../features/outbox/outbox-screen.tsx'),
  settings: () => import('../features/settings/settings-screen.tsx'),
  syncBar: () => import('../features/catalog/sync-bar.tsx'),
};

const FairScreen = lazy(() => LATER_SCREENS.fair().then((module) => ({ default: module.FairScreen })));
const CatalogScreen = lazy(() =>
  LATER_SCREENS.catalog().then((module) => ({ default: module.CatalogScreen })),
);
const OutboxScreen = lazy(() => LATER_SCREENS.outbox().then((module) => ({ default: module.OutboxScreen })));
const SyncBar = lazy(() => LATER_SCREENS.syncBar().then((module) => ({ default: module.SyncBar })));
const SettingsScreen = lazy(() =>
  LATER_SCREENS.settings().then((module) => ({ default: module.SettingsScreen })),
);

/** What the first screen shows only later: the customer's lists after a sign-in, the slip's QR code. */
const LATER_PARTS = [loadCustomerTabs, loadSlipQrEncoder];

/**
 * Fetches the later screens and parts once the browser has nothing else to do, so a first visit waits for
 * none.
 */
function fetchLaterScreensWhenIdle(): () => void {
  const fetchAll = () => {
    // A chunk that fails to load here is loaded again, and its failure shown, on its first use.
    for (const load of [...Object.values(LATER_SCREENS), ...LATER_PARTS]) void load().catch(() => {});
  };
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(fetchAll, 1000);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(fetchAll, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}

const SCREEN_VIEWS: Record<Screen, () => ReactNode> = {
  counter: () => <CounterScreen customerPanel={<CustomerPanel target="counter" />} />,
  fair: () => <FairScreen customerPanel={<CustomerPanel target="fair" />} />,
  catalog: () => <CatalogScreen />,
  outbox: () => <OutboxScreen slipReprint={(item) => <ReprintSlipButton item={item} />} />,
  settings: () => <SettingsScreen catalogSync={<SyncBar />} />,
};

/**
 * Where work starts on each screen, for the cursor after Alt+1…5 or the navigation: the catalog's search
 * box (typing searches at once), the outbox's list (arrow keys move through it; its search box while the
 * list is empty), the first field of Settings. The counter and the fair decide themselves (the counter's
 * depends on the order in its form), so they have none here.
 */
const WORK_START: Record<Screen, readonly string[]> = {
  counter: [],
  fair: [],
  catalog: ['#catalog-search'],
  outbox: ['[data-work-start]', 'input[type="search"]'],
  settings: ['input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])'],
};

export function AppFrame() {
  const t = useT();
  const screen = useAppStore((state) => state.screen);
  const showScreen = useAppStore((state) => state.showScreen);
  const info = useAppStore((state) => state.info);
  useSetupGuideOnFirstRun();
  const screenVisit = useAppStore((state) => state.screenVisit);
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => fetchLaterScreensWhenIdle(), []);

  // Alt+1 … Alt+5 switch screens from anywhere, so the keyboard never has to travel to the navigation.
  // Listening from the layout effect, before the first paint: a passive effect may run only after the
  // frame is on screen, and an Alt+2 pressed as the window appears was lost.
  useLayoutEffect(() => {
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
  }, [screen, t]);

  // The cursor goes where the chosen screen's work starts. A screen may still be loading: the element is
  // awaited (the main area holds the cursor meanwhile, so keys never go to the navigation by accident).
  useEffect(() => {
    const main = mainRef.current;
    if (!main) return;
    const selectors = WORK_START[screen];
    const place = () => {
      // While a screen loads, React keeps the screen before it in the DOM (hidden once the loading text
      // shows): only the chosen screen's own view is searched, never the one it replaces.
      const view = main.querySelector<HTMLElement>(`[data-screen-view="${screen}"]`);
      if (!view) return false;
      for (const selector of selectors) {
        const target = view.querySelector<HTMLElement>(selector);
        if (target) {
          target.focus();
          return true;
        }
      }
      return false;
    };
    // The counter and the fair placed it from their layout effects, which ran before this passive one.
    if (!selectors.length && main.contains(document.activeElement)) return;
    if (place()) return;
    main.focus({ preventScroll: true });
    if (!selectors.length) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [screen, screenVisit]);

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
      <main ref={mainRef} className="frame__main" tabIndex={-1} data-screen={screen}>
        <Suspense fallback={<p className="screen__loading">{t('app.loading')}</p>}>
          {/* A box that adds nothing to the layout and names its screen, for the cursor's placement. */}
          <div key={screen} data-screen-view={screen} style={{ display: 'contents' }}>
            {SCREEN_VIEWS[screen]()}
          </div>
        </Suspense>
      </main>
    </div>
  );
}
