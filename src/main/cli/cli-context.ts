import { readFileSync } from 'node:fs';
import type { BridgeResult } from '../../shared/bridge/define.ts';
import type { CallName } from '../../shared/bridge/bridge-map.ts';
import type { CallInput, CallOutput } from '../../shared/bridge/api.ts';
import type { CatalogModule } from '../core/catalog/index.ts';
import type { ExportModule } from '../core/export/export-module.ts';
import type { CoreServices } from '../core/core-module.ts';
import { dispatchBridgeCall, type BridgeCore } from '../core/bridge/dispatch.ts';
import { ADMINISTRATOR_CALLER } from '../core/bridge/bridge-caller.ts';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_INVALID_INPUT = 2;

/** The part of the core the commands use; cli/run-cli.ts opens the whole VoaCore and hands them this. */
export interface CliCore
  extends
    BridgeCore,
    Pick<CoreServices, 'location' | 'settings' | 'version' | 'shell' | 'vault' | 'appDb' | 'policy'> {
  catalog: Pick<CatalogModule, 'startSync' | 'cancelSync'>;
  exports: Pick<ExportModule, 'catalogTo' | 'outboxTo'>;
}

export interface CliContext {
  core: CliCore;
  json: boolean;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

export interface CliCommand {
  /** e.g. "config show" */
  name: string;
  usage: string;
  run(context: CliContext, args: string[]): Promise<number>;
}

/**
 * The CLI's input is as untrusted as a renderer's: it goes through the same validated bridge calls. It is
 * run by the administrator at the machine, so the administrator section's PIN does not apply (docs/admin.md).
 */
export function callCore<C extends CallName>(
  context: CliContext,
  channel: C,
  input: CallInput<C>,
): Promise<BridgeResult<CallOutput<C>>> {
  return callCoreWithUntrustedInput(context, channel, input);
}

/**
 * For input whose shape nobody has checked yet (a file, a command line): typed `unknown`, because main
 * parses it with the call's schema before any handler sees it, exactly as it parses a renderer's input.
 */
export function callCoreWithUntrustedInput<C extends CallName>(
  context: CliContext,
  channel: C,
  input: unknown,
): Promise<BridgeResult<CallOutput<C>>> {
  // dispatchBridgeCall answers with the handler of `channel`, so its value is that call's output.
  return dispatchBridgeCall(context.core.handlers, channel, input, ADMINISTRATOR_CALLER) as Promise<
    BridgeResult<CallOutput<C>>
  >;
}

/** Prints a failed answer: every bad field on its own line; exit status 2 for bad input, 1 otherwise. */
export function reportFailure(
  context: CliContext,
  result: Extract<BridgeResult<unknown>, { ok: false }>,
): number {
  if (context.json) {
    context.stdout.write(`${JSON.stringify({ ok: false, error: result.error })}\n`);
  } else if (result.error.fields) {
    context.stderr.write(`error: ${result.error.code}\n`);
    for (const [field, problem] of Object.entries(result.error.fields))
      context.stderr.write(`  ${field}: ${problem}\n`);
  } else {
    context.stderr.write(`error: ${result.error.message}\n`);
  }
  return result.error.code === 'invalid-input' ? EXIT_INVALID_INPUT : EXIT_FAILED;
}

export function packageVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
