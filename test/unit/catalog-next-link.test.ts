// Which @odata.nextLink a sync follows: only one on the base URL's origin, since the bearer token goes
// with every page request.
import { describe, expect, it } from 'vitest';
import { nextPageUrl } from '../../src/main/core/catalog/sync/catalog-sync.ts';

const BASE = 'https://api.example.com/v2.0/tenant/Production';
const CURRENT = `${BASE}/ODataV4/Company('X')/voaItems?$select=No`;

describe('next-page links', () => {
  it('follows an absolute or relative link on the base URL origin', () => {
    expect(nextPageUrl(`${BASE}/ODataV4/Company('X')/voaItems?$skiptoken=5`, CURRENT, BASE)).toBe(
      `${BASE}/ODataV4/Company('X')/voaItems?$skiptoken=5`,
    );
    expect(nextPageUrl('voaItems?$skiptoken=5', CURRENT, BASE)).toBe(
      `${BASE}/ODataV4/Company('X')/voaItems?$skiptoken=5`,
    );
  });

  it('refuses another host, another port, another scheme and a protocol-relative link elsewhere', () => {
    for (const link of [
      'https://evil.example.net/v2.0/tenant/Production/ODataV4/voaItems?$skiptoken=5',
      'https://api.example.com:8443/v2.0/tenant/Production/ODataV4/voaItems?$skiptoken=5',
      'http://api.example.com/v2.0/tenant/Production/ODataV4/voaItems?$skiptoken=5',
      '//evil.example.net/voaItems?$skiptoken=5',
      'https://api.example.com.evil.example.net/voaItems',
      'https://api.example.com@evil.example.net/voaItems',
    ])
      expect(nextPageUrl(link, CURRENT, BASE), link).toBeUndefined();
  });
});
