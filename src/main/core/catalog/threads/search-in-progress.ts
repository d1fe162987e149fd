// A search goes before a sync's writes. On two cores the sync's threads (the page receiver, the catalog
// worker, the main thread) left a search waiting for a core: during a sync a search took about twice as
// long as without one (docs/decisions.md, "The catalog"). So the search worker marks each search in a word
// of shared memory, and the catalog worker, between batches of rows, waits for a marked search to end.
// A person is waiting for the search; nobody waits for the sync's next 50 rows.

/** The longest a sync's writer waits for one search: a slower search then shares the cores. */
export const SEARCH_WAITED_AT_MOST_MS = 100;

/** What a writer's `giveWay` came to. */
export type GaveWay =
  /** No search was running, or only one already waited for as long as the writer waits. */
  | 'none'
  /** A search was running and has ended. */
  | 'ended'
  /** A search ran past `longestMs`: the writer goes on, and does not wait for that search again. */
  | 'outwaited';

/**
 * The count of searches begun and ended, in one word every thread of the catalog sees: odd while a search
 * runs. A count rather than a flag, so that a search that never ends (its thread ended in the middle) is
 * waited for once, and the next search is told apart from it.
 */
export class SearchInProgress {
  /** The shared word, handed to each worker in its workerData. */
  readonly buffer: SharedArrayBuffer;
  readonly #count: Int32Array;
  /** The search this thread last waited for until `longestMs`. */
  #outwaited: number | undefined;

  /** A new word on the thread that starts the workers; a worker passes the buffer it was handed. */
  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    if (buffer.byteLength < Int32Array.BYTES_PER_ELEMENT)
      throw new Error('A search-in-progress word needs 4 bytes of shared memory.');
    this.buffer = buffer;
    this.#count = new Int32Array(buffer, 0, 1);
  }

  /** Runs `search` marked as in progress (the search worker; one search at a time). */
  during<T>(search: () => T): T {
    this.begin();
    try {
      return search();
    } finally {
      this.end();
    }
  }

  begin(): void {
    Atomics.add(this.#count, 0, 1);
  }

  end(): void {
    Atomics.add(this.#count, 0, 1);
    Atomics.notify(this.#count, 0);
  }

  /** Searches marked and ended since the word was made. */
  get searchesEnded(): number {
    return Atomics.load(this.#count, 0) >>> 1;
  }

  /**
   * A writer's pause between batches: while a search runs, this thread waits (blocked, not polling) until
   * it ends, for at most `longestMs`.
   */
  giveWay(longestMs = SEARCH_WAITED_AT_MOST_MS): GaveWay {
    const count = Atomics.load(this.#count, 0);
    // Even: no search. Int32 arithmetic wraps, and keeps the parity.
    if ((count & 1) === 0 || count === this.#outwaited) return 'none';
    if (Atomics.wait(this.#count, 0, count, longestMs) !== 'timed-out') return 'ended';
    this.#outwaited = count;
    return 'outwaited';
  }
}
