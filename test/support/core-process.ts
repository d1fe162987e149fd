// A VOA Desk core in a process of its own, driven over stdin/stdout one JSON line at a time: what the app
// or the browser shell is to a data directory, without a window. Property tests start two of them on one
// data directory and one keychain profile and interleave their calls. Bridge calls go through
// dispatchBridgeCall, exactly as a renderer's do (validated, answered as a BridgeResult).
//
// Run as a script: node test/support/core-process.ts --data-dir DIR --profile NAME
// Started from a test: startCoreProcess(profile, label).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import type { BridgeResult } from '../../src/shared/bridge/define.ts';
import type { SyncHolder, SyncRunSummary } from '../../src/shared/contract/catalog-search.ts';
import { NODE, REPO_ROOT, type TestProfile } from './processes.ts';
import { catalogFile } from './catalog-file.ts';

type Command =
  | { op: 'call'; channel: string; input: unknown }
  /** A manual sync, as `sync:start` begins one, answered when it ends (or at once when it cannot start). */
  | { op: 'sync' }
  /** Rows of the live catalog tables, counted in one statement (one snapshot). */
  | { op: 'catalogRows' };

export type SyncAttempt =
  { started: true; run: SyncRunSummary } | { started: false; otherSync: SyncHolder | undefined };

export interface CatalogRows {
  items: number;
  variants: number;
  categories: number;
}

type Answer = { id: number; value: unknown } | { id: number; error: string };

async function serve(argv: string[]): Promise<void> {
  const option = (name: string) => argv[argv.indexOf(name) + 1] ?? '';
  const core = await VoaCore.open({
    location: { dataDir: option('--data-dir'), profile: option('--profile') },
    shell: 'browser',
    version: 'test',
  });
  const run = async (command: Command): Promise<unknown> => {
    switch (command.op) {
      case 'call':
        return dispatchBridgeCall(core.handlers, command.channel, command.input);
      case 'sync': {
        const request = core.catalog.startSync('manual');
        if (!request.done) return { started: false, otherSync: request.otherSync };
        return { started: true, run: await request.done };
      }
      case 'catalogRows':
        return catalogFile(core)
          .prepare(
            `SELECT (SELECT count(*) FROM item) AS items,
                    (SELECT count(*) FROM size WHERE variant_code <> '') AS variants,
                    (SELECT count(*) FROM category) AS categories`,
          )
          .get();
    }
  };
  process.stdout.write(`${JSON.stringify({ pid: process.pid })}\n`);
  const pending: Promise<void>[] = [];
  for await (const line of createInterface({ input: process.stdin })) {
    const { id, ...command } = JSON.parse(line) as Command & { id: number };
    // Commands run concurrently, as a renderer's calls do; each answer carries its id.
    pending.push(
      run(command)
        .then(
          (value): Answer => ({ id, value: value ?? null }),
          (error: unknown): Answer => ({ id, error: (error as Error)?.stack ?? String(error) }),
        )
        .then((answer) => void process.stdout.write(`${JSON.stringify(answer)}\n`)),
    );
  }
  await Promise.all(pending);
  await core.close();
}

export interface CoreProcess {
  label: string;
  pid: number;
  call<C extends CallName>(channel: C, input: CallInput<C>): Promise<BridgeResult<CallOutput<C>>>;
  sync(): Promise<SyncAttempt>;
  catalogRows(): Promise<CatalogRows>;
  /** Ends stdin: the process closes its core (handing back any outbox claims) and exits. */
  stop(): Promise<void>;
  /** What the process wrote to stderr so far, for failure messages. */
  stderr(): string;
}

/** Starts a core process on the profile's data directory and keychain namespace; resolves once it is open. */
export function startCoreProcess(profile: TestProfile, label: string): Promise<CoreProcess> {
  const child = spawn(
    NODE,
    [
      '--disable-warning=ExperimentalWarning',
      path.join(REPO_ROOT, 'test/support/core-process.ts'),
      ...['--data-dir', profile.dataDir, '--profile', profile.profile],
    ],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let ready: (pid: number) => void = () => {};
  const opened = new Promise<number>((resolve) => (ready = resolve));

  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Answer | { pid: number };
    if ('pid' in message) return ready(message.pid);
    const caller = waiting.get(message.id);
    waiting.delete(message.id);
    if ('error' in message) caller?.reject(new Error(`${label}: ${message.error}`));
    else caller?.resolve(message.value);
  });
  void exited.then((code) => {
    const error = new Error(`${label} (core process) exited with ${code}. stderr:\n${stderr}`);
    for (const caller of waiting.values()) caller.reject(error);
    waiting.clear();
  });

  const send = (command: Command): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.stdin.write(`${JSON.stringify({ id, ...command })}\n`);
    });

  return Promise.race([
    opened,
    exited.then((code) => {
      throw new Error(`${label} (core process) exited with ${code} before it opened. stderr:\n${stderr}`);
    }),
  ]).then((pid) => ({
    label,
    pid,
    call: <C extends CallName>(channel: C, input: CallInput<C>) =>
      send({ op: 'call', channel, input }) as Promise<BridgeResult<CallOutput<C>>>,
    sync: () => send({ op: 'sync' }) as Promise<SyncAttempt>,
    catalogRows: () => send({ op: 'catalogRows' }) as Promise<CatalogRows>,
    async stop() {
      if (child.exitCode === null) child.stdin.end();
      await exited;
    },
    stderr: () => stderr,
  }));
}

if (import.meta.main) {
  serve(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`core process: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}
