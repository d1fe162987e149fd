// The composition root: everything VOA Desk does, built from a data directory, a profile and a vault.
// No Electron here; the Electron shell, the CLI, the browser shell and the tests all build this.
import type { DatabaseSync } from 'node:sqlite';
import { prepareDataDir, type ProfileLocation } from './data-dir.ts';
import { openAppDatabase } from './db/app-database.ts';
import { APP_DB_FILE } from './db/app-migrations.ts';
import { withDiskFullAnswers } from './db/disk-full-calls.ts';
import { isDiskFull } from './db/disk-full.ts';
import path from 'node:path';
import { EventHub } from './bridge/event-hub.ts';
import type { BridgeHandlers } from './bridge/dispatch.ts';
import { SettingsStore } from './settings/settings-store.ts';
import { settingsHandlers } from './settings/settings-handlers.ts';
import { KeytarSecretVault, type SecretVault } from './secrets/secret-vault.ts';
import { BoundSecretVault } from './secrets/bound-secret-vault.ts';
import { AdminLock, type AdminClock } from './settings/admin-lock.ts';
import { HostHttpClient } from './host/host-http-client.ts';
import type { SystemProxyResolver } from './host/proxy-choice.ts';
import { HOST_LIBRARIES_WARM_UP_DELAY_MS, warmHostLibraries } from './host/host-libraries.ts';
import { TokenProvider } from './host/token-provider.ts';
import { VoaHost } from './host/voa-host.ts';
import { HostReachLog, reacherOf } from './host/host-reach.ts';
import { createOutboxModule, type OutboxModule } from './outbox/outbox-module.ts';
import { createCatalogModule, type CatalogModule } from './catalog/index.ts';
import { createPortalModule, type PortalModule } from './portal/portal-module.ts';
import type { CoreServices, ShellKind } from './core-module.ts';
import { createPrintModule, type PrintModule, type SlipPrinterPort } from './print/print-module.ts';
import { createExportModule, type ChooseExportFile, type ExportModule } from './export/export-module.ts';
import { appLog, configureAppLog, type LogWriter } from './log/app-log.ts';
import { runtimeVersions } from './log/runtime-versions.ts';
import { createSupportModule, type SupportShell } from './support/support-module.ts';
import { createStockModule } from './stock/live-stock.ts';
import { RetentionPurge } from './outbox/retention-purge.ts';
import { createUpdateModule, type UpdateModule } from './updates/update-module.ts';
import type { UpdateClock, UpdaterPort } from './updates/update-controller.ts';
import type { PolicyView } from '../../shared/machine-policy.ts';
import { BridgeFailure } from './bridge/bridge-failure.ts';
import {
  invalidPolicyMessage,
  loadMachinePolicy,
  machinePolicyFile,
  type LoadedPolicy,
} from './settings/machine-policy-file.ts';

export type { ShellKind } from './core-module.ts';

export interface VoaCoreOptions {
  location: ProfileLocation;
  shell: ShellKind;
  version: string;
  /** Defaults to the OS keychain for the profile; unit tests may pass a stand-in. */
  vault?: SecretVault;
  /**
   * The desktop shell's file dialog for the extra CA file (undefined when cancelled). Other shells have
   * none: a renderer can never name the file by path.
   */
  chooseCaFile?: () => Promise<string | undefined>;
  /** The desktop shell's printers and silent printing of a window; other shells print through the page. */
  slipPrinter?: SlipPrinterPort;
  /** The desktop shell's save dialog for an export; other shells write into the data directory. */
  chooseExportFile?: ChooseExportFile;
  /** The administrator lock's clock (unlock time-out, waits after wrong PINs); tests pass their own. */
  adminClock?: AdminClock;
  /**
   * How long after start() the desk warms up what its first host call and first search would wait for:
   * the host libraries (host-libraries.ts) and the catalog's search worker; tests pass their own.
   */
  warmUpDelayMs?: number;
  /** Which log file this process writes in the data directory's logs/ (default: by the shell). */
  logWriter?: LogWriter;
  /** The desktop shell's folder opener and save dialog for Settings' support section. */
  supportShell?: SupportShell;
  /** The machine-wide policy file (default: the OS's place for it, machine-policy-file.ts). */
  policyFile?: string;
  /**
   * The desktop shell's system proxy lookup (the OS settings and PAC, Electron's session.resolveProxy);
   * used when no proxy variable is set. Other shells have none and go direct without the variables.
   */
  resolveSystemProxy?: SystemProxyResolver;
  /**
   * The desktop shell's updater (electron-updater); the browser shell's stand-in shows the screen. Used only
   * when the machine policy names an update folder.
   */
  updater?: UpdaterPort;
  /** The update checks' clock; tests pass their own. */
  updateClock?: UpdateClock;
}

export class VoaCore implements CoreServices {
  readonly location: ProfileLocation;
  readonly shell: ShellKind;
  readonly version: string;
  readonly settings: SettingsStore;
  /** Secrets bound to the host they were entered for (the keychain below it stores them). */
  readonly vault: BoundSecretVault;
  /** Connection settings change only in an unlocked administrator section (docs/admin.md). */
  readonly adminLock: AdminLock;
  readonly appDb: DatabaseSync;
  readonly events = new EventHub();
  readonly tokens: TokenProvider;
  /** All host traffic goes through here (and so through one HTTP layer). */
  readonly host: VoaHost;
  /** What last reached the host and when: the header shows the ERP reachable by any of them. */
  readonly reach: HostReachLog;
  readonly outbox: OutboxModule;
  readonly catalog: CatalogModule;
  /** The customer desk: the portal session (token in memory only) and request linking. */
  readonly portal: PortalModule;
  /** The slip's printer and paper, and silent printing where the shell can. */
  readonly print: PrintModule;
  /** CSV and XLSX exports of the catalog and the outbox. */
  readonly exports: ExportModule;
  /** Updates from the machine policy's folder: when to look, and when a downloaded one may install. */
  readonly updates: UpdateModule;
  readonly handlers: BridgeHandlers;
  readonly chooseCaFile: (() => Promise<string | undefined>) | undefined;
  #http: { caFile: string; client: Promise<HostHttpClient> } | undefined;
  readonly #resolveSystemProxy: SystemProxyResolver | undefined;
  readonly #warmUpDelayMs: number;
  readonly #retention: RetentionPurge;
  #warmUp: { timer: ReturnType<typeof setTimeout>; settle: () => void } | undefined;
  #hostLibrariesWarm: Promise<void> | undefined;

  /** The machine policy as read at start: none, in force (what it locks), or unusable (and why). */
  readonly policy: PolicyView;

  private constructor(
    options: VoaCoreOptions,
    settings: SettingsStore,
    appDb: DatabaseSync,
    policy: LoadedPolicy,
  ) {
    this.policy = policy.view;
    settings.applyMachinePolicy(policy.values);
    this.location = options.location;
    this.shell = options.shell;
    this.version = options.version;
    this.settings = settings;
    this.vault = new BoundSecretVault(
      options.vault ?? new KeytarSecretVault(options.location.profile),
      () => this.settings.current,
    );
    this.adminLock = new AdminLock({
      store: this.vault,
      ...(options.adminClock ? { clock: options.adminClock } : {}),
      language: () => this.settings.current.uiLanguage,
      pinRequiredBy: () => (policy.values?.adminPinRequired ? policy.view.file : undefined),
    });
    this.appDb = appDb;
    this.#retention = new RetentionPurge(appDb, () => this.settings.current.retentionDays);
    this.chooseCaFile = options.chooseCaFile;
    this.#resolveSystemProxy = options.resolveSystemProxy;
    this.#warmUpDelayMs = options.warmUpDelayMs ?? HOST_LIBRARIES_WARM_UP_DELAY_MS;
    const http = () => this.#httpClient();
    const current = () => this.settings.current;
    const reach = new HostReachLog((view) => this.events.emit('host:reached', view));
    this.reach = reach;
    this.tokens = new TokenProvider({
      http,
      vault: this.vault,
      settings: current,
      onIssued: (application) => reach.record('token', application),
    });
    this.host = new VoaHost({
      http,
      tokens: this.tokens,
      settings: current,
      onAnswer: (kind, application) => reach.record(reacherOf(kind), application),
    });
    this.outbox = createOutboxModule(this);
    this.catalog = createCatalogModule(this);
    this.portal = createPortalModule(this);
    this.print = createPrintModule(this, options.slipPrinter);
    this.exports = createExportModule(this, {
      // A search exported after a catalog upgrade waits for the search index, as a search does.
      catalog: async () => {
        await this.catalog.searchIndexReady();
        return this.catalog.mainThreadSearch();
      },
      outbox: this.outbox.store,
      chooseFile: options.chooseExportFile,
    });
    const support = createSupportModule(this, options.supportShell ?? {});
    const stock = createStockModule(this, () => this.catalog.reader);
    this.updates = createUpdateModule(this, {
      port: options.updater,
      updates: policy.updates,
      activity: async () => {
        const sync = await this.catalog.status();
        return {
          deliveriesInFlight: this.outbox.store.deliveriesInFlight(),
          syncRunning: Boolean(sync.running ?? sync.otherSync),
        };
      },
      ...(options.updateClock ? { clock: options.updateClock } : {}),
    });
    this.handlers = withDiskFullAnswers(
      {
        ...settingsHandlers(this),
        ...this.outbox.handlers,
        ...this.catalog.handlers,
        ...this.portal.handlers,
        ...this.print.handlers,
        ...this.exports.handlers,
        ...support.handlers,
        ...stock.handlers,
        ...this.updates.handlers,
        'host:reachability': async () => reach.view(),
      },
      path.join(options.location.dataDir, APP_DB_FILE),
      () => this.settings.current.uiLanguage,
    );
  }

  static async open(options: VoaCoreOptions): Promise<VoaCore> {
    await prepareDataDir(options.location.dataDir);
    configureAppLog({
      dataDir: options.location.dataDir,
      writer: options.logWriter ?? (options.shell === 'electron' ? 'main' : 'browser-shell'),
    });
    try {
      const settings = await SettingsStore.open(options.location.dataDir);
      if (settings.loadProblem) appLog.warn('settings could not be read', { problem: settings.loadProblem });
      const policy = await loadMachinePolicy(options.policyFile ?? machinePolicyFile());
      if (policy.view.state === 'invalid')
        appLog.error('the machine policy is invalid', undefined, policy.view);
      else if (policy.view.state === 'active') appLog.info('machine policy in force', policy.view);
      const appDb = openAppDatabase(options.location.dataDir, settings.current.uiLanguage);
      const core = new VoaCore(options, settings, appDb, policy);
      appLog.info('opened', runtimeVersions(options.version, options.location.profile));
      return core;
    } catch (error) {
      appLog.error('could not open the data directory', error, { dataDir: options.location.dataDir });
      throw error;
    }
  }

  /** Starts background work (delivery, scheduled sync): the Electron and browser shells call this. */
  start(): void {
    appLog.info('started', { shell: this.shell });
    this.#retention.start();
    this.outbox.start?.();
    this.catalog.start?.();
    this.portal.start?.();
    this.updates.start?.();
    this.#hostLibrariesWarm ??= new Promise<void>((settle) => {
      const timer = setTimeout(() => {
        this.catalog.warmUpSearch();
        void warmHostLibraries().then(settle);
      }, this.#warmUpDelayMs);
      // A shell that closes before the delay is not kept open by it.
      timer.unref();
      this.#warmUp = { timer, settle };
    });
  }

  /** Settles once start()'s warm-up has loaded the host libraries, or close() ended it; before start(), undefined. */
  get hostLibrariesWarm(): Promise<void> | undefined {
    return this.#hostLibrariesWarm;
  }

  /** The HTTP layer for the configured extra CA file; rebuilt when that setting changes. */
  #httpClient(): Promise<HostHttpClient> {
    // An unusable policy stops every connection feature (tokens, deliveries, sync, portal) right here.
    if (this.policy.state === 'invalid')
      return Promise.reject(
        new BridgeFailure(
          'not-configured',
          invalidPolicyMessage(this.policy, this.settings.current.uiLanguage === 'nl'),
        ),
      );
    const caFile = this.settings.current.host.caFile;
    if (!this.#http || this.#http.caFile !== caFile) {
      const previous = this.#http?.client;
      this.#http = {
        caFile,
        client: HostHttpClient.create({
          ...(caFile ? { caFile } : {}),
          proxy: { resolveSystem: this.#resolveSystemProxy },
        }),
      };
      void previous?.then((client) => client.close()).catch(() => {});
      // A failed creation (unreadable CA file) is reported to this caller and retried by the next.
      this.#http.client.catch(() => (this.#http = undefined));
    }
    return this.#http.client;
  }

  async close(): Promise<void> {
    if (this.#warmUp) {
      clearTimeout(this.#warmUp.timer);
      this.#warmUp.settle();
    }
    // On a full disk (app.db then open to read only) what a stop would write is nothing that was not
    // there before: the stops go on, and the databases close.
    const unlessDiskFull = (error: unknown) => {
      if (!isDiskFull(error, this.location.dataDir)) throw error;
    };
    await this.updates.stop?.();
    // A downloaded update installs at quit unless another process (a command-line sync or delivery) works on
    // this data directory; this desk's own work ends below, before the app quits.
    const updateReady = this.updates.controller.phase.state === 'ready';
    const otherSync = updateReady
      ? await this.catalog.status().then(
          (status) => status.otherSync,
          () => undefined,
        )
      : undefined;
    // First, while the host layer is still there: SignOut at quit.
    this.#retention.stop();
    await this.portal.stop?.().catch(unlessDiskFull);
    await this.catalog.stop?.().catch(unlessDiskFull);
    await this.outbox.stop?.().catch(unlessDiskFull);
    if (updateReady)
      this.updates.controller.decideInstallOnQuit({
        // This desk's leases are handed back by now: what still sends is another process's.
        deliveriesInFlight: this.outbox.store.deliveriesInFlight(),
        syncRunning: otherSync !== undefined,
      });
    const http = this.#http?.client;
    this.#http = undefined;
    await http?.then((client) => client.close()).catch(() => {});
    this.appDb.close();
    appLog.info('shut down', { shell: this.shell });
  }
}
