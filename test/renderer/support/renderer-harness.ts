// What a renderer test starts from: a fake main (fake-bridge.ts) answering the calls every screen makes at
// start with a plausible fresh workstation, which a test overrides call by call.
import { onTestFinished, vi } from 'vitest';
import {
  emptyPageKindCounts,
  type CatalogSizeRow,
  type SyncRunSummary,
  type SyncStatus,
} from '../../../src/shared/contract/catalog-search.ts';
import type { DraftView, OutboxItemView, OutboxStatus } from '../../../src/shared/bridge/outbox-calls.ts';
import { DELIVERY_PICKUP, SOURCE_COUNTER_VISIT } from '../../../src/shared/contract/fixed-values.ts';
import type { SettingsView } from '../../../src/shared/bridge/settings-calls.ts';
import type { DraftTarget } from '../../../src/shared/contract/request-drafts.ts';
import { DEFAULT_SETTINGS, type Settings, type UiLanguage } from '../../../src/shared/settings.ts';
import { useAppStore } from '../../../src/renderer/src/store/use-app-store.ts';
import type { AppState } from '../../../src/renderer/src/app/app-store.ts';
import { FakeBridge, Refusal, type Handlers } from './fake-bridge.ts';

let fake: FakeBridge | undefined;

export function currentFake(): FakeBridge | undefined {
  return fake;
}

export function removeFake(): void {
  fake = undefined;
  delete window.voa;
}

export function settingsView(language: UiLanguage, patch: Partial<Settings> = {}): SettingsView {
  const secrets: SettingsView['secrets'] = {
    website: { set: true, binding: 'bound' },
    sync: { set: true, binding: 'bound' },
  };
  return {
    settings: { ...DEFAULT_SETTINGS, uiLanguage: language, ...patch },
    secrets,
    keychain: { available: true },
    policy: { state: 'none', file: '/etc/voa-desk/policy.json' },
    fileProblem: undefined,
  };
}

/** A Buyer signed in at the counter with a one-time code, as main reports the portal session. */
export const PORTAL_CUSTOMER = {
  email: 'inkoop@obrien.example',
  customerNo: '10000',
  customerName: "O'Brien Staal & Zn",
  role: 'Buyer' as const,
  weightType: '',
  expiresAt: '2026-11-27T18:00:00.000Z',
};

/** The sync status of a desk that never synced and lacks nothing. */
export const NO_SYNC: SyncStatus = {
  running: undefined,
  otherSync: undefined,
  last: undefined,
  lastSuccess: undefined,
  nextScheduledAt: undefined,
  notConfigured: undefined,
};

/** A sync run as main sums it up: one that succeeded, with whatever `patch` changes. */
export function syncRun(patch: Partial<SyncRunSummary> = {}): SyncRunSummary {
  return {
    id: 7,
    trigger: 'manual',
    startedAt: '2026-11-22T02:00:00.000Z',
    finishedAt: '2026-11-22T02:01:00.000Z',
    outcome: 'succeeded',
    message: '',
    pages: 9,
    rows: emptyPageKindCounts(),
    durationMs: 60_000,
    steel: true,
    changes: undefined,
    refusedSteelPages: [],
    damagedCatalogMovedTo: undefined,
    failure: undefined,
    ...patch,
  };
}

export const IDLE_OUTBOX: OutboxStatus = {
  connection: 'online',
  paused: null,
  counts: { queued: 0, sending: 0, delivered: 0, needsAttention: 0, discarded: 0 },
  undelivered: 0,
  nextAttemptAt: null,
  lastContactAt: null,
  throttledUntil: null,
  held: null,
};

let nextItemId = 1;

/** An outbox entry as main lists it: a queued counter quote unless `patch` says otherwise. */
export function outboxItem(patch: Partial<OutboxItemView> = {}): OutboxItemView {
  const id = nextItemId++;
  return {
    id,
    requestId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    kind: 'quote',
    state: 'queued',
    number: null,
    attempts: 0,
    lastError: null,
    hostWords: null,
    unreadable: false,
    nextAttemptAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: `2026-11-22T10:00:${String(id % 60).padStart(2, '0')}.000Z`,
    deliveredAt: null,
    heldFor: null,
    summary: {
      companyName: `Company ${id}`,
      contactName: '',
      email: '',
      source: SOURCE_COUNTER_VISIT,
      assistedBy: 'Anja de Vries',
      deliveryMethod: DELIVERY_PICKUP,
      lineCount: 1,
    },
    ...patch,
  };
}

export function sizeRow(patch: Partial<CatalogSizeRow> & Pick<CatalogSizeRow, 'itemNo'>): CatalogSizeRow {
  return {
    variantCode: '',
    itemDescription: `Item ${patch.itemNo}`,
    itemDescription2: '',
    description: '',
    description2: '',
    categoryCode: '',
    profileCode: '',
    gradeCode: '',
    baseUnit: 'ST',
    priceUnit: 'KG',
    lengthMm: 0,
    widthMm: 0,
    thicknessMm: 0,
    extraLengthMm: 0,
    formatType: '',
    inventory: 0,
    itemBlocked: false,
    salesBlocked: false,
    sizeBlocked: false,
    ...patch,
  };
}

/**
 * Installs a fake main as window.voa. Drafts are kept as main keeps them (saved, read back, revision
 * counted), so a form's autosave and a reload behave; everything else answers as a fresh workstation.
 */
export function installFake(language: UiLanguage = 'nl', overrides: Handlers = {}): FakeBridge {
  // Each form's draft as main keeps it: saved, read back, its revision counted.
  const drafts: { [T in DraftTarget]: Extract<DraftView, { target: T }> } = {
    counter: { target: 'counter', draft: null, revision: 0, updatedAt: null },
    fair: { target: 'fair', draft: null, revision: 0, updatedAt: null },
    account: { target: 'account', draft: null, revision: 0, updatedAt: null },
  };
  const defaults: Handlers = {
    'settings:get': () => settingsView(language),
    'app:info': () => ({ version: 'test', profile: 'default', dataDir: '/tmp/voa-test', shell: 'browser' }),
    'outbox:status': () => IDLE_OUTBOX,
    'outbox:list': () => ({ items: [], status: IDLE_OUTBOX, revision: 0 }),
    'workstation:get': () => ({ counterEmployee: null, fairSource: null, itemUnits: {} }),
    'drafts:get': ({ target }) => drafts[target],
    'drafts:save': (save) => {
      if (save.target === 'account')
        return (drafts.account = {
          ...drafts.account,
          draft: save.draft,
          revision: drafts.account.revision + 1,
        });
      if (save.target === 'fair')
        return (drafts.fair = { ...drafts.fair, draft: save.draft, revision: drafts.fair.revision + 1 });
      return (drafts.counter = {
        ...drafts.counter,
        draft: save.draft,
        revision: drafts.counter.revision + 1,
      });
    },
    'drafts:parked': () => ({ parked: [] }),
    'host:reachability': () => ({ last: null, byReacher: {} }),
    'catalog:facets': () => ({ categories: [], profiles: [], grades: [] }),
    'catalog:search': ({ offset }) => ({
      rows: [],
      offset: offset ?? 0,
      total: 0,
      capped: false,
      syncedAt: undefined,
      tookMs: 0,
      suggestions: [],
    }),
    'sync:status': () => NO_SYNC,
    'portal:session': () => ({ customer: null, details: null, ended: null, revision: 0 }),
    'portal:signOut': () => ({ customer: null, details: null, ended: null, revision: 0 }),
    'portal:links': () => [],
    // The counter's slip: this workstation's paper, and its lines' items (none in an empty catalog).
    'print:choice': () => ({ printer: null, paper: 'a4' }),
    // Settings' about section: a desk whose policy names no update folder.
    'updates:status': () => ({
      feed: null,
      currentVersion: '0.1.0',
      phase: { state: 'off', policyInvalid: false },
      deferredBy: null,
      lastCheckAt: null,
      nextCheckAt: null,
    }),
    'catalog:item': ({ itemNo }) => {
      throw new Refusal({ code: 'not-found', message: `Item ${itemNo} is not in the local catalog.` });
    },
  };
  fake = new FakeBridge({ ...defaults, ...overrides });
  window.voa = fake.api;
  return fake;
}

/** Resolves once the store holds what `done` looks for: waiting on a state, never on the clock. */
export function storeReaches(done: (state: AppState) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(useAppStore.getState())) return resolve();
    const unsubscribe = useAppStore.subscribe((state) => {
      if (!done(state)) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The page's animation frames held back until `paint()`, as on a busy machine that paints late: whatever
 * waits for a frame then comes after the keys typed meanwhile. Released when the test ends.
 */
export function holdAnimationFrames(): { paint: () => void } {
  const waiting: FrameRequestCallback[] = [];
  const frames = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    waiting.push(callback);
    return waiting.length;
  });
  onTestFinished(() => frames.mockRestore());
  return {
    paint: () => {
      for (const callback of waiting.splice(0)) callback(performance.now());
    },
  };
}
