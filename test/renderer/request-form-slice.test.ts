// The request forms' slice: what the employee types is saved to main as a draft, a line added from the
// catalog window appears in the open form, and a refused submit keeps everything typed.
import { describe, expect, it } from 'vitest';
import { emptyLine, emptyQuoteDraft } from '../../src/shared/contract/request-drafts.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { Refusal } from './support/fake-bridge.ts';
import { installFake, storeReaches } from './support/renderer-harness.ts';

describe('request form slice', () => {
  it('typing is saved to main as the draft, and a later start reads it back', async () => {
    const fake = installFake('nl');
    await useAppStore.getState().initRequestForms();
    useAppStore.getState().updateDraft('counter', (draft) => ({ ...draft, contactName: 'Jan' }));
    useAppStore.getState().updateDraft('counter', (draft) => ({ ...draft, contactName: 'Jan Smit' }));
    await useAppStore.getState().saveDraftsNow();
    const saved = fake.inputsOf('drafts:save').filter((save) => save.target === 'counter');
    expect(saved.at(-1)?.draft).toMatchObject({ contactName: 'Jan Smit' });
  });

  it('a line added from the catalog appears in the form; the form’s own lines are not added twice', async () => {
    const fake = installFake('nl');
    await useAppStore.getState().initRequestForms();
    const own = { ...emptyLine('own'), itemNo: 'A1' };
    useAppStore.getState().updateDraft('counter', (draft) => ({ ...draft, lines: [own] }));
    const fromCatalog = { ...emptyLine('catalog'), itemNo: '100002', description: 'HEA 200' };
    fake.emit('drafts:changed', {
      target: 'counter',
      draft: { ...emptyQuoteDraft('entry'), lines: [own, fromCatalog] },
      revision: 2,
      updatedAt: null,
      cause: 'addLine',
    });
    expect(useAppStore.getState().drafts.counter.lines.map((line) => line.itemNo)).toEqual(['A1', '100002']);
  });

  it('a refused submit answers with main’s error and keeps the draft as typed', async () => {
    installFake('nl', {
      'outbox:submit': () => {
        throw new Refusal({ code: 'not-configured', message: 'Stel eerst de host in.' });
      },
    });
    await useAppStore.getState().initRequestForms();
    useAppStore.getState().updateDraft('counter', (draft) => ({ ...draft, contactName: 'Jan Smit' }));
    const error = await useAppStore.getState().submitRequest({
      target: 'counter',
      kind: 'quote',
      payload: {
        contactName: 'Jan Smit',
        source: 'balie',
        privacyAccepted: true,
        privacyConsentVersion: 'PV2026-01',
        quoteRequestLines: [{ itemNo: 'A1', description: 'plaat', quantity: 1 }],
      },
    });
    expect(error).toMatchObject({ code: 'not-configured' });
    await storeReaches((state) => state.drafts.counter.contactName === 'Jan Smit');
    expect(useAppStore.getState().lastSubmitted.counter).toBeUndefined();
  });

  it('an unfinished order with a line or a customer is offered back; one with neither is not kept', async () => {
    const withRemarkOnly = { ...emptyQuoteDraft('entry'), remarks: 'bellen' };
    const withCustomer = { ...emptyQuoteDraft('entry'), companyName: 'Smit Metaalbouw' };
    const parkedBy: string[] = [];
    const fake = installFake('nl', {
      'drafts:get': ({ target }) =>
        target === 'counter'
          ? { target, draft: withRemarkOnly, revision: 1, updatedAt: '2026-11-27T08:00:00.000Z' }
          : target === 'fair'
            ? { target, draft: withCustomer, revision: 1, updatedAt: '2026-11-27T08:00:00.000Z' }
            : { target, draft: null, revision: 0, updatedAt: null },
      'drafts:park': (input) => {
        parkedBy.push(input.target);
        return {
          parked: [
            {
              id: 1,
              target: input.target,
              label: 'Smit Metaalbouw',
              lineCount: 0,
              unfinished: true,
              unreadable: false,
              savedAt: '2026-11-27T08:00:00.000Z',
              parkedAt: '2026-11-27T08:01:00.000Z',
            },
          ],
          draft: { target: input.target, draft: null, revision: 2, updatedAt: null },
        };
      },
    });
    await useAppStore.getState().initRequestForms();
    expect(parkedBy).toEqual(['fair']);
    expect(useAppStore.getState().offers.fair?.label).toBe('Smit Metaalbouw');
    expect(useAppStore.getState().offers.counter).toBeUndefined();
    expect(useAppStore.getState().drafts.counter.remarks).toBe('');
    await expect
      .poll(() =>
        fake.inputsOf('drafts:save').some((save) => save.target === 'counter' && save.draft === null),
      )
      .toBe(true);
  });
});
