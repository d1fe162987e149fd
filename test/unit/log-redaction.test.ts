import { describe, expect, it } from 'vitest';
import { REDACTED, redactForLog, redactText, rememberSecret } from '../../src/main/core/log/log-redaction.ts';

describe('log redaction', () => {
  it('replaces a remembered secret wherever it appears, also inside an error message and its cause', () => {
    rememberSecret('s3cr3t-client-value~42');
    const error = new Error('AADSTS7000215: Invalid client secret s3cr3t-client-value~42 provided', {
      cause: new Error('body: client_id=x&client_secret=s3cr3t-client-value~42'),
    });
    const written = JSON.stringify(redactForLog({ error, note: 'sent s3cr3t-client-value~42' }));
    expect(written).not.toContain('s3cr3t-client-value~42');
    expect(written).toContain('AADSTS7000215');
  });

  it('replaces e-mail addresses, phone numbers, bearer and JWT tokens and secret parameters in text', () => {
    const text = redactText(
      'piet.de-vries@staalbouw.nl called +31 6 1234 5678 and (010) 123 45 67; ' +
        'Authorization: Bearer abcdef123456; eyJhbGciOi.eyJzdWIiOiJ4In0.c2lnbmF0dXJl; ' +
        'token=9f8e7d6c5b4a&client_secret=Zz9~xx_yy',
    );
    expect(text).not.toMatch(/piet|1234 5678|123 45 67|abcdef123456|eyJ|9f8e7d6c5b4a|Zz9~xx_yy/);
    expect(text).toContain('[e-mail]');
    expect(text).toContain('[phone]');
  });

  it('keeps what support needs: request ids, numbers, dates, counts and status codes', () => {
    const text = redactText(
      'request 3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f delivered as VO-000123 on 2026-11-27 after 3 tries (HTTP 503)',
    );
    expect(text).toBe(
      'request 3f2b8c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f delivered as VO-000123 on 2026-11-27 after 3 tries (HTTP 503)',
    );
  });

  it('replaces fields named as secrets or personal data, whatever their value', () => {
    const redacted = redactForLog({
      requestId: 'ABC',
      contactName: 'Piet de Vries',
      companyName: 'De Vries Staalbouw',
      email: 'x',
      phoneNo: '0612',
      address: 'Kade 1',
      vatRegistrationNo: 'NL001',
      nested: { clientSecret: 'abc', token: 'def', remarks: 'call first', state: 'delivered' },
    });
    expect(redacted).toEqual({
      requestId: 'ABC',
      contactName: REDACTED,
      companyName: REDACTED,
      email: REDACTED,
      phoneNo: REDACTED,
      address: REDACTED,
      vatRegistrationNo: REDACTED,
      nested: { clientSecret: REDACTED, token: REDACTED, remarks: REDACTED, state: 'delivered' },
    });
  });
});
