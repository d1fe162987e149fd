// Orders that mean what the customer asked for, from a form's draft to the host emulator over
// HTTPS: the lines the counter builds from the local catalog (units, standard and cut lengths, unknown
// items), a pickup with a date and a delivery to the billing address. Whatever was sent is compared
// with what the host stored, key by key; keys not sent must be stored empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { OutboxItemDetail, SubmitAnswer } from '../../src/shared/bridge/outbox-calls.ts';
import { pickedLineFor, type CatalogItemDetail } from '../../src/shared/contract/catalog-search.ts';
import { DELIVERY_DELIVERY, SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import {
  emptyLine,
  emptyQuoteDraft,
  lineWithCatalogItem,
  lineWithoutCatalogItem,
  quotePayloadFromDraft,
  type DraftLine,
  type QuoteDraft,
} from '../../src/shared/contract/request-drafts.ts';
import { QUOTE_LINE_FIELDS } from '../../src/shared/contract/request-fields.ts';
import { unitCode, type LineUnit } from '../../src/shared/contract/request-lines.ts';
import { localDate } from '../../src/shared/contract/request-submit-rules.ts';
import { configureProfileForEmulator, TEST_PRIVACY_CONSENT_VERSION } from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
let core: VoaCore;

beforeAll(async () => {
  emulator = await startEmulator({ variants: 200, log: () => {} });
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await configureProfileForEmulator(core, emulator.info);
  // The company's own codes, typed as a person would (lowercase): stored as code fields.
  const saved = await dispatchBridgeCall(core.handlers, 'settings:save', {
    units: { pieces: 'st', meters: 'mtr', kilograms: 'kg' },
  });
  expect(saved.ok).toBe(true);
  const run = await core.catalog.syncNow('manual');
  expect(run.outcome).toBe('succeeded');
});

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

/** A line as the counter's entry row makes it: typed, then checked against the local catalog. */
async function checkedLine(typed: Partial<DraftLine>, unit?: LineUnit): Promise<DraftLine> {
  const line = { ...emptyLine(crypto.randomUUID()), ...typed };
  const codes = core.settings.current.units;
  const found = await dispatchBridgeCall(core.handlers, 'catalog:item', { itemNo: line.itemNo });
  const checked = found.ok
    ? lineWithCatalogItem(line, found.value as CatalogItemDetail, { codes })
    : lineWithoutCatalogItem(line, core.catalog.reader.syncedAt());
  if (!unit) return checked;
  // The unit chosen by hand, as the line's unit list does.
  const catalog = checked.catalog;
  return {
    ...checked,
    unit,
    unitOfMeasureCode: unitCode(unit, codes, {
      baseUnit: catalog?.baseUnit ?? '',
      priceUnit: catalog?.priceUnit ?? '',
    }),
  };
}

/** Submits the draft as the counter does, delivers it, and returns what was queued and what was stored. */
async function sendCounterOrder(draft: QuoteDraft) {
  const payload = quotePayloadFromDraft(draft, {
    source: SOURCE_COUNTER_VISIT,
    privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
    assistedBy: 'Anja de Vries',
    units: core.settings.current.units,
  });
  const submitted = await dispatchBridgeCall(core.handlers, 'outbox:submit', { kind: 'quote', payload });
  if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
  const { item } = submitted.value as SubmitAnswer;
  const flushed = await dispatchBridgeCall(core.handlers, 'outbox:flush', { waitSeconds: 20 });
  expect(flushed.ok).toBe(true);
  const detail = (await dispatchBridgeCall(core.handlers, 'outbox:get', { id: item.id })) as {
    ok: true;
    value: OutboxItemDetail;
  };
  expect(detail.value.state).toBe('delivered');
  const stored = emulator.state.requests.quote.find((request) => request.number === detail.value.number);
  if (!stored) throw new Error(`the host has no request ${detail.value.number}`);
  return { sent: detail.value.payload as Record<string, unknown>, stored };
}

/** Every key sent is stored as sent; every line key not sent is stored empty (text '' or 0). */
function expectStoredAsSent(sent: Record<string, unknown>, stored: Record<string, unknown>) {
  const { quoteRequestLines: sentLines, ...sentHeader } = sent as {
    quoteRequestLines?: Record<string, unknown>[];
  };
  for (const [key, value] of Object.entries(sentHeader)) expect(stored[key], key).toEqual(value);
  const storedLines = (stored.quoteRequestLines ?? []) as Record<string, unknown>[];
  expect(storedLines).toHaveLength(sentLines?.length ?? 0);
  (sentLines ?? []).forEach((line, index) => {
    const kept = storedLines[index] as Record<string, unknown>;
    expect(kept.lineNo).toBe((index + 1) * 10000);
    for (const [key, spec] of Object.entries(QUOTE_LINE_FIELDS)) {
      const empty = spec.kind === 'number' ? 0 : '';
      expect(kept[key], `line ${index + 1} ${key}`).toEqual(line[key] ?? empty);
    }
  });
}

const base = (contactName: string): QuoteDraft => ({
  ...emptyQuoteDraft('entry'),
  contactName,
  privacyAccepted: true,
});

describe('orders against the emulator: what is stored is what was sent', () => {
  it('3 pieces of a 6 m size, 12,5 meter of another item, 250 kg of a third, in the company codes ST, MTR, KG', async () => {
    const lines = [
      await checkedLine({ itemNo: '100003', variantCode: '06000', quantity: '3' }),
      await checkedLine({ itemNo: '100001', variantCode: '12000', quantity: '12,5' }, 'meters'),
      await checkedLine({ itemNo: '100002', variantCode: '06000', quantity: '250' }, 'kilograms'),
    ];
    expect(lines[0]?.unit).toBe('pieces');
    const { sent, stored } = await sendCounterOrder({ ...base('Eenheden'), lines });
    expectStoredAsSent(sent, stored);
    expect(
      stored.quoteRequestLines?.map((line) => [
        line.itemNo,
        line.variantCode,
        line.quantity,
        line.unitOfMeasureCode,
        line.lengthMm,
      ]),
    ).toEqual([
      ['100003', '06000', 3, 'ST', 0],
      ['100001', '12000', 12.5, 'MTR', 0],
      ['100002', '06000', 250, 'KG', 0],
    ]);
    expect(stored.quoteRequestLines?.[0]).toMatchObject({ profileCode: 'RHS', qualityCode: 'S355J2H' });
  });

  it('a cut length goes out as typed with its sawing instruction; the standard length typed goes out as 0', async () => {
    const cut = await checkedLine({
      itemNo: '100005',
      variantCode: '06000',
      quantity: '2',
      lengthMm: '2350',
      lineRemarks: 'Zagen op 2.350 mm',
    });
    const standard = await checkedLine({
      itemNo: '100005',
      variantCode: '06000',
      quantity: '1',
      lengthMm: '6000',
    });
    const { sent, stored } = await sendCounterOrder({ ...base('Zaagwerk'), lines: [cut, standard] });
    expectStoredAsSent(sent, stored);
    expect(stored.quoteRequestLines?.map((line) => [line.lengthMm, line.lineRemarks])).toEqual([
      [2350, 'Zagen op 2.350 mm'],
      [0, ''],
    ]);
  });

  it('a scanned item the local catalog does not know goes out with its description, as typed', async () => {
    const unknown = await checkedLine({
      itemNo: '999999',
      quantity: '1',
      description: 'Hoeklijn volgens tekening',
    });
    expect(unknown.catalog).toMatchObject({ state: 'unknown' });
    expect(unknown.catalog?.syncedAt).toBeTruthy();
    const { sent, stored } = await sendCounterOrder({ ...base('Scanner'), lines: [unknown] });
    expectStoredAsSent(sent, stored);
    expect(stored.quoteRequestLines?.[0]).toMatchObject({
      itemNo: '999999',
      description: 'Hoeklijn volgens tekening',
      unitOfMeasureCode: 'ST',
      variantCode: '',
    });
  });

  it('a pickup carries its requested date', async () => {
    const day = new Date();
    day.setDate(day.getDate() + 3);
    const line = await checkedLine({ itemNo: '100014', quantity: '2' });
    const { sent, stored } = await sendCounterOrder({
      ...base('Afhaler'),
      requestedDeliveryDate: localDate(day),
      // Typed before switching to pickup: kept in the draft, never sent with a pickup.
      shipToAddress: 'Havenstraat 12',
      shipToCity: 'Huizen',
      lines: [line],
    });
    expectStoredAsSent(sent, stored);
    expect(stored).toMatchObject({
      deliveryMethod: 'Pickup',
      requestedDeliveryDate: localDate(day),
      useShipToAddress: false,
      shipToAddress: '',
    });
  });

  it('a delivery to the billing address sends useShipToAddress false and no address to retype', async () => {
    const line = await checkedLine({ itemNo: '100014', quantity: '1' });
    const { sent, stored } = await sendCounterOrder({
      ...base('Bezorgd'),
      address: 'Industrieweg 5',
      city: 'Hilversum',
      deliveryMethod: DELIVERY_DELIVERY,
      useShipToAddress: false,
      shipToAddress: 'Havenstraat 12',
      lines: [line],
    });
    expect(sent).toMatchObject({ deliveryMethod: 'Delivery', useShipToAddress: false });
    expect(sent).not.toHaveProperty('shipToAddress');
    expectStoredAsSent(sent, stored);
    expect(stored).toMatchObject({ address: 'Industrieweg 5', city: 'Hilversum', shipToAddress: '' });
  });

  it('a unit changed by hand is remembered per item on this workstation and used for the next pick', async () => {
    const remember = await dispatchBridgeCall(core.handlers, 'workstation:set', {
      itemUnit: { itemNo: '100003', unit: 'meters' },
    });
    expect(remember.ok).toBe(true);
    const choices = await dispatchBridgeCall(core.handlers, 'workstation:get', {});
    expect(choices.ok && choices.value).toMatchObject({ itemUnits: { '100003': 'meters' } });
    const found = (await dispatchBridgeCall(core.handlers, 'catalog:item', { itemNo: '100003' })) as {
      ok: true;
      value: CatalogItemDetail;
    };
    const size = found.value.sizes.find((candidate) => candidate.variantCode === '06000')!;
    const added = await dispatchBridgeCall(core.handlers, 'drafts:addLine', {
      target: 'fair',
      line: pickedLineFor(size, true),
    });
    expect(added.ok).toBe(true);
    const draft = (await core.handlers['drafts:get']({ target: 'fair' })).draft as QuoteDraft;
    expect(draft.lines.at(-1)).toMatchObject({ itemNo: '100003', unit: 'meters', unitOfMeasureCode: 'MTR' });
    // Another item keeps the trade's default: a 6 m size counts pieces.
    const other = found.value.sizes[0]!;
    await dispatchBridgeCall(core.handlers, 'drafts:addLine', {
      target: 'fair',
      line: { ...pickedLineFor(other, true), itemNo: '100005' },
    });
    const after = (await core.handlers['drafts:get']({ target: 'fair' })).draft as QuoteDraft;
    expect(after.lines.at(-1)).toMatchObject({ itemNo: '100005', unit: 'pieces', unitOfMeasureCode: 'ST' });
  });

  it('pieces that are not whole and a past date are refused at submit by main as well, each field named', async () => {
    const line = { ...(await checkedLine({ itemNo: '100003', variantCode: '06000' })), quantity: '2,5' };
    const payload = quotePayloadFromDraft(
      { ...base('Fout'), requestedDeliveryDate: '2020-01-01', lines: [line] },
      {
        source: SOURCE_COUNTER_VISIT,
        privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
        assistedBy: 'Anja de Vries',
        units: core.settings.current.units,
      },
    );
    const refused = await dispatchBridgeCall(core.handlers, 'outbox:submit', { kind: 'quote', payload });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.error.fields ?? {}).sort()).toEqual([
      'payload.quoteRequestLines.0.quantity',
      'payload.requestedDeliveryDate',
    ]);
    expect(refused.error.fields?.['payload.quoteRequestLines.0.quantity']).toContain('whole numbers');
  });

  it('bidi overrides and zero-width characters typed or pasted into a form arrive clean; codes as the host stores them', async () => {
    const line = await checkedLine({
      itemNo: '100003',
      variantCode: '06000',
      quantity: '2',
      lineRemarks: 'Zagen\u200b op maat\u202e',
    });
    const { sent, stored } = await sendCounterOrder({
      ...base('Jan\u200b de\u200d Vries\ufeff'),
      companyName: '\u202eStaalbouw\u202c \u2066Noord\u2069 B.V.',
      vatRegistrationNo: 'nl 8195.12.345 b01\u2060',
      address: 'Havenweg\u200b 4',
      postCode: ' 1234  ab ',
      city: 'Zaan\u00addam',
      countryCode: 'n\u200bl',
      remarks: 'Graag\r\nvoor\u2067 10 uur',
      lines: [line],
    });
    expectStoredAsSent(sent, stored);
    expect(stored).toMatchObject({
      contactName: 'Jan de Vries',
      companyName: 'Staalbouw Noord B.V.',
      vatRegistrationNo: 'NL819512345B01',
      address: 'Havenweg 4',
      postCode: '1234 AB',
      // A soft hyphen is visible where a word breaks: it stays.
      city: 'Zaan\u00addam',
      countryCode: 'NL',
      remarks: 'Graag\nvoor 10 uur',
    });
    expect(stored.quoteRequestLines?.[0]?.lineRemarks).toBe('Zagen op maat');
  });

  it('a payload that skipped the form (an untrusted renderer, a CLI file) is cleaned by main before it is queued', async () => {
    const submitted = await dispatchBridgeCall(core.handlers, 'outbox:submit', {
      kind: 'quote',
      payload: {
        privacyAccepted: true,
        privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
        source: 'Beurs\u200b',
        contactName: '\u202eKlant\u202c\u0007',
        shipToCountryCode: 'be\u2069',
        quoteRequestLines: [{ description: 'Plaat\u200c 10 mm', quantity: 1 }],
      },
    });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted.error));
    const { item } = submitted.value as SubmitAnswer;
    await dispatchBridgeCall(core.handlers, 'outbox:flush', { waitSeconds: 20 });
    const detail = await dispatchBridgeCall(core.handlers, 'outbox:get', { id: item.id });
    if (!detail.ok) throw new Error(JSON.stringify(detail.error));
    const { number } = detail.value as OutboxItemDetail;
    const stored = emulator.state.requests.quote.find((request) => request.number === number);
    expect(stored).toMatchObject({ source: 'Beurs', contactName: 'Klant', shipToCountryCode: 'BE' });
    expect(stored?.quoteRequestLines?.[0]?.description).toBe('Plaat 10 mm');
  });
});
