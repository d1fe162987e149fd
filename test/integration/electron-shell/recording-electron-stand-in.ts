// A recording stand-in for Electron's API: NOT Electron. The Electron binary cannot run on these machines,
// so the shell-wiring test loads the BUILT main bundle (out/main/index.js) with `electron` resolved to this
// module (see load-main-with-stand-in.ts). It records what the shell asks of Electron (windows, handlers,
// permissions, protocols, dialogs) and lets the test drive events (ready, an IPC call from some frame, a
// navigation, a window.open, closing the window) over the child process's IPC channel. It proves the
// wiring, not that a real window behaves: docs/security.md keeps a manual checklist for that.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

type Listener = (...args: unknown[]) => unknown;

// The process as Electron starts it: `electron out/main/index.js …` is a default app whose own arguments
// start at argv[2]; a packaged executable has no script in its argv, so they start at argv[1].
if (process.env.STAND_IN_PACKAGED === '1') process.argv.splice(1, 1);
else Object.defineProperty(process, 'defaultApp', { value: true });

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

/** A cancellable event as Electron passes it to listeners. */
function cancellable(): { preventDefault(): void; defaultPrevented: boolean } {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

export const recording = {
  order: [] as string[],
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, Listener>(),
  windows: [] as StandInBrowserWindow[],
  permissionRequestHandler: undefined as Listener | undefined,
  permissionCheckHandler: undefined as Listener | undefined,
  messageBoxes: [] as unknown[],
  errorBoxes: [] as { title: string; content: string }[],
  openedExternally: [] as string[],
  exitCodes: [] as number[],
  quitCalls: 0,
  crashReporter: [] as { options: Record<string, unknown>; crashDumps: string | undefined }[],
  /** Every URL main asked the system proxy for. */
  resolvedProxies: [] as string[],
  /** What showMessageBoxSync answers: the index of the button chosen (1 is "Keep open"). */
  messageBoxAnswer: 1,
  /** The machine's printers, as getPrintersAsync answers them (set by the test). */
  printers: [] as { name: string; displayName: string; description: string; options: object }[],
  /** Every webContents.print: its options, and which webContents printed. */
  prints: [] as { contentsId: number; options: unknown }[],
  /** What the print callback answers: success, or the failure reason Electron would give. */
  printAnswer: { success: true, failureReason: '' },
  /** electron-updater's autoUpdater (recording-updater-stand-in.ts): what main set and called. */
  updater: {
    /** Whether main asked for autoUpdater at all (the real one is created at that first use). */
    created: false,
    feeds: [] as unknown[],
    checks: 0,
    downloads: 0,
    quitAndInstall: [] as { isSilent: boolean | undefined; isForceRunAfter: boolean | undefined }[],
    /** What the folder offers (set by the test): a build, or null as an unpackaged app answers. */
    offer: undefined as { version: string; vendor?: unknown } | null | undefined,
  },
};

class StandInWebContents extends Emitter {
  /** The id IPC events carry as `sender.id` (see 'invoke' below). */
  readonly id = 1;
  windowOpenHandler: Listener | undefined;
  readonly sent: { name: string; payload: unknown }[] = [];
  setWindowOpenHandler(handler: Listener): void {
    this.windowOpenHandler = handler;
  }
  send(name: string, payload: unknown): void {
    this.sent.push({ name, payload });
  }
  getPrintersAsync(): Promise<typeof recording.printers> {
    return Promise.resolve(recording.printers);
  }
  print(options: unknown, callback: (success: boolean, failureReason: string) => void): void {
    recording.prints.push({ contentsId: this.id, options });
    const { success, failureReason } = recording.printAnswer;
    setImmediate(() => callback(success, failureReason));
  }
}

class StandInBrowserWindow extends Emitter {
  readonly options: Record<string, unknown>;
  readonly webContents = new StandInWebContents();
  loadedUrls: string[] = [];
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    recording.windows.push(this);
    recording.order.push('new BrowserWindow');
    app.emit('web-contents-created', cancellable(), this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  loadFile(file: string): Promise<void> {
    this.loadedUrls.push(`loadFile:${file}`);
    return Promise.resolve();
  }
  show(): void {}
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
}

/**
 * A recording stand-in for electron-updater's autoUpdater: NOT electron-updater. It keeps what main sets
 * (feed, channel, downgrade, download and install-at-quit switches), answers a check with the test's offer
 * and, like the real one, quits the app through before-quit at quitAndInstall.
 */
class StandInAutoUpdater extends Emitter {
  channel: string | null = null;
  allowDowngrade = false;
  autoDownload = true;
  autoInstallOnAppQuit = true;
  logger: unknown = console;
  setFeedURL(options: unknown): void {
    recording.updater.feeds.push(options);
  }
  checkForUpdates(): Promise<unknown> {
    recording.updater.checks++;
    const offer = recording.updater.offer;
    if (offer === null) return Promise.resolve(null);
    const updateInfo = offer ?? { version: app.getVersion() };
    return Promise.resolve({ isUpdateAvailable: offer !== undefined, updateInfo, versionInfo: updateInfo });
  }
  downloadUpdate(): Promise<string[]> {
    recording.updater.downloads++;
    for (const percent of [40, 100]) this.emit('download-progress', { percent });
    return Promise.resolve(['/tmp/stand-in-update.exe']);
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void {
    recording.updater.quitAndInstall.push({ isSilent, isForceRunAfter });
    setImmediate(() => {
      const event = cancellable();
      app.emit('before-quit', event);
      if (!event.defaultPrevented) app.quit();
    });
  }
  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((each) => each !== listener),
    );
    return this;
  }
}

export const standInAutoUpdater = new StandInAutoUpdater();

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));

class StandInApp extends Emitter {
  readonly isPackaged = process.env.STAND_IN_PACKAGED === '1';
  readonly paths = new Map<string, string>();
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`stand-in: getPath(${name}) is not recorded`);
    return process.env.STAND_IN_USER_DATA ?? '';
  }
  setPath(name: string, value: string): void {
    recording.order.push(`setPath ${name}`);
    this.paths.set(name, value);
  }
  getVersion(): string {
    return '0.0.0-stand-in';
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  whenReady(): Promise<void> {
    return ready;
  }
  quit(): void {
    recording.quitCalls++;
    // Whether app.db was still open when the shell let the app quit: SQLite removes its write-ahead log
    // when the last connection closes.
    const dataDir = join(this.getPath('userData'), 'profiles', process.env.VOA_DESK_PROFILE ?? '');
    process.send?.({
      event: 'quit',
      appDbStillOpen: existsSync(join(dataDir, 'app.db-wal')),
      // What electron-updater's quit handler would read: whether a downloaded update installs now.
      updateInstallsAtQuit: standInAutoUpdater.autoInstallOnAppQuit,
    });
  }
  exit(code: number): void {
    recording.exitCodes.push(code);
    // Driven by a test over IPC, the process stays for its questions; run as a command (no IPC channel),
    // it ends with the code, as Electron's app.exit does.
    if (process.send) process.send({ event: 'exit', code });
    else process.exit(code);
  }
}

export const app = new StandInApp();
export const BrowserWindow = StandInBrowserWindow;

export const ipcMain = {
  handle(channel: string, handler: Listener): void {
    if (recording.ipcHandlers.has(channel)) throw new Error(`stand-in: ${channel} registered twice`);
    recording.ipcHandlers.set(channel, handler);
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Listener): void {
      recording.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Listener): void {
      recording.permissionCheckHandler = handler;
    },
    /** As Chromium answers from the OS settings or a PAC script (STAND_IN_SYSTEM_PROXY, else DIRECT). */
    resolveProxy(url: string): Promise<string> {
      recording.resolvedProxies.push(url);
      return Promise.resolve(process.env.STAND_IN_SYSTEM_PROXY || 'DIRECT');
    },
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    recording.order.push('registerSchemesAsPrivileged');
    recording.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    recording.protocolHandlers.set(scheme, handler);
  },
};

export const dialog = {
  showMessageBoxSync(options: unknown): number {
    recording.messageBoxes.push(options);
    return recording.messageBoxAnswer;
  },
  showErrorBox(title: string, content: string): void {
    recording.errorBoxes.push({ title, content });
    process.send?.({ event: 'error-box', title, content });
  },
  showOpenDialog(): Promise<{ canceled: boolean; filePaths: string[] }> {
    return Promise.resolve({ canceled: true, filePaths: [] });
  },
};

export const shell = {
  openExternal(url: string): Promise<void> {
    recording.openedExternally.push(url);
    return Promise.resolve();
  },
};

export const webContents = {
  fromId(id: number): StandInWebContents | undefined {
    return recording.windows.map((window) => window.webContents).find((contents) => contents.id === id);
  },
};

export const crashReporter = {
  start(options: Record<string, unknown>): void {
    recording.order.push('crashReporter.start');
    recording.crashReporter.push({ options, crashDumps: app.paths.get('crashDumps') });
  },
};

export const net = { isOnline: () => true };
export const powerMonitor = new Emitter();

export default {
  app,
  BrowserWindow,
  crashReporter,
  ipcMain,
  session,
  protocol,
  dialog,
  shell,
  net,
  powerMonitor,
  webContents,
};

/** The test's commands, answered with plain data over the IPC channel. */
type Command =
  | { do: 'ready' }
  | { do: 'state' }
  | { do: 'invoke'; channel: string; input: unknown; frame: { url: string; parent: unknown } | null }
  | { do: 'contents-event'; event: 'will-navigate' | 'will-redirect' | 'will-attach-webview'; url: string }
  | { do: 'open-window'; url: string }
  | { do: 'permissions'; permissions: string[] }
  | { do: 'protocol'; url: string }
  | { do: 'close-window'; answer: number }
  | { do: 'quit' }
  | {
      do: 'printers';
      names: string[];
      answer?: { success: boolean; failureReason: string };
    }
  | { do: 'prints' }
  | { do: 'updater'; offer?: { version: string; vendor?: unknown } | null };

async function answer(command: Command): Promise<unknown> {
  const window = recording.windows[0];
  switch (command.do) {
    case 'ready':
      markReady();
      return { ok: true };
    case 'state':
      return {
        order: recording.order,
        privilegedSchemes: recording.privilegedSchemes,
        protocolSchemes: [...recording.protocolHandlers.keys()],
        ipcChannels: [...recording.ipcHandlers.keys()],
        windows: recording.windows.map((each) => ({ options: each.options, loadedUrls: each.loadedUrls })),
        errorBoxes: recording.errorBoxes,
        exitCodes: recording.exitCodes,
        openedExternally: recording.openedExternally,
        crashReporter: recording.crashReporter,
        resolvedProxies: recording.resolvedProxies,
      };
    case 'invoke': {
      const handler = recording.ipcHandlers.get(command.channel);
      if (!handler) return { missing: command.channel };
      // As Electron's IpcMainInvokeEvent: the sending frame, and its webContents (main keys the window by id).
      return handler({ senderFrame: command.frame, sender: { id: 1 } }, command.input);
    }
    case 'contents-event': {
      const event = cancellable();
      const contents = window?.webContents;
      contents?.emit(command.event, event, command.url);
      const listened = (contents?.listeners.get(command.event)?.length ?? 0) > 0;
      return { listened, prevented: event.defaultPrevented };
    }
    case 'open-window': {
      const result = window?.webContents.windowOpenHandler?.({ url: command.url });
      return { result, openedExternally: recording.openedExternally };
    }
    case 'permissions': {
      const requested: Record<string, unknown> = {};
      const checked: Record<string, unknown> = {};
      for (const permission of command.permissions) {
        recording.permissionRequestHandler?.(window?.webContents, permission, (granted: boolean) => {
          requested[permission] = granted;
        });
        checked[permission] = recording.permissionCheckHandler?.(window?.webContents, permission);
      }
      return { requested, checked };
    }
    case 'protocol': {
      const scheme = new URL(command.url).protocol.slice(0, -1);
      const handler = recording.protocolHandlers.get(scheme);
      if (!handler) return { missing: scheme };
      const response = await handler(new Request(command.url));
      const body = await response.text();
      return { status: response.status, headers: Object.fromEntries(response.headers), body };
    }
    case 'quit': {
      const event = cancellable();
      app.emit('before-quit', event);
      return { prevented: event.defaultPrevented };
    }
    case 'printers':
      recording.printers = command.names.map((name) => ({
        name,
        displayName: name.replaceAll('_', ' '),
        description: '',
        options: {},
      }));
      if (command.answer) recording.printAnswer = command.answer;
      return { ok: true };
    case 'prints':
      return { prints: recording.prints };
    case 'updater':
      if ('offer' in command) recording.updater.offer = command.offer;
      return {
        ...recording.updater,
        channel: standInAutoUpdater.channel,
        allowDowngrade: standInAutoUpdater.allowDowngrade,
        autoDownload: standInAutoUpdater.autoDownload,
        autoInstallOnAppQuit: standInAutoUpdater.autoInstallOnAppQuit,
        messageBoxes: recording.messageBoxes.length,
      };
    case 'close-window': {
      recording.messageBoxAnswer = command.answer;
      const before = recording.messageBoxes.length;
      const event = cancellable();
      window?.emit('close', event);
      return { prevented: event.defaultPrevented, messageBoxes: recording.messageBoxes.slice(before) };
    }
  }
}

process.on('message', (message: { id: number; command: Command }) => {
  answer(message.command).then(
    (value) => process.send?.({ id: message.id, value }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
process.send?.({ event: 'stand-in-loaded' });
