// The Electron shell: app lifecycle, one locked-down window served from app://voa-desk/, and ipcMain wired
// to the core's bridge; or, started with `cli` as its first argument, the command line of an installed desk
// (no window, the CLI's exit status). Everything VOA Desk does lives in ./core, which never imports electron; the rules
// for the window (trusted page, external links) are plain functions in ./shell/window-policy.ts.
import {
  BrowserWindow,
  app,
  crashReporter,
  dialog,
  ipcMain,
  net,
  powerMonitor,
  protocol,
  session,
  shell,
  webContents,
  type WebContents,
} from 'electron';
import electronUpdater from 'electron-updater';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CALL_NAMES } from '../shared/bridge/bridge-map.ts';
import { RENDERER_CSP } from '../shared/renderer-csp.ts';
import { dispatchBridgeCall } from './core/bridge/dispatch.ts';
import { windowCaller, type BridgeCaller } from './core/bridge/bridge-caller.ts';
import type { SlipPrinterPort } from './core/print/print-module.ts';
import { crashDumpsDirOf, resolveProfileLocation } from './core/data-dir.ts';
import { appLog } from './core/log/app-log.ts';
import { VoaCore } from './core/voa-core.ts';
import { electronUpdaterPort } from './core/updates/electron-updater-port.ts';
import { EXIT_FAILED } from './cli/cli-context.ts';
import { exitQuietlyWhenTheReaderCloses, runCli } from './cli/run-cli.ts';
import { cliArgumentsOf, cliProgramName } from './shell/cli-arguments.ts';
import { contentTypeOf, staticFileFor } from './shell/static-files.ts';
import {
  APP_ENTRY_URL,
  APP_HOST,
  APP_SCHEME,
  isTrustedSender,
  mayOpenExternally,
  trustedPage,
} from './shell/window-policy.ts';

/** A packaged app never loads a page from elsewhere, whatever the environment says. */
const rendererDevUrl = (!app.isPackaged && process.env.ELECTRON_RENDERER_URL) || undefined;
const bridgePage = trustedPage(rendererDevUrl);
const rendererDir = path.join(import.meta.dirname, '../renderer');
let mainWindow: BrowserWindow | undefined;

/**
 * Crash dumps stay on this machine, in the profile's crash-dumps folder (the support bundle takes them from
 * there): uploads are off, and no address is named. Started before ready, so every process is watched.
 */
function startLocalCrashReporter(): void {
  try {
    const location = resolveProfileLocation({ userDataDir: app.getPath('userData') });
    app.setPath('crashDumps', crashDumpsDirOf(location.dataDir));
  } catch {
    // An invalid profile name: start() reports it; the dumps go to Electron's own folder meanwhile.
  }
  crashReporter.start({ uploadToServer: false, compress: true });
}

async function start(): Promise<void> {
  const location = resolveProfileLocation({ userDataDir: app.getPath('userData') });
  let quitConfirmed = false;
  const core = await VoaCore.open({
    location,
    shell: 'electron',
    version: app.getVersion(),
    chooseCaFile: () => chooseCaFile(core),
    slipPrinter,
    chooseExportFile: (name, format) => chooseExportFile(core, name, format),
    // An installed app reads the machine's own policy only: a user cannot point it elsewhere.
    ...(!app.isPackaged && process.env.VOA_DESK_POLICY_FILE
      ? { policyFile: process.env.VOA_DESK_POLICY_FILE }
      : {}),
    // Host traffic, tokens included, follows the system's proxy settings and PAC script, as the OS's own
    // programs do; the proxy variables still win (proxy-choice.ts).
    resolveSystemProxy: (url) => session.defaultSession.resolveProxy(url),
    supportShell: {
      openFolder: async (folder) => (await shell.openPath(folder)) === '',
      chooseBundleFile: (name) => chooseBundleFile(core, name),
    },
    // Updates from the policy's folder; the core decides when to look and when to install (./core/updates).
    // "Restart now" skips the undelivered-requests question: they are kept, and the desk is back at once.
    updater: electronUpdaterPort(
      () => electronUpdater.autoUpdater,
      () => (quitConfirmed = true),
    ),
  });

  for (const channel of CALL_NAMES) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame, bridgePage)) {
        return {
          ok: false,
          error: { code: 'unknown-call', message: 'Calls are accepted from VOA Desk only.' },
        };
      }
      // Per window: an administrator unlock in one window unlocks nothing in another.
      return dispatchBridgeCall(core.handlers, channel, input, windowCaller(event.sender.id));
    });
  }
  core.events.subscribe((name, payload) => mainWindow?.webContents.send(name, payload));

  // Nothing in VOA Desk needs camera, notifications or any other permission.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  protocol.handle(APP_SCHEME, serveRenderer);

  logProcessFailures();
  core.start();
  nudgeOutboxOnWakeAndNetwork(core);
  mainWindow = createWindow();
  // A page load (a reload, F5) starts the desk afresh for whoever stands at it: it ends the window's
  // administrator unlock, as leaving Settings does (docs/admin.md). The reload restores the screen.
  const contents = mainWindow.webContents;
  contents.on('did-navigate', () => {
    void dispatchBridgeCall(core.handlers, 'admin:lock', {}, windowCaller(contents.id));
  });
  const confirmQuit = (event: Electron.Event) => {
    if (quitConfirmed) return;
    if (!mayQuit(core)) {
      event.preventDefault();
      return;
    }
    quitConfirmed = true;
  };
  mainWindow.on('close', confirmQuit);
  let closed = false;
  app.on('before-quit', (event) => {
    if (closed) return;
    confirmQuit(event);
    if (!quitConfirmed) return;
    // The quit waits for the core to close (the customer's SignOut, the sender's leases handed back,
    // app.db checkpointed and closed), then goes on.
    event.preventDefault();
    closed = true;
    void core
      .close()
      .catch((error: unknown) => console.error('voa-desk: closing failed:', error))
      .finally(() => app.quit());
  });
}

/** A renderer or helper process that dies, and anything main did not catch, is written to the log. */
function logProcessFailures(): void {
  app.on('render-process-gone', (_event, _contents, details) =>
    appLog.error('a window process ended', undefined, { reason: details.reason, exitCode: details.exitCode }),
  );
  app.on('child-process-gone', (_event, details) =>
    appLog.error('a helper process ended', undefined, {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
    }),
  );
  process.on('uncaughtException', (error) => appLog.error('uncaught error in main', error));
  process.on('unhandledRejection', (reason) => appLog.error('unhandled rejection in main', reason));
}

/** The built renderer at app://voa-desk/…, with its Content Security Policy as a header. */
async function serveRenderer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lookup =
    url.host === APP_HOST ? staticFileFor(rendererDir, url.pathname) : ({ kind: 'not-found' } as const);
  if (lookup.kind === 'bad-request') return new Response('bad request', { status: 400 });
  if (lookup.kind === 'not-found') return new Response('not found', { status: 404 });
  try {
    return new Response(await readFile(lookup.file), {
      headers: {
        'content-type': contentTypeOf(lookup.file),
        'content-security-policy': RENDERER_CSP,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

/** The person chooses the extra CA file in a dialog of main's own: no page can name a path. */
async function chooseCaFile(core: VoaCore): Promise<string | undefined> {
  const dutch = core.settings.current.uiLanguage === 'nl';
  const options: Electron.OpenDialogOptions = {
    title: dutch ? 'Extra CA-certificaatbestand kiezen' : 'Choose the extra CA certificate file',
    properties: ['openFile'],
    filters: [
      { name: dutch ? 'PEM-certificaten' : 'PEM certificates', extensions: ['pem', 'crt', 'cer'] },
      { name: dutch ? 'Alle bestanden' : 'All files', extensions: ['*'] },
    ],
  };
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}

/**
 * The counter slip prints from the window that asked, with options the core decided (slip-print-plan.ts):
 * silently on the chosen printer and paper, or with the dialog when that printer is gone.
 */
const slipPrinter: SlipPrinterPort = {
  async printers() {
    const contents = mainWindow?.webContents;
    if (!contents) return [];
    const printers = await contents.getPrintersAsync();
    return printers.map(({ name, displayName }) => ({ name, displayName }));
  },
  print(caller: BridgeCaller | undefined, options) {
    const contents = caller?.kind === 'window' ? webContents.fromId(Number(caller.id)) : undefined;
    if (!contents) return Promise.resolve({ success: false, failureReason: 'The window is gone' });
    return new Promise((resolve) =>
      contents.print(options, (success, failureReason) => resolve({ success, failureReason })),
    );
  },
};

/** Where an export goes, chosen by the person in main's own save dialog (no page names a path). */
async function chooseExportFile(
  core: VoaCore,
  name: string,
  format: 'csv' | 'xlsx',
): Promise<string | undefined> {
  const dutch = core.settings.current.uiLanguage === 'nl';
  const options: Electron.SaveDialogOptions = {
    title: dutch ? 'Export opslaan' : 'Save the export',
    defaultPath: path.join(app.getPath('documents'), name),
    filters: [
      format === 'csv'
        ? { name: dutch ? 'CSV (Excel)' : 'CSV (Excel)', extensions: ['csv'] }
        : { name: dutch ? 'Excel-werkmap' : 'Excel workbook', extensions: ['xlsx'] },
    ],
  };
  const result = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options);
  return result.canceled ? undefined : result.filePath;
}

/** Where to save a support bundle, chosen in main's own dialog (suggested in Documents). */
async function chooseBundleFile(core: VoaCore, suggestedName: string): Promise<string | undefined> {
  const dutch = core.settings.current.uiLanguage === 'nl';
  const options: Electron.SaveDialogOptions = {
    title: dutch ? 'Supportbundel opslaan' : 'Save support bundle',
    defaultPath: path.join(app.getPath('documents'), suggestedName),
    filters: [{ name: dutch ? 'Zip-bestanden' : 'Zip files', extensions: ['zip'] }],
  };
  const result = mainWindow
    ? await dialog.showSaveDialog(mainWindow, options)
    : await dialog.showSaveDialog(options);
  return result.canceled ? undefined : result.filePath;
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
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // A middle click would open a link in a new window; the window-open handler refuses it anyway.
      disableBlinkFeatures: 'Auxclick',
      // Chromium's built-in PDF viewer, for the customer desk's documents (no third-party plugins exist).
      plugins: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(rendererDevUrl ?? APP_ENTRY_URL);
  return window;
}

/**
 * Every web contents (the window, and anything a page might try to create) shows VOA Desk only: no
 * navigation away, no new windows, no <webview>; a link opens in the system browser only when its origin
 * is on the allowlist, which is empty today.
 */
function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (mayOpenExternally(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** A start that fails (a damaged app.db, no data directory, …) is told in a dialog and in the log. */
function reportStartFailure(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  appLog.error('could not start', error);
  dialog.showErrorBox('VOA Desk could not start / kon niet starten', reason);
  app.exit(1);
}

/**
 * The command line of an installed desk: the same CLI as `npm run cli`, over the same profile folders,
 * without a window, the single-instance lock (it runs beside an open desk, as `npm run cli` does) or a Dock
 * icon. The process ends with the CLI's exit status once its output has been handed to the OS.
 */
function runInstalledCli(args: string[]): void {
  app.dock?.hide();
  exitQuietlyWhenTheReaderCloses(process.stdout);
  exitQuietlyWhenTheReaderCloses(process.stderr);
  runCli(
    args,
    { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
    {
      program: cliProgramName(process.platform, process.execPath),
      version: app.getVersion(),
      userDataDir: app.getPath('userData'),
      // As for the desktop app: an installed one reads the machine's own policy only.
      policyFile: (!app.isPackaged && process.env.VOA_DESK_POLICY_FILE) || undefined,
    },
  )
    .catch((error: unknown) => {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILED;
    })
    .then(async (code) => {
      await Promise.all([process.stdout, process.stderr].map((stream) => drained(stream)));
      app.exit(code);
    });
}

/** Resolves once what was written to the stream has been handed on (pipes are asynchronous on Windows). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

function startDesktop(): void {
  // Before ready: app:// is a standard, secure origin of our own (file:// pages share one origin and get
  // extra privileges). No fetch, CORS or service-worker privileges: the page needs none. The code cache
  // keeps V8's compiled scripts between starts, as http(s) pages have it (a custom scheme has none unless
  // asked): compiling the first screen's scripts is part of every start. A build's new file names start
  // its cache afresh.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, codeCache: true } },
  ]);
  startLocalCrashReporter();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  // One chain: a failure of whenReady or anywhere inside start() reaches reportStartFailure.
  app.whenReady().then(start).catch(reportStartFailure);
  app.on('window-all-closed', () => app.quit());
}

const cliArguments = cliArgumentsOf(process.argv, process.defaultApp);
if (cliArguments) runInstalledCli(cliArguments);
else startDesktop();
