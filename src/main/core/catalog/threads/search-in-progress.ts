// A search goes before a sync's writes. On two cores the sync's threads (the page receiver, the catalog
// worker, the main thread) left a search waiting for a core: during a sync a search took about twice as
// long as without one (docs/decisions.md, "The catalog"). So the search worker marks each search in a word
// of shared memory, and the catalog worker, between batches of rows, waits for a marked search to end.
// A person is waiting for the search; nobody waits for the sync's next batch. The word is one process's:
// a sync in another process (the CLI's) does not see the desk's searches.

/** The longest a sync's writer waits for one search: a slower search then shares the cores. */
const SEARCH_WAITED_AT_MOST_MS = 100;

/** What a writer's `giveWay` came to. */
export type GaveWay =
  /** No search was running, or only one already waited for as long as the writer waits. */
  | 'none'
  /** A search was running and has ended (or another has begun since). */
  | 'ended'
  /** A search ran past `longestMs`: the writer goes on, and does not wait for that search again. */
  | 'outwaited';

/**
 * A count in one word that every thread of the catalog sees: odd while a search runs, moved on as each
 * search begins and ends. A count rather than a flag, so that a search that never ends (its thread ended
 * in the middle) is waited for once and the next search is told apart from it: a search begins at the next
 * odd count even when the word was left odd.
 */
export class SearchInProgress {
  /** The shared word, handed to each worker in its workerData. */
  readonly buffer: SharedArrayBuffer;
  readonly #count: Int32Array;
  /** The search this thread last waited for until `longestMs`. */
  #outwaited: number | undefined;

  /** The word of the catalog module, on the thread that starts the workers. */
  static create(): SearchInProgress {
    return new SearchInProgress(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  }

  /** The word a worker was handed. */
  constructor(buffer: SharedArrayBuffer) {
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

  /**
   * Marks a search as running. Past a search left marked, the count moves on by two, and a writer still
   * waiting for that one is woken to wait for this one.
   */
  begin(): void {
    for (;;) {
      const count = Atomics.load(this.#count, 0);
      // Int32 arithmetic wraps, and keeps the parity.
      if (Atomics.compareExchange(this.#count, 0, count, count + 1 + (count & 1)) === count) break;
    }
    Atomics.notify(this.#count, 0);
  }

  /** Marks the search as ended; answers how many writers it woke. */
  end(): number {
    Atomics.add(this.#count, 0, 1);
    return Atomics.notify(this.#count, 0);
  }

  /** Moves on as searches begin and end: a test sees a worker mark its searches. */
  get marks(): number {
    return Atomics.load(this.#count, 0);
  }

  /**
   * A writer's pause between batches: while a search runs, this thread waits (blocked, not polling) until
   * it ends, for at most `longestMs`.
   */
  giveWay(longestMs = SEARCH_WAITED_AT_MOST_MS): GaveWay {
    const count = Atomics.load(this.#count, 0);
    if ((count & 1) === 0 || count === this.#outwaited) return 'none';
    if (Atomics.wait(this.#count, 0, count, longestMs) !== 'timed-out') return 'ended';
    this.#outwaited = count;
    return 'outwaited';
  }
}
