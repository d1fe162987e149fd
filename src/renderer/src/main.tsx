import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppFrame } from './app/app-frame.tsx';
import { startAppStore } from './app/app-store.ts';
import { messageCatalogs } from './app/message-catalogs.ts';
import { bridgeAvailable, voa } from './bridge/voa.ts';
import { installMessages, translate } from './i18n/i18n.ts';

installMessages(messageCatalogs);
const root = createRoot(document.getElementById('root') as HTMLElement);

async function start(): Promise<void> {
  if (!bridgeAvailable()) {
    root.render(<p className="fatal">{translate('nl', 'app.bridgeMissing')}</p>);
    return;
  }
  const store = startAppStore();
  voa.on('settings:changed', (view) => store.getState().applySettingsView(view));
  // The header shows the queue on every screen and the forms need their drafts: both follow main from
  // start, asked together with the settings, so the counter waits for one round of calls, not two.
  void store.getState().initOutbox();
  void store.getState().initRequestForms();
  void store.getState().followHostReach();
  // The first render waits for the settings: they choose the language of every word on screen.
  const [info] = await Promise.all([voa.app.info(), store.getState().loadSettings()]);
  if (info.ok) store.getState().setInfo(info.value);
  // A customer still signed in from before this page loaded is signed out (the customer desk's rule).
  store.getState().portalStart();
  root.render(
    <StrictMode>
      <AppFrame />
    </StrictMode>,
  );
}

void start();
