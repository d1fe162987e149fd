// Test connection names the proxy host traffic went through, and what chose it, in the UI language.
import { describe, expect, it } from 'vitest';
import { describeRoute } from '../../src/renderer/src/features/settings/connection-test-panel.tsx';
import { translate, type Translate } from '../../src/renderer/src/i18n/i18n.ts';
import type { UiLanguage } from '../../src/shared/settings.ts';

const ERP = 'https://api.businesscentral.dynamics.com';
const t =
  (language: UiLanguage): Translate =>
  (key, values) =>
    translate(language, key, values);

describe('Test connection: the proxy used', () => {
  it('names the system’s proxy, the variables’ proxy and a direct route, in Dutch and English', () => {
    const system = {
      origin: ERP,
      choice: { kind: 'proxy', url: 'http://proxy.staal.lan:8080', source: 'system' },
    } as const;
    expect(describeRoute(t('nl'), system)).toBe(
      `${ERP}: via proxy http://proxy.staal.lan:8080 (de proxy-instellingen van deze computer)`,
    );
    expect(describeRoute(t('en'), system)).toBe(
      `${ERP}: through proxy http://proxy.staal.lan:8080 (this computer’s proxy settings)`,
    );
    const variables = {
      origin: ERP,
      choice: { kind: 'proxy', url: 'http://10.0.0.5:3128', source: 'variables' },
    } as const;
    expect(describeRoute(t('nl'), variables)).toBe(
      `${ERP}: via proxy http://10.0.0.5:3128 (de variabelen HTTPS_PROXY, HTTP_PROXY en NO_PROXY)`,
    );
    const direct = { origin: ERP, choice: { kind: 'direct', source: 'none' } } as const;
    expect(describeRoute(t('nl'), direct)).toBe(`${ERP}: rechtstreeks, zonder proxy (geen proxy ingesteld)`);
    expect(describeRoute(t('en'), direct)).toBe(`${ERP}: direct, no proxy (no proxy set)`);
  });

  it('says why no proxy could be used', () => {
    const route = { origin: ERP, problem: 'only HTTP(S) proxies are supported' };
    expect(describeRoute(t('nl'), route)).toBe(
      `${ERP}: geen bruikbare proxy: only HTTP(S) proxies are supported`,
    );
  });
});
