import { SECRET_MAX_LENGTH } from '../../../src/shared/bridge/settings-calls.ts';

const long = (length: number) => 'x'.repeat(length);

export const settingsBadInputs = {
  'app:info': [{ verbose: true }],
  'settings:get': [{ include: 'secrets' }],
  'settings:save': [
    { host: { baseUrl: 42 } },
    { host: { baseUrl: 'http://not-tls.example.com' } },
    { host: { companyId: 'not-a-guid' } },
    { host: { tenant: long(201) } },
    { host: { caFile: long(5000) } },
    // A renderer may never name a CA file (whom VOA Desk trusts with its secrets), not even a short one.
    { host: { caFile: '/tmp/attacker-ca.pem' } },
    { counterEmployees: 'Anja' },
    { counterEmployees: [''] },
    { counterEmployees: [long(51)] },
    { sourceLabels: [long(51)] },
    { privacyConsentVersion: long(21) },
    { uiLanguage: 'de' },
    { catalogSyncTime: '25:00' },
    { catalogSyncWindowEnd: '4:00' },
    { applications: { website: { clientId: 7 } } },
    { host: { baseUrl: 'https://ok.example.com' }, secret: 'smuggled' },
  ],
  'settings:chooseCaFile': [{ file: '/tmp/attacker-ca.pem' }, { path: '/etc/ssl/certs/ca.pem' }],
  'secrets:set': [
    {},
    { application: 'website' },
    { secret: 'x' },
    { application: 'portal', secret: 'x' },
    { application: 'website', secret: '' },
    { application: 'website', secret: 12345 },
    { application: 'website', secret: long(SECRET_MAX_LENGTH + 1) },
  ],
  'secrets:clear': [{}, { application: 'sync-app' }, { application: ['website'] }],
  'settings:testConnection': [{ application: 'website' }],
  'admin:status': [{ window: 'other' }],
  'admin:unlock': [{}, { pin: 1234 }, { pin: long(101) }],
  'admin:lock': [{ window: 'other' }],
  'admin:setPin': [
    {},
    { newPin: '123' },
    { newPin: '12a4' },
    { newPin: long(13).replaceAll('x', '1') },
    { newPin: 1234 },
    { currentPin: 1234, newPin: '5678' },
  ],
  'admin:removePin': [{}, { currentPin: 1234 }],
} satisfies Record<string, unknown[]>;
