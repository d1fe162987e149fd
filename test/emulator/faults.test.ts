import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../emulator/index.ts';
import { startTestEmulator, type EmulatorTestClient, type Json } from './emulator-client.ts';

const consent = { privacyAccepted: true, privacyConsentVersion: 'PV1' };

describe('faults on request', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator({ seed: 'faults' });
  });
  afterAll(async () => {
    await client.stop();
  });
  beforeEach(async () => {
    await client.admin('/reset', 'POST');
  });

  const setFaults = async (spec: FaultSpec | Record<string, unknown>) => {
    const answer = await client.admin('/faults', 'POST', spec);
    expect(answer.status).toBe(200);
  };
  const storedQuotes = async (): Promise<Json[]> => (await client.admin('/requests/quote')).json.requests;

  it('status429 with count: the next N calls get 429 with Retry-After, then calls pass', async () => {
    await setFaults({ rules: [{ kind: 'status429', count: 2, retryAfterSeconds: 3 }] });
    const first = await client.catalog('voaCategories');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await client.createRequest('quote', consent)).status).toBe(429);
    expect(await storedQuotes()).toEqual([]);
    expect((await client.catalog('voaCategories')).status).toBe(200);
  });

  it('status429 with share: a deterministic share of calls, the same for the same seed', async () => {
    const spec = { rules: [{ kind: 'status429', share: 0.5, match: 'catalog' }] };
    const statuses = async (target: EmulatorTestClient): Promise<number[]> => {
      const seen: number[] = [];
      for (let call = 0; call < 24; call++) seen.push((await target.catalog('voaItemTypes')).status);
      return seen;
    };
    await setFaults(spec);
    const firstRun = await statuses(client);
    await setFaults(spec);
    const secondRun = await statuses(client);
    const twin = await startTestEmulator({ seed: 'faults', faults: JSON.stringify(spec) });
    try {
      expect(await statuses(twin)).toEqual(firstRun);
    } finally {
      await twin.stop();
    }
    expect(secondRun).toEqual(firstRun);
    const throttled = firstRun.filter((status) => status === 429).length;
    expect(throttled).toBeGreaterThan(4);
    expect(throttled).toBeLessThan(20);
  });

  it('status5xx strikes before storing: the caller sees a 5xx and nothing is stored', async () => {
    await setFaults({ rules: [{ kind: 'status5xx', status: 503, count: 1, match: 'requests' }] });
    const answer = await client.createRequest('quote', { ...consent, requestId: 'five-before' });
    expect(answer.status).toBe(503);
    expect(answer.json.error.code).toEqual(expect.any(String));
    expect(await storedQuotes()).toEqual([]);
    // The retry with the same requestId is then a first submission.
    expect((await client.createRequest('quote', { ...consent, requestId: 'five-before' })).status).toBe(200);
  });

  it('status5xxAfterStore: the request is kept but the caller sees a 5xx; the retry meets [VOA-DUBBEL]', async () => {
    await setFaults({ rules: [{ kind: 'status5xxAfterStore', count: 1 }] });
    const answer = await client.createRequest('quote', { ...consent, requestId: 'five-after' });
    expect(answer.status).toBe(500);
    const stored = await storedQuotes();
    expect(stored.map((request) => request.requestId)).toEqual(['FIVE-AFTER']);
    const retry = await client.createRequest('quote', { ...consent, requestId: 'five-after' });
    expect(retry.status).toBe(400);
    expect(retry.json.error.message).toContain('[VOA-DUBBEL]');
    expect(retry.json.error.message).toContain(stored[0].number);
  });

  it('status5xxAfterStore spares calls that fail validation: they answer their own 400', async () => {
    await setFaults({ rules: [{ kind: 'status5xxAfterStore', count: 1 }] });
    expect((await client.createRequest('quote', 'not json')).status).toBe(400);
    expect((await client.createRequest('quote', consent)).status).toBe(500);
  });

  it('latency adds the given delay to matching calls', async () => {
    await setFaults({ rules: [{ kind: 'latency', ms: 300, match: 'catalog' }] });
    await client.token('sync');
    const started = performance.now();
    expect((await client.catalog('voaCategories')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('drop closes the connection without an answer, and nothing is stored', async () => {
    await setFaults({ rules: [{ kind: 'drop', count: 1, match: 'requests' }] });
    await expect(client.createRequest('quote', { ...consent, requestId: 'dropped' })).rejects.toThrow();
    expect(await storedQuotes()).toEqual([]);
    expect((await client.createRequest('quote', { ...consent, requestId: 'dropped' })).status).toBe(200);
  });

  it('dropAfterStore closes the connection after the request was stored', async () => {
    await setFaults({ rules: [{ kind: 'dropAfterStore', count: 1 }] });
    await expect(
      client.createRequest('quote', { ...consent, requestId: 'stored-then-dropped' }),
    ).rejects.toThrow();
    expect((await storedQuotes()).map((request) => request.requestId)).toEqual(['STORED-THEN-DROPPED']);
  });

  it('dropMidBody cuts a catalog page halfway: the client gets a truncated body', async () => {
    await setFaults({ rules: [{ kind: 'dropMidBody', count: 1 }] });
    await expect(client.catalog('voaVariants')).rejects.toThrow();
    expect((await client.catalog('voaVariants')).json.value).toHaveLength(
      client.emulator.expectedCatalog.variants,
    );
  });

  it('malformedRecord writes one record of a catalog page with NaN: the page is not JSON, its outline is', async () => {
    await setFaults({ rules: [{ kind: 'malformedRecord', count: 1 }] });
    const malformed = await client.catalog('voaVariants');
    expect(malformed.status).toBe(200);
    expect(malformed.json).toBeUndefined();
    expect(malformed.text.match(/:NaN\}/g)).toHaveLength(1);
    // Without that one value, the page is the page.
    const whole = await client.catalog('voaVariants');
    expect(JSON.parse(malformed.text.replace(',"DXRemainingInventory":NaN}', '}'))).toEqual(whole.json);
  });

  it('tokenDown: the token endpoint answers 503 in the identity provider form, with Retry-After', async () => {
    await setFaults({ rules: [{ kind: 'tokenDown', count: 2 }] });
    const form = {
      grant_type: 'client_credentials',
      client_id: client.emulator.info.sync.clientId,
      client_secret: client.emulator.info.sync.clientSecret,
      scope: `${client.emulator.info.apiResource}/.default`,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const down = await client.requestToken(form);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('1');
      expect(down.json).toMatchObject({
        error: 'temporarily_unavailable',
        error_codes: [expect.any(Number)],
      });
    }
    expect((await client.requestToken(form)).status).toBe(200);
  });

  it('a fault with match "token" hits only the token endpoint', async () => {
    await client.token('sync');
    await setFaults({ rules: [{ kind: 'status429', match: 'token' }] });
    expect((await client.catalog('voaCategories')).status).toBe(200);
    const form = { grant_type: 'client_credentials', client_id: 'x', client_secret: 'y', scope: 'z' };
    expect((await client.requestToken(form)).status).toBe(429);
  });

  it('refuseRequests in the fault specification switches Refuse Requests', async () => {
    await setFaults({ refuseRequests: true });
    const refused = await client.createRequest('quote', consent);
    expect(refused.status).toBe(400);
    expect(
      refused.json.error.message.startsWith('the service is not accepting requests at the moment.'),
    ).toBe(true);
    await setFaults({ refuseRequests: false });
    expect((await client.createRequest('quote', consent)).status).toBe(200);
  });

  it('the call log names the fault each call met', async () => {
    await setFaults({ rules: [{ kind: 'status429', count: 1, match: 'catalog' }] });
    await client.catalog('voaCategories');
    const calls = (await client.admin('/calls')).json.calls.filter((call: Json) => call.target === 'catalog');
    expect(calls[0]).toMatchObject({ status: 429, fault: 'status429' });
  });

  it('an invalid specification is refused with 400 and leaves the faults as they were', async () => {
    await setFaults({ rules: [{ kind: 'latency', ms: 1 }] });
    const answer = await client.admin('/faults', 'POST', { rules: [{ kind: 'earthquake' }] });
    expect(answer.status).toBe(400);
    expect((await client.admin('/faults')).json.rules).toMatchObject([{ kind: 'latency', ms: 1 }]);
  });
});
