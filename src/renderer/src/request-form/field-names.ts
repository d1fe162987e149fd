// A form field as a person reads it in the error summary: "Line 2 · Qty", "Contact name".
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';

const ACCOUNT_LABELS: Record<string, MessageKey> = {
  email: 'requestForm.account.email',
  jobTitle: 'requestForm.account.jobTitle',
  existingCustomer: 'requestForm.account.existingCustomer',
  statedCustomerNo: 'requestForm.account.statedCustomerNo',
};

/** A field path as a person reads it: "Line 2 · Qty", "Contact name". */
export function fieldLabel(t: Translate, path: string, kind: 'quote' | 'account'): string {
  const parts = path.split('.');
  if (parts[0] === QUOTE_LINES_KEY && parts.length >= 3) {
    return `${t('requestForm.line.number', { number: Number(parts[1]) + 1 })} · ${t(`requestForm.line.${parts[2]}` as MessageKey)}`;
  }
  if (parts[0] === 'privacyAccepted' || parts[0] === 'privacyConsentVersion')
    return t('requestForm.form.privacy');
  if (parts[0] === 'assistedBy') return t('counter.employee');
  if (parts[0] === 'source') return t('fair.event');
  if (kind === 'account' && ACCOUNT_LABELS[parts[0] ?? ''])
    return t(ACCOUNT_LABELS[parts[0] ?? ''] as MessageKey);
  const key = `requestForm.form.${parts[0]}` as MessageKey;
  const label = t(key);
  return label === key ? path : label;
}
