// The outbox: enqueue latency (validate, give a requestId, commit with synchronous=FULL), draining 1,000
// queued requests against the host emulator over HTTPS (with a check that none was stored twice), and the
// keystrokes the three-line counter order needs beyond the characters of its data, typed into the real
// renderer in Chromium through the browser shell.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Agent, fetch } from 'undici';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { dispatchBridgeCall } from '../src/main/core/bridge/dispatch.ts';
import { openDatabase } from '../src/main/core/db/sqlite.ts';
import type { SecretVault } from '../src/main/core/secrets/secret-vault.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import type { ApplicationName } from '../src/shared/settings.ts';
import { SOURCE_COUNTER_VISIT } from '../src/shared/contract/fixed-values.ts';
import { CHROMIUM_PATH } from '../playwright.config.ts';
import { CountingKeyboard, enterCounterOrder, THREE_LINE_ORDER } from '../test/e2e/counter-keyboard-order.ts';
import { emulatorSettingsPatch, TEST_PRIVACY_CONSENT_VERSION } from '../test/support/emulator-profile.ts';
import { spawnWithReadyLine } from '../test/support/processes.ts';
import type { EmulatorInfo } from '../test/support/emulator-profile.ts';
import { compared, percentile, round } from './bench-stats.ts';

const ENQUEUES = 1000;
const DRAIN = 1000;

/** The bench measures the outbox, not the OS keychain: secrets stay in memory here. */
class MemoryVault implements SecretVault {
  readonly #secrets = new Map<ApplicationName, string>();
  async status() {
    return { available: true };
  }
  async set(application: ApplicationName, secret: string) {
    this.#secrets.set(application, secret);
  }
  async isSet(application: ApplicationName) {
    return this.#secrets.has(application);
  }
  async read(application: ApplicationName) {
    return this.#secrets.get(application);
  }
  async clear(application: ApplicationName) {
    this.#secrets.delete(application);
  }
}

const payload = (index: number) => ({
  privacyAccepted: true,
  privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
  contactName: `Bench klant ${index}`,
  companyName: 'Smit Metaalbouw',
  source: SOURCE_COUNTER_VISIT,
  assistedBy: 'Anja de Vries',
  deliveryMethod: 'Pickup',
  quoteRequestLines: [
    { itemNo: 'HEA200', quantity: 4, unitOfMeasureCode: 'PCS', lengthMm: 6000 },
    { itemNo: 'STRIP50X5', quantity: 12, lengthMm: 1200, lineRemarks: 'zagen op 1200 mm' },
    { itemNo: 'KOKER40X40X3', quantity: 1 },
  ],
});

async function openCore(dataDir: string, info?: EmulatorInfo): Promise<VoaCore> {
  const core = await VoaCore.open({
    location: { profile: 'bench', dataDir },
    shell: 'browser',
    version: 'bench',
    vault: new MemoryVault(),
  });
  if (info) {
    await core.settings.update(emulatorSettingsPatch(info));
    await core.vault.set('website', info.website.clientSecret);
  }
  return core;
}

export default async function benchOutbox(): Promise<Record<string, unknown>> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-bench-outbox-'));
  const emulator = await spawnWithReadyLine<EmulatorInfo>('emulator/cli.ts', [
    '--state-dir',
    path.join(work, 'emulator'),
    '--variants',
    '200',
  ]);
  const agent = new Agent({ connect: { ca: await readFile(emulator.ready.caFile, 'utf8') } });
  const admin = async <T>(route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.ready.adminUrl}${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      dispatcher: agent,
    });
    return (await response.json()) as T;
  };
  try {
    // 1. Enqueue: the bridge call as the screens make it (schema, requestId, commit), one at a time.
    const enqueueCore = await openCore(path.join(work, 'enqueue'));
    const latencies: number[] = [];
    // Its limit, in turns with it: the same payload's JSON inserted and committed with nothing else, on
    // a database opened as app.db is (WAL, synchronous=FULL).
    const bareDb = openDatabase(path.join(work, 'bare-enqueue.db'), [], 'full');
    bareDb.exec('CREATE TABLE queued (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
    const bareInsert = bareDb.prepare('INSERT INTO queued (payload) VALUES (?)');
    const bareLatencies: number[] = [];
    for (let index = 0; index < ENQUEUES; index++) {
      const bareStarted = performance.now();
      bareInsert.run(JSON.stringify(payload(index)));
      bareLatencies.push(performance.now() - bareStarted);
      const started = performance.now();
      const result = await dispatchBridgeCall(enqueueCore.handlers, 'outbox:submit', {
        kind: 'quote',
        payload: payload(index),
      });
      latencies.push(performance.now() - started);
      if (!result.ok) throw new Error(result.error.message);
    }
    await enqueueCore.close();
    bareDb.close();

    // 2. Drain 1,000 queued requests against the emulator (its own process), then check the host.
    const drainDir = path.join(work, 'drain');
    const drainCore = await openCore(drainDir, emulator.ready);
    for (let index = 0; index < DRAIN; index++) {
      const result = await dispatchBridgeCall(drainCore.handlers, 'outbox:submit', {
        kind: 'quote',
        payload: payload(index),
      });
      if (!result.ok) throw new Error(result.error.message);
    }
    const drainStarted = performance.now();
    const flushed = await drainCore.outbox.sender.flush(300_000);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const { requests } = await admin<{ requests: { requestId: string }[] }>('/requests/quote');
    const unique = new Set(requests.map((request) => request.requestId)).size;
    await drainCore.close();

    // 3. Keystrokes for the three-line counter order, typed into the real renderer.
    const keyCore = await openCore(path.join(work, 'keys'), emulator.ready);
    await keyCore.handlers['workstation:set']({ counterEmployee: 'Anja de Vries' });
    keyCore.start();
    const shell = await startBrowserShell({
      core: keyCore,
      buildDir: path.resolve(import.meta.dirname, '../out'),
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    let keys: CountingKeyboard;
    let orderSeconds: number;
    let delivered: boolean;
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL' });
      await page.goto(shell.url);
      await page.getByLabel('Contactpersoon').waitFor();
      await page.waitForFunction("document.activeElement?.getAttribute('name') === 'contactName'");
      keys = new CountingKeyboard(page);
      const started = performance.now();
      await enterCounterOrder(keys, THREE_LINE_ORDER);
      await page
        .locator('.submission-notice[data-state="delivered"]')
        .waitFor({ timeout: 30_000 })
        .catch(async (error: Error) => {
          await page.screenshot({ path: path.join(os.tmpdir(), 'voa-bench-counter.png'), fullPage: true });
          throw error;
        });
      orderSeconds = (performance.now() - started) / 1000;
      delivered = true;
    } finally {
      await browser.close();
      await shell.close();
      await keyCore.close();
    }

    return {
      enqueue: {
        requests: ENQUEUES,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: percentile(latencies, 100),
        targetP99Ms: 10,
        p99VsBareInsert: compared(percentile(latencies, 99), percentile(bareLatencies, 99), {
          unit: 'ms',
          measures: 'outbox:submit through the bridge dispatch, p99',
          baselineIs: 'a bare INSERT of the same JSON committed with synchronous=FULL, p99',
          goal: 'p99 ≤ 10 ms',
        }),
        note: 'outbox:submit through the bridge dispatch: schema, requestId, INSERT and COMMIT with synchronous=FULL',
      },
      drain: {
        requests: DRAIN,
        seconds: round(drainSeconds, 2),
        requestsPerSecond: round(DRAIN / drainSeconds, 1),
        concurrency: drainCore.outbox.sender.timing.concurrency,
        drained: flushed.drained,
        storedByHost: requests.length,
        storedTwice: requests.length - unique,
      },
      counterOrderKeystrokes: {
        order:
          'three lines: two typed with quantity (one cut to length), one scanned; pickup; employee remembered',
        dataCharacters: keys.dataCharacters,
        keystrokesBeyondData: keys.otherKeystrokes,
        target: 15,
        sequence: keys.log.join(' '),
        secondsFromFirstKeyToDeliveredNumber: round(orderSeconds, 2),
        delivered,
      },
    };
  } finally {
    await agent.close();
    await emulator.stop();
    await rm(work, { recursive: true, force: true });
  }
}
