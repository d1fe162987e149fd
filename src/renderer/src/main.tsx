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
  // Every call of the start is asked at once, so the counter waits for one round of calls, not two, and
  // in the order their answers are needed: the settings first (they choose the language of every word on
  // screen, and the first render waits for them), then the forms' drafts (the cursor waits for them), the
  // queue and the host's reach last (only the header shows them).
  const firstRender = Promise.all([voa.app.info(), store.getState().loadSettings()]);
  void store.getState().initRequestForms();
  void store.getState().initOutbox();
  void store.getState().followHostReach();
  const [info] = await firstRender;
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
