// The main thread's side of the catalog worker: one worker thread per sync, called like an async object.
import { Worker } from 'node:worker_threads';
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import type {
  StagingCalls,
  StagingOp,
  StagingRequest,
  StagingWorkerMessage,
} from './catalog-sync-worker-protocol.ts';

/**
 * From the .ts sources (Node's type stripping: the CLI, the browser shell, the tests) the worker is the
 * sibling .ts file. electron-vite bundles it as an entry of its own, `catalog-sync-worker.js`, in the
 * same folder as every main chunk (electron.vite.config.ts), so the sibling .js is right there.
 */
export const CATALOG_WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './catalog-sync-worker.ts' : './catalog-sync-worker.js',
  import.meta.url,
);

/**
 * The worker's young generation, capped. A sync allocates fast (page text, parsed records, row values) and
 * V8 grows the young generation of a busy isolate to tens of MB; the worker's was not held down by the
 * process's --max-semi-space-size. Capped, the 500,000-size sync peaked at 274 instead of 334 MB with the
 * CLI's flags, and 308 instead of 410 MB with Node's defaults (the app's case); see docs/bench.md.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

export class CatalogWorkerError extends Error {
  override name = 'CatalogWorkerError';
}

interface Pending {
  resolve(value: StagingCalls[StagingOp]['output']): void;
  reject(error: Error): void;
}

export class CatalogWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #lastId = 0;
  #stopped: Error | undefined;
  readonly #exited: Promise<void>;
  #closing: Promise<void> | undefined;

  /** `onRows` hears each committed transaction's rows; `url` is another build of the worker (tests). */
  constructor(onRows: (kind: PageKind, count: number) => void, url: URL = CATALOG_WORKER_URL) {
    this.#worker = new Worker(url, {
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    this.#worker.on('message', (message: StagingWorkerMessage) => {
      if (message.id === undefined) return onRows(message.rows.kind, message.rows.count);
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new CatalogWorkerError(message.message));
    });
    this.#worker.on('error', (error) =>
      this.#stop(new CatalogWorkerError(`The catalog worker failed: ${error.message}`)),
    );
    this.#exited = new Promise((resolve) =>
      this.#worker.once('exit', (code) => {
        this.#stop(new CatalogWorkerError(`The catalog worker stopped (exit code ${code}).`));
        resolve();
      }),
    );
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  call<K extends StagingOp>(op: K, input: StagingCalls[K]['input']): Promise<StagingCalls[K]['output']> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    const request: StagingRequest<K> = { id, op, input };
    return new Promise((resolve, reject) => {
      // The worker answers op K with StagingCalls[K]['output'] (catalog-sync-worker.ts, typed the same way).
      this.#pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      this.#worker.postMessage(request);
    });
  }

  /** Drops an unfinished staging area, closes the worker's connection and waits for the thread to end. */
  async close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.call('close', null).catch(() => this.#worker.terminate());
      await this.#exited;
    })();
    await this.#closing;
  }
}
