// The customer's data leaves with the customer, in the renderer: values a customer's portal data put in a
// form are taken out of it when main reports the session over (idle, expiry, sign-out, another customer),
// whatever the employee typed stays, and the draft saved afterwards holds none of them.
import { describe, expect, it } from 'vitest';
import type { SessionEndReason } from '../../src/shared/bridge/portal-calls.ts';
import { emptyLine, emptyQuoteDraft, withPortalValues } from '../../src/shared/contract/request-drafts.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
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
        'portal:session': () => ({ customer, details: null, ended: null }),
      });
      await useAppStore.getState().initRequestForms();
      useAppStore.getState().portalStart();
      fake.emit('portal:changed', { customer, details: null, ended: null });
      useAppStore.getState().updateDraft('counter', () => formWithCustomerDetails());

      fake.emit('portal:changed', {
        customer: null,
        details: null,
        ended: { reason, at: '2026-11-27T17:00:00.000Z' },
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

  it('another customer signing in never sees the first one’s values', async () => {
    const fake = installFake('nl', { 'portal:session': () => ({ customer, details: null, ended: null }) });
    await useAppStore.getState().initRequestForms();
    useAppStore.getState().portalStart();
    fake.emit('portal:changed', { customer, details: null, ended: null });
    useAppStore.getState().updateDraft('counter', () => formWithCustomerDetails());
    const next = { ...customer, customerNo: '20000', email: 'info@ander.example', customerName: 'Ander BV' };
    fake.emit('portal:changed', { customer: next, details: null, ended: null });
    expect(useAppStore.getState().drafts.counter).toMatchObject({ companyName: '', email: '', phoneNo: '' });
    expect(useAppStore.getState().drafts.counter.contactName).toBe('Jan (typed)');
  });
});
