// The retention purge against a real app.db, through the real outbox store: requests delivered 40 and 10
// days ago (the store's own clock set back, never sleeping), one that needs attention and one still queued;
// the purge from the CLI in its own process and at the desk's start.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logsDirOf } from '../../src/main/core/log/app-log.ts';
import { OutboxStore } from '../../src/main/core/outbox/outbox-store.ts';
import { PURGED_AT_KEY } from '../../src/main/core/outbox/retention-purge.ts';
import { newRequestId } from '../../src/main/core/outbox/request-id.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

const DAY = 24 * 60 * 60 * 1000;
const CUSTOMER = {
  ...sampleCounterVisit,
  contactName: 'Wilhelmina Oosterbroek',
  companyName: 'Oosterbroek Hekwerk',
  phoneNo: '+31 6 2718 2818',
  email: 'w.oosterbroek@hekwerk-oosterbroek.nl',
  customerReference: 'Hek achtertuin',
};

let profile: TestProfile;
const ids: Record<'old' | 'recent' | 'attention' | 'queued', string> = {
  old: '',
  recent: '',
  attention: '',
  queued: '',
};

type Row = {
  request_id: string;
  kind: string;
  state: string;
  number: string | null;
  payload: string;
  created_at: string;
  delivered_at: string | null;
};

function rows(): Map<string, Row> {
  const db = new DatabaseSync(path.join(profile.dataDir, 'app.db'), { readOnly: true });
  try {
    const all = db.prepare('SELECT * FROM outbox_item').all() as Row[];
    return new Map(all.map((row) => [row.request_id, row]));
  } finally {
    db.close();
  }
}

/** Each item as the sender would leave it, recorded by a store whose clock says `daysAgo`. */
function record(core: VoaCore, daysAgo: number, outcome: 'delivered' | 'needsAttention' | 'queued'): string {
  const store = new OutboxStore(core.appDb, () => Date.now() - daysAgo * DAY);
  const requestId = newRequestId();
  const item = store.insert('quote', requestId, CUSTOMER);
  if (outcome === 'queued') return requestId;
  const [claimed] = store.claimDue(1, 'test-sender', 60_000);
  expect(claimed?.id).toBe(item.id);
  store.record(
    item.id,
    outcome === 'delivered'
      ? { state: 'delivered', number: `WEB${String(item.id).padStart(6, '0')}` }
      : {
          state: 'needsAttention',
          error: `HTTP 400: ${CUSTOMER.email} is blocked`,
          hostWords: `${CUSTOMER.email} is blocked`,
        },
    'test-sender',
  );
  return requestId;
}

beforeAll(async () => {
  profile = await createTestProfile();
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  try {
    ids.old = record(core, 40, 'delivered');
    ids.recent = record(core, 10, 'delivered');
    ids.attention = record(core, 40, 'needsAttention');
    ids.queued = record(core, 40, 'queued');
  } finally {
    await core.close();
  }
});

afterAll(async () => {
  await profile?.dispose();
});

const cli = (args: string[]) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);

describe('the retention purge', () => {
  it('from the CLI: purges only what was delivered longer ago than 30 days, keeps what the history needs, and logs a count', async () => {
    const before = rows();
    const run = await cli(['retention', 'purge']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 delivered request\(s\) purged of personal data .*retention 30 days/);
    const after = rows();
    const old = after.get(ids.old)!;
    const payload = JSON.parse(old.payload);
    expect(payload).toEqual({
      assistedBy: 'Anja de Vries',
      source: sampleCounterVisit.source,
      deliveryMethod: 'Pickup',
      privacyAccepted: true,
      privacyConsentVersion: sampleCounterVisit.privacyConsentVersion,
      [PURGED_AT_KEY]: expect.any(String),
    });
    for (const personal of [
      CUSTOMER.contactName,
      CUSTOMER.companyName,
      CUSTOMER.phoneNo,
      CUSTOMER.email,
      CUSTOMER.customerReference,
    ])
      expect(old.payload).not.toContain(personal);
    // The requestId, the ERP's number, the kind, the dates and the state stay as they were.
    const { payload: _was, ...kept } = before.get(ids.old)!;
    expect(old).toMatchObject(kept);
    expect(old.number).toMatch(/^WEB\d{6}$/);
    // Delivered 10 days ago, needing attention, or not yet delivered: untouched, byte for byte.
    for (const id of [ids.recent, ids.attention, ids.queued]) expect(after.get(id)).toEqual(before.get(id));
    expect(after.get(ids.attention)!.state).toBe('needsAttention');

    const log = await readFile(path.join(logsDirOf(profile.dataDir), 'cli.log'), 'utf8');
    expect(log).toMatch(/\[info\]\s+retention purge \{ purged: 1, retentionDays: 30/);
    expect(log).not.toContain(CUSTOMER.contactName);

    const again = await cli(['retention', 'purge']);
    expect(again.stdout).toMatch(/^0 delivered request\(s\) purged/);
  });

  it('at the start of the desk, with the retention set to 5 days: the one delivered 10 days ago goes too', async () => {
    const set = await cli(['config', 'set', '--retention-days', '5']);
    expect(set.code, set.stderr).toBe(0);
    const before = rows();
    const core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
    try {
      core.start();
      const after = rows();
      expect(JSON.parse(after.get(ids.recent)!.payload)[PURGED_AT_KEY]).toEqual(expect.any(String));
      expect(after.get(ids.recent)!.payload).not.toContain(CUSTOMER.email);
      expect(after.get(ids.attention)).toEqual(before.get(ids.attention));
      // The started sender may claim the queued one at once: its payload is what must be kept.
      expect(after.get(ids.queued)!.payload).toBe(before.get(ids.queued)!.payload);
    } finally {
      await core.close();
    }
    const log = await readFile(path.join(logsDirOf(profile.dataDir), 'browser-shell.log'), 'utf8');
    expect(log).toMatch(/\[info\]\s+retention purge \{ purged: 1, retentionDays: 5/);
    const invalid = await cli(['config', 'set', '--retention-days', '0']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/retentionDays:/);
  });
});
