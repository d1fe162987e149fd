import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppFrame } from './app/app-frame.tsx';
import { useAppStore } from './app/app-store.ts';
import { bridgeAvailable, voa } from './bridge/voa.ts';
import { translate } from './i18n/i18n.ts';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function start(): Promise<void> {
  if (!bridgeAvailable()) {
    root.render(<p className="fatal">{translate('nl', 'app.bridgeMissing')}</p>);
    return;
  }
  const store = useAppStore.getState();
  voa.on('settings:changed', (view) => useAppStore.getState().applySettingsView(view));
  const [info] = await Promise.all([voa.app.info(), store.loadSettings()]);
  if (info.ok) store.setInfo(info.value);
  root.render(
    <StrictMode>
      <AppFrame />
    </StrictMode>,
  );
}

void start();
