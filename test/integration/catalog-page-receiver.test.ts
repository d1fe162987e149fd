// A sync's two workers from the .ts sources: the page receiver receives a page over HTTP and hands it to
// the catalog worker over their own channel, while the main thread tells the catalog worker to write it.
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CatalogConnection } from '../../src/main/core/catalog/store/index.ts';
import { CatalogWorker } from '../../src/main/core/catalog/sync/catalog-sync-worker-client.ts';
import { SearchInProgress } from '../../src/main/core/catalog/threads/index.ts';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** Both workers begun on a fresh catalog.db, and a host on loopback that answers with `host`. */
async function begunWorkers(host: RequestListener): Promise<{
  worker: CatalogWorker;
  /** Rows of each committed transaction, as the catalog worker reported them. */
  rows: number[];
  url: string;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-page-receiver-'));
  const file = path.join(dir, 'catalog.db');
  CatalogConnection.open(file).close();
  const server: Server = createServer(host);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const rows: number[] = [];
  const worker = new CatalogWorker((_kind, count) => rows.push(count), SearchInProgress.create());
  cleanup = async () => {
    await worker.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  };
  await worker.begin(file, undefined);
  return { worker, rows, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// The two messages travel apart, so a write may arrive before its page.
it('a write asked for before the host has answered its page waits for the page, then stages it', async () => {
  // The host holds its answer until the test lets it go.
  let held: (response: ServerResponse) => void = () => {};
  const asked = new Promise<ServerResponse>((resolve) => (held = resolve));
  const { worker, rows, url } = await begunWorkers((_request, response) => held(response));
  const transport = worker.pageTransport();
  const received = transport.send({ method: 'GET', url: `${url}/categories` });
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
});

it('a page with a record that is not JSON is written as unreadable: nothing of it staged, the next page whole', async () => {
  const size = (itemNo: string) => `{"ItemNo":"${itemNo}","Code":"06000","DXLength":6000}`;
  // The list itself is well formed, so its next link would be followed; the second record's stock is not.
  const bodies = [
    `{"value":[${size('1')},{"ItemNo":"2","DXRemainingInventory":NaN}]}`,
    `{"value":[${size('1')},${size('2')}]}`,
  ];
  const { worker, rows, url } = await begunWorkers((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(bodies.shift());
  });
  for (const pageId of [1, 2]) {
    const transport = worker.pageTransport();
    await transport.send({ method: 'GET', url: `${url}/variants` });
    expect(transport.page).toEqual({ readable: true, pageId, nextLink: undefined, count: 2 });
  }
  expect(await worker.call('write', { pageId: 1, kind: 'variants' })).toEqual({
    unreadable: expect.stringMatching(/A record in the list is not JSON/),
  });
  expect(rows).toEqual([]);
  expect(await worker.call('write', { pageId: 2, kind: 'variants' })).toBeNull();
  expect(rows).toEqual([2]);
});
