// The Electron shell: app lifecycle, one locked-down window, and ipcMain wired to the core's bridge.
// Everything VOA Desk does lives in ./core, which never imports electron.
import { BrowserWindow, app, ipcMain, session, shell } from 'electron';
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
  mainWindow = createWindow();
  app.on('before-quit', () => void core.close());
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
