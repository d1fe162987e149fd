// A search goes before a sync's writes: the search worker marks each search in a word of shared memory,
// and the catalog worker waits between batches of rows while one runs, for at most a limit.
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SearchInProgress } from '../../src/main/core/catalog/threads/index.ts';

const MODULE = new URL('../../src/main/core/catalog/threads/search-in-progress.ts', import.meta.url).href;

/**
 * A writer on a thread of its own, as the catalog worker is: it says it is about to give way, gives way
 * for at most `longestMs`, and answers what that came to.
 */
function writerThread(searches: SearchInProgress, longestMs: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.module).then(({ SearchInProgress }) => {
       const searches = new SearchInProgress(workerData.buffer);
       parentPort.postMessage('about to give way');
       parentPort.postMessage(searches.giveWay(workerData.longestMs));
     });`,
    { eval: true, workerData: { module: MODULE, buffer: searches.buffer, longestMs } },
  );
  // Queued as they come, so neither message is missed.
  const messages = on(worker, 'message');
  const next = async (): Promise<unknown> => ((await messages.next()).value as unknown[])[0];
  const about = next();
  const gaveWay = about.then(next).finally(() => worker.terminate());
  return { about, gaveWay };
}

describe('a sync’s writer and the searches', () => {
  it('goes on at once when no search runs, and a search marks itself only while it runs', () => {
    const searches = new SearchInProgress();
    expect(searches.giveWay(60_000)).toBe('none');
    const seenInside = searches.during(() => searches.searchesEnded);
    expect(seenInside).toBe(0);
    expect(searches.searchesEnded).toBe(1);
    expect(searches.giveWay(60_000)).toBe('none');
  });

  it('a search that throws is still marked as ended', () => {
    const searches = new SearchInProgress();
    expect(() =>
      searches.during(() => {
        throw new Error('unreadable catalog');
      }),
    ).toThrow('unreadable catalog');
    expect(searches.searchesEnded).toBe(1);
    expect(searches.giveWay(60_000)).toBe('none');
  });

  it('waits for a search only up to its limit, once: a search that never ends does not hold up the sync', () => {
    const searches = new SearchInProgress();
    // Begun and never ended, as when the search worker's thread ends in the middle of a search.
    searches.begin();
    expect(searches.giveWay(5)).toBe('outwaited');
    expect(searches.giveWay(60_000)).toBe('none');
    // The next search is waited for again.
    searches.end();
    searches.begin();
    expect(searches.giveWay(5)).toBe('outwaited');
  });

  it(
    'a writer on another thread waits for the search in progress and goes on when it ends',
    { timeout: 20_000 },
    async () => {
      const searches = new SearchInProgress();
      searches.begin();
      // Waited for until it ends: a writer that is not woken sits out the whole minute, and the test fails.
      const writer = writerThread(searches, 60_000);
      await writer.about;
      searches.end();
      expect(await writer.gaveWay).not.toBe('outwaited');
      expect(searches.searchesEnded).toBe(1);
    },
  );

  it('two holders of one buffer share the word: a search marked by one is seen by the other', () => {
    const searches = new SearchInProgress();
    const seen = new SearchInProgress(searches.buffer);
    seen.during(() => expect(searches.giveWay(1)).toBe('outwaited'));
    expect(searches.searchesEnded).toBe(1);
  });

  it('refuses a buffer too small to hold the word', () => {
    expect(() => new SearchInProgress(new SharedArrayBuffer(2))).toThrow(/4 bytes/);
  });
});
