// The customer's data leaves with the customer, in the renderer: values a customer's portal data put in a
// form are taken out of it when main reports the session over (idle, expiry, sign-out, another customer),
// whatever the employee typed stays, and the draft saved afterwards holds none of them.
import { describe, expect, it, vi } from 'vitest';
import type { PortalSessionView, SessionEndReason } from '../../src/shared/bridge/portal-calls.ts';
import { emptyLine, emptyQuoteDraft, withPortalValues } from '../../src/shared/contract/request-drafts.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { deferred } from './support/fake-bridge.ts';
import { installFake, PORTAL_CUSTOMER as customer } from './support/renderer-harness.ts';

/** A counter form with the customer's details used, a line and a contact typed by the employee. */
function formWithCustomerDetails() {
  const typed = {
    ...emptyQuoteDraft('entry'),
    contactName: 'Jan (typed)',
    lines: [{ ...emptyLine('typed'), itemNo: '100002', quantity: '2' }],
  };
  return withPortalValues(typed, customer.customerNo, {
    companyName: "O'Brien Staal & Zn",
    email: 'inkoop@obrien.example',
    phoneNo: '0201234567',
    vatRegistrationNo: 'NL001234567B01',
    address: 'Havenstraat 12',
    city: 'Amsterdam',
  });
}

describe('customer privacy in the forms', () => {
  it.each<SessionEndReason>(['idle', 'expired', 'signedOut', 'nextCustomer', 'connectionChanged'])(
    'a session ended (%s) takes the customer’s values out of the form; what was typed stays',
    async (reason) => {
      const fake = installFake('nl', {
        'portal:session': () => ({ customer, details: null, ended: null, revision: 1 }),
      });
      await useAppStore.getState().initRequestForms();
      useAppStore.getState().portalStart();
      fake.emit('portal:changed', { customer, details: null, ended: null, revision: 1 });
      useAppStore.getState().updateDraft('counter', () => formWithCustomerDetails());

      fake.emit('portal:changed', {
        customer: null,
        details: null,
        ended: { reason, at: '2026-11-27T17:00:00.000Z' },
        revision: 2,
      });

      const draft = useAppStore.getState().drafts.counter;
      expect(draft).toMatchObject({
        companyName: '',
        email: '',
        phoneNo: '',
        vatRegistrationNo: '',
        address: '',
        city: '',
      });
      expect(draft.portal).toBeUndefined();
      expect(draft.contactName).toBe('Jan (typed)');
      expect(draft.lines.map((line) => line.itemNo)).toEqual(['100002']);
      expect(useAppStore.getState().portalFormCleared).toBe(true);
      await useAppStore.getState().saveDraftsNow();
      const saved = JSON.stringify(fake.inputsOf('drafts:save'));
      for (const value of ['inkoop@obrien.example', '0201234567', 'NL001234567B01', 'Havenstraat']) {
        expect(saved).not.toContain(value);
      }
    },
  );

  it('a session read answering after the sign-out it preceded does not bring the customer back', async () => {
    const read = deferred<PortalSessionView>();
    const fake = installFake('nl', { 'portal:session': () => read.promise });
    await useAppStore.getState().initRequestForms();
    useAppStore.getState().portalStart();
    fake.emit('portal:changed', { customer, details: null, ended: null, revision: 1 });
    // The panel is shown: main reads the session (still signed in, revision 1) …
    useAppStore.getState().portalShown();
    // … and the employee presses "next customer" before that answer is delivered.
    fake.emit('portal:changed', {
      customer: null,
      details: null,
      ended: { reason: 'nextCustomer', at: '2026-11-27T17:00:00.000Z' },
      revision: 2,
    });
    read.resolve({ customer, details: null, ended: null, revision: 1 });
    // The next view is read and shown after the stale one was handled, so the stale one had its turn.
    const next = { ...customer, customerNo: '20000', email: 'info@ander.example', customerName: 'Ander BV' };
    const seen: (string | null)[] = [];
    const unsubscribe = useAppStore.subscribe((state) =>
      seen.push(state.portal.customer?.customerNo ?? null),
    );
    fake.handle('portal:session', () => ({ customer: next, details: null, ended: null, revision: 3 }));
    useAppStore.getState().portalShown();
    await vi.waitFor(() => expect(useAppStore.getState().portal.customer?.customerNo).toBe('20000'));
    unsubscribe();
    expect(seen).not.toContain(customer.customerNo);
  });

  it('another customer signing in never sees the first one’s values', async () => {
    const fake = installFake('nl', {
      'portal:session': () => ({ customer, details: null, ended: null, revision: 1 }),
    });
    await useAppStore.getState().initRequestForms();
    useAppStore.getState().portalStart();
    fake.emit('portal:changed', { customer, details: null, ended: null, revision: 1 });
    useAppStore.getState().updateDraft('counter', () => formWithCustomerDetails());
    const next = { ...customer, customerNo: '20000', email: 'info@ander.example', customerName: 'Ander BV' };
    fake.emit('portal:changed', { customer: next, details: null, ended: null, revision: 2 });
    expect(useAppStore.getState().drafts.counter).toMatchObject({ companyName: '', email: '', phoneNo: '' });
    expect(useAppStore.getState().drafts.counter.contactName).toBe('Jan (typed)');
  });
});
