// VOA Desk against a broken or hostile host: an HTTPS listener of the test's own in front of the emulator
// (test/support/hostile-host.ts) that misbehaves on one kind of request. Every case must end in bounded
// memory and time, with the catalog before it kept and a message that says what happened. Limits and
// clocks are the sync policy's, shortened here so a trickling host takes a moment, not minutes; no test
// asserts a timing.
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { DEFAULT_SYNC_POLICY } from '../../src/main/core/catalog/sync/catalog-sync.ts';
import { HOST_WORDS_MAX_CHARS } from '../../src/main/core/host/answer-limits.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallOutput } from '../../src/shared/bridge/api.ts';
import type { BridgeResult } from '../../src/shared/bridge/define.ts';
import { QUOTE_LINE_FIELDS } from '../../src/shared/contract/request-fields.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import {
  HOSTILE_CATALOG_CASES,
  isCatalogPage as isPage,
  startHostileHost,
  type HostileHost,
  type Misbehaviour,
} from '../support/hostile-host.ts';
import { portalUsers } from '../emulator/portal-client.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';

let emulator: RunningEmulator;
let stateDir: string;
let hostile: HostileHost;
let profile: TestProfile;
let core: VoaCore;

/** Short enough for a test, and still the same rules as the defaults. */
const TEST_POLICY = {
  maxAttempts: 2,
  backoffBaseMs: 1,
  backoffMaxMs: 1,
  minimumRate: { bytesPerSecond: 256 * 1024, graceMs: 200 },
};

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-hostile-'));
  emulator = await startEmulator({ variants: 200, log: () => {}, stateDir });
  // The host's floor of 1.5 s before it answers a code request is proven in
  // test/emulator/portal-sign-in.test.ts; here it would only delay each sign-in.
  emulator.state.settings.requestCodeMinimumMs = 0;
  hostile = await startHostileHost(stateDir, emulator.info);
});

afterAll(async () => {
  await hostile?.close();
  await emulator?.stop();
  await rm(stateDir, { recursive: true, force: true });
});

/** A fresh profile and core configured for the emulator through the hostile listener. */
async function openDesk(): Promise<void> {
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await configureProfileForEmulator(core, { ...emulator.info, baseUrl: hostile.baseUrl });
  core.catalog.setSyncPolicy(TEST_POLICY);
}

async function closeDesk(): Promise<void> {
  await core?.close();
  await profile?.dispose();
}

beforeEach(() => {
  hostile.misbehave = undefined;
  hostile.received.length = 0;
});

afterEach(() => {
  hostile.misbehave = undefined;
});

async function countsNow() {
  return (await core.handlers['catalog:stats']({})).counts;
}

async function expectCatalogKept(before: Awaited<ReturnType<typeof countsNow>>) {
  expect(await countsNow()).toEqual(before);
}

describe('a catalog sync against a hostile host', () => {
  // One desk for the cases: each fails and must keep the catalog it starts with, the good sync's, which
  // is synced again only after a case that replaced it.
  let goodCatalog = false;
  beforeAll(openDesk);
  afterAll(closeDesk);

  beforeEach(async () => {
    // The limits a case shortened are the test policy's again.
    core.catalog.setSyncPolicy({ ...DEFAULT_SYNC_POLICY, ...TEST_POLICY });
    if (goodCatalog) return;
    const first = await core.catalog.syncNow('manual');
    expect(first.outcome, first.message).toBe('succeeded');
    goodCatalog = true;
    hostile.received.length = 0;
  });

  it('an endless catalog page is cut at the page limit, named in the message, and the catalog is kept', async () => {
    const before = await countsNow();
    core.catalog.setSyncPolicy({ maxPageBytes: 1024 * 1024 });
    hostile.misbehave = HOSTILE_CATALOG_CASES.endlessPage();
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/larger than 1 MiB/);
    await expectCatalogKept(before);
  });

  it('a next-page link to the page itself is refused at once', async () => {
    const before = await countsNow();
    hostile.misbehave = HOSTILE_CATALOG_CASES.nextLinkToItself(hostile);
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome).toBe('failed');
    expect(run.failure?.reason).toBe('nextLinkLoop');
    // The page was asked for once: its link back to itself was never followed.
    expect(hostile.received.filter(({ url }) => isPage(url, 'voaCategories'))).toHaveLength(1);
    await expectCatalogKept(before);
  });

  it('next-page links that go round between distinct pages are refused when one comes back', async () => {
    const before = await countsNow();
    hostile.misbehave = HOSTILE_CATALOG_CASES.nextLinksInACircle(hostile);
    const run = await core.catalog.syncNow('manual');
    expect(run.failure?.reason).toBe('nextLinkLoop');
    await expectCatalogKept(before);
  });

  it('endless distinct next pages end at the page cap', async () => {
    const before = await countsNow();
    core.catalog.setSyncPolicy({ maxPagesFloor: 25 });
    const endless = HOSTILE_CATALOG_CASES.endlessNextPages(hostile);
    hostile.misbehave = endless;
    const run = await core.catalog.syncNow('manual');
    expect(run.failure?.reason).toBe('tooLarge');
    expect(run.message).toMatch(/beyond 25/);
    // The first good sync had a few pages: the cap is its multiple or the floor, whichever is more.
    expect(endless.served()).toBeLessThanOrEqual(Math.max(25, DEFAULT_SYNC_POLICY.growth * 20) + 2);
    await expectCatalogKept(before);
  });

  it('a host trickling a page ends the attempt at the minimum rate, not at the time-out', async () => {
    const before = await countsNow();
    // The time-out alone would take an hour: only the minimum rate can end this.
    core.catalog.setSyncPolicy({ timeoutMs: 3_600_000 });
    const trickling = HOSTILE_CATALOG_CASES.tricklingPage();
    hostile.misbehave = trickling;
    try {
      const run = await core.catalog.syncNow('manual');
      expect(run.outcome).toBe('failed');
      expect(run.failure?.reason).toBe('noAnswer');
      expect(run.message).toMatch(/slower than 256 KiB\/s/);
    } finally {
      trickling.stop();
    }
    await expectCatalogKept(before);
  });

  it('a host that holds a page without a word ends at the sync deadline', async () => {
    const before = await countsNow();
    core.catalog.setSyncPolicy({ timeoutMs: 3_600_000, deadlineMs: 1500 });
    const held: ServerResponse[] = [];
    hostile.misbehave = ({ url }, response) => {
      if (!isPage(url, 'voaVariants')) return false;
      held.push(response);
      return true;
    };
    const run = await core.catalog.syncNow('manual');
    held.forEach((response) => response.destroy());
    expect(run.outcome).toBe('failed');
    expect(run.failure?.reason).toBe('deadline');
    await expectCatalogKept(before);
  });

  it('a catalog that lost a whole kind is refused before the swap, and swapped in when forced', async () => {
    goodCatalog = false;
    const before = await countsNow();
    expect(before.categories).toBeGreaterThan(0);
    hostile.misbehave = ({ url }, response) => {
      if (!isPage(url, 'voaCategories')) return false;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"value":[]}');
      return true;
    };
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome).toBe('failed');
    expect(run.failure?.reason).toBe('catalogShrank');
    expect(run.message).toMatch(/no categories at all/);
    await expectCatalogKept(before);

    const forced = await dispatchBridgeCall(core.handlers, 'sync:start', { force: true });
    expect(forced.ok).toBe(true);
    const done = await core.catalog.syncNow('manual');
    expect(done.outcome).toBe('succeeded');
    expect((await countsNow()).categories).toBe(0);
  });

  it('5 MB catalog fields, deeply nested or long, are cut to their lengths when staged, and the sync succeeds', async () => {
    goodCatalog = false;
    hostile.misbehave = HOSTILE_CATALOG_CASES.hugeFields();
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome, run.message).toBe('succeeded');
    const first = await core.handlers['catalog:item']({ itemNo: 'HUGE1' });
    expect(first.description).toBe('');
    expect(first.description2).toBe('Ä'.repeat(QUOTE_LINE_FIELDS.description.maxLength));
    const second = await core.handlers['catalog:item']({ itemNo: 'HUGE2' });
    expect(second.description).toBe('staal '.repeat(20).slice(0, QUOTE_LINE_FIELDS.description.maxLength));
    expect(second.description2).toBe('');
  });
});

describe('host text cut where it enters', () => {
  beforeEach(openDesk);
  afterEach(closeDesk);

  it("a request refused with 2 MB of error text keeps the host's words cut to a fixed length", async () => {
    hostile.misbehave = ({ method, url }, response) => {
      if (method !== 'POST' || !url.includes('voaRequests_CreateQuoteRequest')) return false;
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { code: 'Refused', message: `Refused: ${'z'.repeat(2 * 1024 * 1024)}` } }),
      );
      return true;
    };
    const submitted = await dispatchBridgeCall(core.handlers, 'outbox:submit', {
      kind: 'quote',
      payload: sampleCounterVisit,
    });
    expect(submitted.ok).toBe(true);
    await dispatchBridgeCall(core.handlers, 'outbox:flush', { waitSeconds: 10 });
    const [item] = core.outbox.store.list({ states: ['needsAttention'] });
    expect(item?.hostWords).toMatch(/^Refused: z+/);
    expect(item!.hostWords!.length).toBeLessThanOrEqual(HOST_WORDS_MAX_CHARS + 100);
    expect(item!.lastError!.length).toBeLessThanOrEqual(HOST_WORDS_MAX_CHARS + 200);
  });
});

describe('portal documents from a hostile host', () => {
  beforeEach(openDesk);
  afterEach(closeDesk);

  async function signedIn(): Promise<void> {
    emulator.state.settings.signInCodeWaitSeconds = 0;
    core.portal.tune({ codeWaitMs: 0 });
    const email = portalUsers.buyer;
    await core.handlers['portal:requestCode']({ email });
    const mail = emulator.state.mail.filter((entry) => entry.kind === 'signInCode' && entry.to === email);
    const code = (mail.at(-1) as { code: string }).code;
    expect((await core.handlers['portal:signIn']({ email, code })).signedIn).toBe(true);
  }

  function documentAnswer(fileName: string, bytes: string): Misbehaviour {
    return ({ method, url }, response) => {
      if (method !== 'POST' || !url.includes('voaPortal_Document')) return false;
      response.writeHead(200, { 'content-type': 'application/json' });
      const document = {
        fileName,
        contentType: 'application/pdf',
        base64: Buffer.from(bytes).toString('base64'),
      };
      response.end(JSON.stringify({ value: JSON.stringify(document) }));
      return true;
    };
  }

  it('a hostile file name is made safe, and always ends in .pdf', async () => {
    await signedIn();
    hostile.misbehave = documentAnswer('Factuur\u202Efdp.exe', '%PDF-1.7\n%hostile but a PDF\n');
    const read = (await dispatchBridgeCall(core.handlers, 'portal:document', {
      documentType: 'invoice',
      documentNo: 'S-INV103001',
    })) as BridgeResult<CallOutput<'portal:document'>>;
    expect(read.ok && read.value.state === 'ok' && read.value.value?.fileName).toBe('Factuurfdp.exe.pdf');
  });

  it('a document whose bytes are not a PDF is refused with a clear message', async () => {
    await signedIn();
    hostile.misbehave = documentAnswer('Factuur 1.pdf', 'MZ\u0090\u0000 an executable');
    const read = await dispatchBridgeCall(core.handlers, 'portal:document', {
      documentType: 'invoice',
      documentNo: 'S-INV103001',
    });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error.message).toMatch(/is geen PDF|is not a PDF/);
  });
});
