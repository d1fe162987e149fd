// A worker thread called like an async object, for the catalog's workers (the sync's and the search's):
// each call is a message with an id, answered by one message with the same id. Each worker declares its
// calls once in its protocol file, as a map from the call's name to its input and its answer.
import {
  Worker,
  parentPort,
  type MessagePort,
  type ResourceLimits,
  type Transferable,
} from 'node:worker_threads';

/**
 * A catalog worker's entry beside the code that starts it (`beside`: that code's import.meta.url). From
 * the .ts sources (Node's type stripping: the CLI, the browser shell, the tests) it is the sibling .ts
 * file; electron-vite bundles each worker as an entry of its own (`<entry>.js`) in the same folder as
 * every main chunk (electron.vite.config.ts), so the sibling .js is right there.
 */
export function workerEntryUrl(entry: string, beside: string): URL {
  return new URL(`./${entry}${beside.endsWith('.ts') ? '.ts' : '.js'}`, beside);
}

/** The worker's port to the thread that started it; `entry` names the worker in the error elsewhere. */
export function parentMessagePort(entry: string): MessagePort {
  if (!parentPort) throw new Error(`${entry} runs as a worker thread only.`);
  return parentPort;
}

/**
 * A worker's calls: each name with what it takes and what it answers. Every catalog worker answers
 * `close` by closing its connection and its port, after which its thread ends.
 */
export type CallMap<Calls> = { [K in keyof Calls]: { input: unknown; output: unknown } } & {
  close: { input: null; output: null };
};

export interface CallRequest<Calls extends CallMap<Calls>, K extends keyof Calls = keyof Calls> {
  id: number;
  op: K;
  input: Calls[K]['input'];
}

/** The worker's answer to the call with this id. */
export type CallAnswer<Calls extends CallMap<Calls>> =
  { id: number; ok: true; value: Calls[keyof Calls]['output'] } | { id: number; ok: false; message: string };

/** The worker's side: a handler for each call, typed by the call map as the caller's side is. */
export type CallHandlers<Calls extends CallMap<Calls>> = {
  [K in keyof Calls]: (input: Calls[K]['input']) => Promise<Calls[K]['output']>;
};

/**
 * The worker's side of one call: its handler's answer, or its error as a message, posted back with the
 * call's id. After `close` the port is closed too: with its connection and its port closed, the thread's
 * event loop is empty and it ends.
 */
export async function answerCall<Calls extends CallMap<Calls>, K extends keyof Calls>(
  port: MessagePort,
  handlers: CallHandlers<Calls>,
  request: CallRequest<Calls, K>,
): Promise<void> {
  let answer: CallAnswer<Calls>;
  try {
    answer = { id: request.id, ok: true, value: await handlers[request.op](request.input) };
  } catch (error) {
    answer = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
  if (request.op === 'close') port.close();
}

/** The worker stopped, could not start, or answered a call with an error. */
export class CatalogWorkerError extends Error {
  override name = 'CatalogWorkerError';
}

interface Pending<Calls extends CallMap<Calls>> {
  resolve(value: Calls[keyof Calls]['output']): void;
  reject(error: Error): void;
}

export interface WorkerCallsOptions<Notice> {
  /** What the worker is, in the errors ("the catalog worker"). */
  name: string;
  resourceLimits?: ResourceLimits;
  workerData?: unknown;
  /** What workerData holds that moves to the worker rather than being copied (a MessagePort). */
  transferList?: Transferable[];
  /** Messages that answer no call (they have no id). */
  onNotice?: (notice: Notice) => void;
}

export class WorkerCalls<Calls extends CallMap<Calls>, Notice extends { id: undefined } = never> {
  readonly #worker: Worker;
  readonly #name: string;
  readonly #pending = new Map<number, Pending<Calls>>();
  #lastId = 0;
  #stopped: Error | undefined;
  readonly #exited: Promise<void>;
  #closing: Promise<void> | undefined;

  constructor(url: URL, options: WorkerCallsOptions<Notice>) {
    this.#name = options.name;
    this.#worker = new Worker(url, {
      resourceLimits: options.resourceLimits,
      workerData: options.workerData,
      transferList: options.transferList,
    });
    this.#worker.on('message', (message: CallAnswer<Calls> | Notice) => {
      if (message.id === undefined) return options.onNotice?.(message);
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new CatalogWorkerError(message.message));
    });
    this.#worker.on('error', (error) =>
      this.#stop(new CatalogWorkerError(`The ${this.#name} failed: ${error.message}`)),
    );
    this.#exited = new Promise((resolve) =>
      this.#worker.once('exit', (code) => {
        this.#stop(new CatalogWorkerError(`The ${this.#name} stopped (exit code ${code}).`));
        resolve();
      }),
    );
  }

  /** The worker's thread id (the worker's own `threadId`). */
  get threadId(): number {
    return this.#worker.threadId;
  }

  /** Why the worker no longer answers (it stopped, or could not start), or undefined while it runs. */
  get stopped(): Error | undefined {
    return this.#stopped;
  }

  /** Resolves once the thread has ended. */
  get exited(): Promise<void> {
    return this.#exited;
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  call<K extends keyof Calls>(op: K, input: Calls[K]['input']): Promise<Calls[K]['output']> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#lastId;
    const request: CallRequest<Calls, K> = { id, op, input };
    return new Promise((resolve, reject) => {
      // The worker answers op K with Calls[K]['output'] (its handlers are typed the same way).
      this.#pending.set(id, { resolve: resolve as Pending<Calls>['resolve'], reject });
      this.#worker.postMessage(request);
    });
  }

  /** Asks the worker to close its connection and waits for the thread to end (ended at once if it fails). */
  async close(): Promise<void> {
    this.#closing ??= (async () => {
      if (!this.#stopped) await this.call('close', null).catch(() => this.#worker.terminate());
      await this.#exited;
    })();
    await this.#closing;
  }

  /** Ends the thread at once, whatever it is doing; pending calls fail. */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
    await this.#exited;
  }
}
