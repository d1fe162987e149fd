// The main thread's side of the catalog worker: one worker thread per sync, called like an async object.
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import type { RowsNotice, StagingCalls, StagingOp } from './catalog-sync-worker-protocol.ts';
import { WorkerCalls, workerEntryUrl } from './worker-calls.ts';

export const CATALOG_WORKER_URL = workerEntryUrl('catalog-sync-worker');

/**
 * The worker's young generation, capped. A sync allocates fast (page text, parsed records, row values) and
 * V8 grows the young generation of a busy isolate to tens of MB; the worker's was not held down by the
 * process's --max-semi-space-size. Capped, the 500,000-size sync peaked at 274 instead of 334 MB with the
 * CLI's flags, and 308 instead of 410 MB with Node's defaults (the app's case); see docs/bench.md.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

export class CatalogWorker {
  readonly #calls: WorkerCalls<StagingCalls, RowsNotice>;

  /** `onRows` hears each committed transaction's rows; `url` is another build of the worker (tests). */
  constructor(onRows: (kind: PageKind, count: number) => void, url: URL = CATALOG_WORKER_URL) {
    this.#calls = new WorkerCalls(url, {
      name: 'catalog worker',
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      onNotice: (notice) => onRows(notice.rows.kind, notice.rows.count),
    });
  }

  /** `transfer`: buffers in the input that move to the worker rather than being copied. */
  call<K extends StagingOp>(
    op: K,
    input: StagingCalls[K]['input'],
    transfer: readonly ArrayBuffer[] = [],
  ): Promise<StagingCalls[K]['output']> {
    return this.#calls.call(op, input, transfer);
  }

  /** Drops an unfinished staging area, closes the worker's connection and waits for the thread to end. */
  close(): Promise<void> {
    return this.#calls.close();
  }
}
