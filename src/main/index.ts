// The Electron shell: app lifecycle, one locked-down window, and ipcMain wired to the core's bridge.
// Everything VOA Desk does lives in ./core, which never imports electron.
import { BrowserWindow, app, dialog, ipcMain, net, powerMonitor, session, shell } from 'electron';
import path from 'node:path';
import { CALL_NAMES } from '../shared/bridge/bridge-map.ts';
import { dispatchBridgeCall } from './core/bridge/dispatch.ts';
import { resolveProfileLocation } from './core/data-dir.ts';
import { VoaCore } from './core/voa-core.ts';

const rendererDevUrl = process.env.ELECTRON_RENDERER_URL;
let mainWindow: BrowserWindow | undefined;

/** Only our own page may use the bridge: the packaged file, or the dev server in development. */
function isTrustedSender(frameUrl: string | undefined): boolean {
  if (!frameUrl) return false;
  if (rendererDevUrl) return frameUrl.startsWith(rendererDevUrl);
  return frameUrl.startsWith('file://') && frameUrl.includes('/renderer/');
}

async function start(): Promise<void> {
  const location = resolveProfileLocation({ userDataDir: app.getPath('userData') });
  const core = await VoaCore.open({ location, shell: 'electron', version: app.getVersion() });

  for (const channel of CALL_NAMES) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame?.url)) {
        return {
          ok: false,
          error: { code: 'unknown-call', message: 'Calls are accepted from VOA Desk only.' },
        };
      }
      return dispatchBridgeCall(core.handlers, channel, input);
    });
  }
  core.events.subscribe((name, payload) => mainWindow?.webContents.send(name, payload));

  // Nothing in VOA Desk needs camera, notifications or any other permission.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  core.start();
  nudgeOutboxOnWakeAndNetwork(core);
  mainWindow = createWindow();
  let quitConfirmed = false;
  const confirmQuit = (event: Electron.Event) => {
    if (quitConfirmed) return;
    if (!mayQuit(core)) {
      event.preventDefault();
      return;
    }
    quitConfirmed = true;
  };
  mainWindow.on('close', confirmQuit);
  app.on('before-quit', (event) => {
    confirmQuit(event);
    if (quitConfirmed) void core.close();
  });
}

/** Whatever waits for the network is tried at once when the machine wakes or the network comes back. */
function nudgeOutboxOnWakeAndNetwork(core: VoaCore): void {
  powerMonitor.on('resume', () => core.outbox.nudge('wake'));
  powerMonitor.on('unlock-screen', () => core.outbox.nudge('wake'));
  // The main process has no online event: look every few seconds and nudge on the way back online.
  let online = net.isOnline();
  setInterval(() => {
    const now = net.isOnline();
    if (now && !online) core.outbox.nudge('network');
    online = now;
  }, 5_000).unref();
}

/** Quitting with undelivered requests asks first and says how many (they are kept, and sent next time). */
function mayQuit(core: VoaCore): boolean {
  const count = core.outbox.status().undelivered;
  if (count === 0) return true;
  const dutch = core.settings.current.uiLanguage === 'nl';
  const choice = dialog.showMessageBoxSync({
    type: 'warning',
    buttons: dutch ? ['Afsluiten', 'Openlaten'] : ['Quit', 'Keep open'],
    defaultId: 1,
    cancelId: 1,
    title: 'VOA Desk',
    message: dutch
      ? `${count === 1 ? '1 aanvraag is' : `${count} aanvragen zijn`} nog niet afgeleverd.`
      : `${count === 1 ? '1 request has' : `${count} requests have`} not been delivered yet.`,
    detail: dutch
      ? 'Ze blijven bewaard en gaan weg zodra VOA Desk weer draait en het ERP bereikbaar is. Toch afsluiten?'
      : 'They are kept and sent as soon as VOA Desk runs again and the ERP can be reached. Quit anyway?',
  });
  return choice === 0;
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 960,
    minHeight: 640,
    title: 'VOA Desk',
    icon: path.join(import.meta.dirname, '../../build/icon.png'),
    show: false,
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // Chromium's built-in PDF viewer, for the customer desk's documents (no third-party plugins exist).
      plugins: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The window shows VOA Desk only: no navigation away, no new windows (links open in the browser).
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (rendererDevUrl) void window.loadURL(rendererDevUrl);
  else void window.loadFile(path.join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.whenReady().then(start, (error: unknown) => {
    console.error('voa-desk: could not start', error);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
}
