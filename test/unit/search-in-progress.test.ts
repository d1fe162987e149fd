// A search goes before a sync's writes: the search worker marks each search in a word of shared memory,
// and the catalog worker waits between batches of rows while one runs, for at most a limit.
import { on } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { SearchInProgress } from '../../src/main/core/catalog/threads/index.ts';

const MODULE = new URL('../../src/main/core/catalog/threads/search-in-progress.ts', import.meta.url).href;

/**
 * A writer on a thread of its own, as the catalog worker is: it raises `ready` in shared memory, gives way
 * once for at most `longestMs`, and answers what that came to.
 */
function writerThread(searches: SearchInProgress, longestMs: number) {
  const ready = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.module).then(({ SearchInProgress }) => {
       const searches = new SearchInProgress(workerData.buffer);
       Atomics.store(new Int32Array(workerData.ready), 0, 1);
       parentPort.postMessage(searches.giveWay(workerData.longestMs));
     });`,
    { eval: true, workerData: { module: MODULE, buffer: searches.buffer, ready: ready.buffer, longestMs } },
  );
  const answered = on(worker, 'message')
    .next()
    .then((message) => (message.value as unknown[])[0]);
  return { ready: () => Atomics.load(ready, 0) === 1, answered, stop: () => worker.terminate() };
}

describe('a sync’s writer and the searches', () => {
  it('goes on at once when no search runs, and a search is marked only while it runs', () => {
    const searches = SearchInProgress.create();
    expect(searches.giveWay(1)).toBe('none');
    // Waited for from inside the search itself, the limit runs out: it was marked.
    expect(searches.during(() => searches.giveWay(1))).toBe('outwaited');
    expect(searches.giveWay(1)).toBe('none');
  });

  it('a search that throws is still marked as ended', () => {
    const searches = SearchInProgress.create();
    expect(() =>
      searches.during(() => {
        throw new Error('unreadable catalog');
      }),
    ).toThrow('unreadable catalog');
    expect(searches.giveWay(1)).toBe('none');
  });

  it('waits for a search only up to its limit, once: a search that never ends does not hold up the sync', () => {
    const searches = SearchInProgress.create();
    // Begun and never ended, as when the search worker's thread ends in the middle of a search.
    searches.begin();
    expect(searches.giveWay(5)).toBe('outwaited');
    expect(searches.giveWay(1)).toBe('none');
  });

  it('after a search left marked, the next search is waited for, and its end is seen as the end', () => {
    const searches = SearchInProgress.create();
    searches.begin();
    expect(searches.giveWay(1)).toBe('outwaited');
    // The search worker started again, on the same word.
    const restarted = new SearchInProgress(searches.buffer);
    expect(restarted.during(() => searches.giveWay(1))).toBe('outwaited');
    expect(searches.giveWay(1)).toBe('none');
  });

  it(
    'a writer on another thread waits for the search in progress and goes on when it ends',
    { timeout: 20_000 },
    async ({ signal }) => {
      const searches = SearchInProgress.create();
      searches.begin();
      // A writer not woken would sit out this limit, far past the test's time-out.
      const writer = writerThread(searches, 10 * 60_000);
      signal.addEventListener('abort', () => void writer.stop());
      try {
        // The writer about to give way, and a few turns more for it to be waiting: then the search ends.
        while (!writer.ready() && !signal.aborted) await nextTurn();
        for (let turn = 0; turn < 10; turn++) await nextTurn();
        searches.end();
        expect(await writer.answered).toBe('ended');
      } finally {
        await writer.stop();
      }
    },
  );

  it('refuses a buffer too small to hold the word', () => {
    expect(() => new SearchInProgress(new SharedArrayBuffer(2))).toThrow(/4 bytes/);
  });
});
