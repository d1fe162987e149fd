// Parked orders: a form put aside while a customer fetches a colleague, or
// found unfinished when the app opened, waits in app.db until the employee resumes or discards it. Through
// the bridge dispatch (validation included) against a real SQLite file, closed and opened again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { ParkedAnswer, ParkedDraftView } from '../../src/shared/bridge/outbox-calls.ts';
import {
  PARKED_DRAFTS_MAX,
  emptyAccountDraft,
  emptyLine,
  emptyQuoteDraft,
} from '../../src/shared/contract/request-drafts.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
let core: VoaCore;

const open = () =>
  VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });

beforeEach(async () => {
  profile = await createTestProfile();
  core = await open();
});

afterEach(async () => {
  await core?.close();
  await profile?.dispose();
});

function order(companyName: string, items: string[] = []) {
  const draft = emptyQuoteDraft(crypto.randomUUID());
  return {
    ...draft,
    companyName,
    lines: items.map((itemNo) => ({ ...emptyLine(crypto.randomUUID()), itemNo, quantity: '1' })),
  };
}

async function call<T>(channel: Parameters<typeof dispatchBridgeCall>[1], input: unknown): Promise<T> {
  const result = await dispatchBridgeCall(core.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

const labels = (parked: ParkedDraftView[]) => parked.map((entry) => `${entry.target}:${entry.label}`);

describe('parked drafts', () => {
  it('parks the counter order under its customer, empties the form, and keeps both across a restart', async () => {
    await call('drafts:save', { target: 'counter', draft: order('Smit Metaalbouw', ['100002', '100003']) });
    const first = await call<ParkedAnswer>('drafts:park', {
      target: 'counter',
      draft: order('Smit Metaalbouw', ['100002', '100003']),
      unfinished: false,
    });
    expect(first.draft).toMatchObject({ target: 'counter', draft: null });
    await call('drafts:park', {
      target: 'counter',
      draft: order('De Vries Hekwerk', ['100014']),
      unfinished: false,
    });

    await core.close();
    core = await open();
    const { parked } = await call<ParkedAnswer>('drafts:parked', {});
    expect(labels(parked)).toEqual(['counter:Smit Metaalbouw', 'counter:De Vries Hekwerk']);
    expect(parked.map((entry) => entry.lineCount)).toEqual([2, 1]);
    expect((await call<{ draft: unknown }>('drafts:get', { target: 'counter' })).draft).toBeNull();
  });

  it('resuming swaps: the order in the form is parked in its place, never overwritten', async () => {
    const parked = await call<ParkedAnswer>('drafts:park', {
      target: 'counter',
      draft: order('Smit Metaalbouw', ['100002']),
      unfinished: false,
    });
    await call('drafts:save', { target: 'counter', draft: order('Colleague first', ['100003']) });

    const resumed = await call<ParkedAnswer>('drafts:resume', { id: parked.parked[0]?.id });
    expect(resumed.draft).toMatchObject({ target: 'counter', draft: { companyName: 'Smit Metaalbouw' } });
    expect(labels(resumed.parked)).toEqual(['counter:Colleague first']);
    const stored = await call<{ draft: { lines: { itemNo: string }[] } }>('drafts:get', {
      target: 'counter',
    });
    expect(stored.draft.lines.map((line) => line.itemNo)).toEqual(['100002']);
  });

  it('keeps an account request apart from the quote forms and discards only what is asked', async () => {
    const account = { ...emptyAccountDraft(), email: 'inkoop@smit.nl' };
    await call('drafts:park', { target: 'account', draft: account, unfinished: true });
    const both = await call<ParkedAnswer>('drafts:park', {
      target: 'fair',
      draft: order('Beurs klant'),
      unfinished: false,
    });
    expect(labels(both.parked)).toEqual(['account:inkoop@smit.nl', 'fair:Beurs klant']);
    expect(both.parked.map((entry) => entry.unfinished)).toEqual([true, false]);

    const left = await call<ParkedAnswer>('drafts:discardParked', { id: both.parked[0]?.id });
    expect(labels(left.parked)).toEqual(['fair:Beurs klant']);
    const again = await dispatchBridgeCall(core.handlers, 'drafts:discardParked', { id: both.parked[0]?.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it(`refuses one order past ${PARKED_DRAFTS_MAX} parked with a reason, but never loses a form found unfinished`, async () => {
    for (let index = 0; index < PARKED_DRAFTS_MAX; index++) {
      await call('drafts:park', { target: 'counter', draft: order(`Klant ${index + 1}`), unfinished: false });
    }
    await call('drafts:save', { target: 'counter', draft: order('Klant 21') });
    const refused = await dispatchBridgeCall(core.handlers, 'drafts:park', {
      target: 'counter',
      draft: order('Klant 21'),
      unfinished: false,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    if (!refused.ok) expect(refused.error.message).toContain(`${PARKED_DRAFTS_MAX} orders are parked`);
    // Nothing was emptied by the refusal.
    expect((await call<{ draft: unknown }>('drafts:get', { target: 'counter' })).draft).toMatchObject({
      companyName: 'Klant 21',
    });

    const unfinished = await call<ParkedAnswer>('drafts:park', {
      target: 'counter',
      draft: order('Klant 21'),
      unfinished: true,
    });
    expect(unfinished.parked).toHaveLength(PARKED_DRAFTS_MAX + 1);
  });

  it('refuses to park an empty form and validates every input in main', async () => {
    const empty = await dispatchBridgeCall(core.handlers, 'drafts:park', {
      target: 'counter',
      draft: emptyQuoteDraft('k'),
      unfinished: false,
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const wrongKind = await dispatchBridgeCall(core.handlers, 'drafts:park', {
      target: 'account',
      draft: order('Smit'),
      unfinished: false,
    });
    expect(wrongKind).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect((await call<ParkedAnswer>('drafts:parked', {})).parked).toEqual([]);
  });
  it('an order stored in a form this version cannot read is listed, kept as stored, and only discarded', async () => {
    await call('drafts:park', {
      target: 'counter',
      draft: order('Smit Metaalbouw', ['100002']),
      unfinished: false,
    });
    await call('drafts:park', {
      target: 'fair',
      draft: order('De Vries Hekwerk', ['100014']),
      unfinished: false,
    });
    // Another version's parked order (a key this one does not know), and one that is no JSON at all.
    const newer = JSON.stringify({ ...order('Bouwbedrijf Jansen', ['100003']), loyaltyCard: 'G-17' });
    const insert = core.appDb.prepare(
      `INSERT INTO parked_draft (target, body, unfinished, saved_at, parked_at)
       VALUES ('counter', ?, 0, '2026-11-20T09:00:00.000Z', '2026-11-20T09:05:00.000Z')`,
    );
    insert.run(newer);
    insert.run('{"companyName": "Bouw');
    // The counter's own form, stored by another version: put aside among them, the form starts empty.
    core.appDb
      .prepare(
        "INSERT INTO draft (target, body, revision, updated_at) VALUES ('counter', ?, 3, '2026-11-21T08:00:00.000Z') " +
          'ON CONFLICT (target) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at',
      )
      .run(newer.replace('Bouwbedrijf Jansen', 'Staal Oost'));

    expect((await call<{ draft: unknown }>('drafts:get', { target: 'counter' })).draft).toBeNull();
    const { parked } = await call<ParkedAnswer>('drafts:parked', {});
    expect(parked.map((entry) => [entry.label, entry.unreadable])).toEqual([
      ['Smit Metaalbouw', false],
      ['De Vries Hekwerk', false],
      ['', true],
      ['', true],
      ['', true],
    ]);
    const setAside = parked[4]!;
    expect(setAside).toMatchObject({
      target: 'counter',
      unfinished: true,
      savedAt: '2026-11-21T08:00:00.000Z',
    });
    const stored = (id: number) =>
      (
        core.appDb.prepare('SELECT body FROM parked_draft WHERE id = ?').get(id) as
          { body: string } | undefined
      )?.body;
    expect(stored(setAside.id)).toContain('Staal Oost');
    expect(stored(parked[2]!.id)).toBe(newer);

    const resumed = await dispatchBridgeCall(core.handlers, 'drafts:resume', { id: parked[2]!.id });
    expect(resumed).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: /can only be discarded/ },
    });
    expect(stored(parked[2]!.id)).toBe(newer);
    for (const entry of parked.slice(2)) await call('drafts:discardParked', { id: entry.id });
    expect(labels((await call<ParkedAnswer>('drafts:parked', {})).parked)).toEqual([
      'counter:Smit Metaalbouw',
      'fair:De Vries Hekwerk',
    ]);
  });
});
