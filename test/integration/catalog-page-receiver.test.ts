// A sync's two workers from the .ts sources: the page receiver receives a page over HTTP and hands it to
// the catalog worker over their own channel, while the main thread tells the catalog worker to write it.
// The two messages travel apart, so a write may arrive before its page.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CatalogStore } from '../../src/main/core/catalog/catalog-store.ts';
import { CatalogWorker } from '../../src/main/core/catalog/catalog-sync-worker-client.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('a write asked for before the host has answered its page waits for the page, then stages it', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-page-receiver-'));
  const file = path.join(dir, 'catalog.db');
  CatalogStore.open(file).close();
  // The host holds its answer until the test lets it go.
  let held: (response: ServerResponse) => void = () => {};
  const asked = new Promise<ServerResponse>((resolve) => (held = resolve));
  const server = createServer((_request, response) => held(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rows: number[] = [];
  const worker = new CatalogWorker((_kind, count) => rows.push(count));
  try {
    await worker.begin(file, undefined);
    const transport = worker.pageTransport();
    const received = transport.send({ method: 'GET', url: `http://127.0.0.1:${port}/categories` });
    const response = await asked;
    // Page ids count from 1 in each sync: this is the page on its way, which exists nowhere yet.
    let written = false;
    const write = worker.call('write', { pageId: 1, kind: 'categories' }).then(() => (written = true));
    expect(written).toBe(false);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ value: [{ Code: 'BEAM', Description: 'Balken' }] }));
    expect((await received).status).toBe(200);
    expect(transport.page).toEqual({ readable: true, pageId: 1, nextLink: undefined, count: 1 });
    await write;
    expect(rows).toEqual([1]);
  } finally {
    await worker.close();
    server.close();
  }
});

it('a page with a record that is not JSON is written as unreadable: nothing of it staged, the next page whole', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-page-receiver-'));
  const file = path.join(dir, 'catalog.db');
  CatalogStore.open(file).close();
  const size = (itemNo: string) => `{"ItemNo":"${itemNo}","Code":"06000","DXLength":6000}`;
  // The list itself is well formed, so its next link would be followed; the second record's stock is not.
  const bodies = [
    `{"value":[${size('1')},{"ItemNo":"2","DXRemainingInventory":NaN}]}`,
    `{"value":[${size('1')},${size('2')}]}`,
  ];
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(bodies.shift());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rows: number[] = [];
  const worker = new CatalogWorker((_kind, count) => rows.push(count));
  try {
    await worker.begin(file, undefined);
    for (const pageId of [1, 2]) {
      const transport = worker.pageTransport();
      await transport.send({ method: 'GET', url: `http://127.0.0.1:${port}/variants` });
      expect(transport.page).toEqual({ readable: true, pageId, nextLink: undefined, count: 2 });
    }
    expect(await worker.call('write', { pageId: 1, kind: 'variants' })).toEqual({
      unreadable: expect.stringMatching(/A record in the list is not JSON/),
    });
    expect(rows).toEqual([]);
    expect(await worker.call('write', { pageId: 2, kind: 'variants' })).toBeNull();
    expect(rows).toEqual([2]);
  } finally {
    await worker.close();
    server.close();
  }
});
