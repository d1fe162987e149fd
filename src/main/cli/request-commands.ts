// `submit` and `outbox` commands: the same validated bridge calls as the screens.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { OutboxItemView, OutboxStatus } from '../../shared/bridge/outbox-calls.ts';
import { payloadAsHostReads } from '../../shared/contract/request-schemas.ts';
import { outboxExportSelection } from '../../shared/bridge/export-calls.ts';
import { EXPORT_OPTIONS, exportTarget } from './export-options.ts';
import {
  EXIT_FAILED,
  EXIT_INVALID_INPUT,
  EXIT_OK,
  callCore,
  callCoreWithUntrustedInput,
  reportFailure,
  type CliCommand,
  type CliContext,
} from './cli-context.ts';

/** Default wait of `outbox flush`: long enough for a 429 or two, short enough for a scheduler. */
export const DEFAULT_FLUSH_TIMEOUT_SECONDS = 60;

const submit: CliCommand = {
  name: 'submit',
  usage:
    "submit quote|account --file F [--json]   (F: one request in the contract's payload keys, read as the host reads a payload: null is empty, text is trimmed; its requestId, if any, is kept)",
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { file: { type: 'string' } },
    });
    const kind = positionals[0];
    if ((kind !== 'quote' && kind !== 'account') || positionals.length !== 1 || !values.file) {
      context.stderr.write(`error: name the kind (quote or account) and the file\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    let payload: unknown;
    try {
      payload = payloadAsHostReads(JSON.parse(await readFile(values.file, 'utf8')));
    } catch (error) {
      const problem =
        (error as NodeJS.ErrnoException).code === undefined
          ? `is not valid JSON (${(error as Error).message})`
          : `cannot be read (${(error as Error).message})`;
      return invalid(context, `${values.file} ${problem}`);
    }
    // The file's payload is whatever it holds: main parses it with the submit call's schema.
    const result = await callCoreWithUntrustedInput(context, 'outbox:submit', { kind, payload });
    if (!result.ok) {
      // The file holds the payload itself: name its keys, not the call's wrapper.
      const fields = result.error.fields
        ? Object.fromEntries(
            Object.entries(result.error.fields).map(([key, value]) => [
              key.replace(/^payload\.?/, '') || '(file)',
              value,
            ]),
          )
        : undefined;
      return reportFailure(context, { ok: false, error: { ...result.error, ...(fields ? { fields } : {}) } });
    }
    const { item, existing } = result.value;
    if (context.json) context.stdout.write(`${JSON.stringify({ ok: true, existing, item })}\n`);
    else {
      context.stdout.write(
        `${item.requestId} ${item.state}${item.number ? ` ${item.number}` : ''}${existing ? ' (already in the outbox)' : ''}\n`,
      );
    }
    return EXIT_OK;
  },
};

const list: CliCommand = {
  name: 'outbox list',
  usage: 'outbox list [--json]',
  async run(context, args) {
    parseArgs({ args, strict: true, options: {} });
    const result = await callCore(context, 'outbox:list', { limit: 5000 });
    if (!result.ok) return reportFailure(context, result);
    const { items, status } = result.value;
    if (context.json) {
      context.stdout.write(`${JSON.stringify({ ok: true, status, items }, null, 2)}\n`);
      return EXIT_OK;
    }
    if (!items.length) context.stdout.write('the outbox is empty\n');
    for (const item of items) context.stdout.write(`${describeItem(item)}\n`);
    context.stdout.write(`${describeStatus(status)}\n`);
    if (status.held) context.stdout.write(`${describeHeld(status.held)}\n`);
    return EXIT_OK;
  },
};

const flush: CliCommand = {
  name: 'outbox flush',
  usage: `outbox flush [--json] [--timeout S] [--to-new-connection]   (exit 0 when every request is delivered, 1 when any remain; default ${DEFAULT_FLUSH_TIMEOUT_SECONDS} s; --to-new-connection: also send requests queued under an earlier host connection to the one configured now)`,
  async run(context, args) {
    const { values } = parseArgs({
      args,
      strict: true,
      options: { timeout: { type: 'string' }, 'to-new-connection': { type: 'boolean' } },
    });
    const timeout = values.timeout === undefined ? DEFAULT_FLUSH_TIMEOUT_SECONDS : Number(values.timeout);
    if (!Number.isFinite(timeout) || timeout < 0 || timeout > 3600) {
      return invalid(context, '--timeout must be a number of seconds from 0 to 3600');
    }
    if (values['to-new-connection']) {
      const released = await callCore(context, 'outbox:sendToNewConnection', {});
      if (!released.ok) return reportFailure(context, released);
      if (!context.json)
        context.stdout.write(`${released.value.released} held request(s) now go to the new connection\n`);
    }
    const result = await callCore(context, 'outbox:flush', { waitSeconds: timeout });
    if (!result.ok) return reportFailure(context, result);
    const { status } = result.value;
    const remaining = status.undelivered;
    if (context.json) {
      const waiting = await callCore(context, 'outbox:list', {
        states: ['queued', 'sending', 'needsAttention'],
      });
      context.stdout.write(
        `${JSON.stringify({ ok: remaining === 0, status, remaining: waiting.ok ? waiting.value.items : [] }, null, 2)}\n`,
      );
    } else {
      context.stdout.write(`${describeStatus(status)}\n`);
      if (status.paused) context.stderr.write(`paused: ${status.paused.reason}\n`);
      if (status.held) context.stderr.write(`${describeHeld(status.held)}\n`);
    }
    return remaining === 0 ? EXIT_OK : EXIT_FAILED;
  },
};

function invalid(context: CliContext, message: string): number {
  return reportFailure(context, { ok: false, error: { code: 'invalid-input', message } });
}

function describeItem(item: OutboxItemView): string {
  const who = item.summary.companyName || item.summary.contactName || item.summary.email || '-';
  const parts = [
    item.requestId,
    item.kind.padEnd(7),
    (item.heldFor ? 'held' : item.state).padEnd(14),
    (item.number ?? '-').padEnd(12),
    `attempts ${item.attempts}`,
    who,
  ];
  if (item.heldFor) parts.push(`queued for ${item.heldFor}`);
  else if (item.nextAttemptAt) parts.push(`next ${item.nextAttemptAt}`);
  if (item.lastError) parts.push(`last error: ${item.lastError}`);
  return parts.join('  ');
}

function describeHeld(held: NonNullable<OutboxStatus['held']>): string {
  return (
    `held: ${held.count} request(s) were queued for another host connection (${held.queuedFor.join(', ') || 'unknown'}) ` +
    'and are not sent to the one configured now; to send them there, run `outbox flush --to-new-connection`'
  );
}

function describeStatus(status: OutboxStatus): string {
  const { counts } = status;
  return (
    `delivered ${counts.delivered}, queued ${counts.queued + counts.sending}, needs attention ${counts.needsAttention}, ` +
    `discarded ${counts.discarded}; connection ${status.connection}${status.paused ? ' (paused)' : ''}`
  );
}

const exportRequests: CliCommand = {
  name: 'outbox export',
  usage:
    'outbox export --out FILE (--day YYYY-MM-DD | --event NAME) [--format csv|xlsx] [--language nl|en]\n' +
    "      a day's or an event's requests: number, date, contact, company, lines, state (personal data)",
  async run(context, args) {
    const { values } = parseArgs({
      args,
      strict: true,
      options: { ...EXPORT_OPTIONS, day: { type: 'string' }, event: { type: 'string' } },
    });
    const target = exportTarget(context, values);
    const selection = outboxExportSelection.safeParse({
      ...(values.day !== undefined ? { day: values.day } : {}),
      ...(values.event !== undefined ? { source: values.event } : {}),
    });
    if ('problem' in target || !selection.success) {
      const problem = 'problem' in target ? target.problem : 'give --day YYYY-MM-DD or --event NAME';
      return invalid(context, problem);
    }
    const rows = await context.core.exports.outboxTo(
      target.file,
      target.format,
      selection.data,
      target.language,
    );
    // Customers' names, e-mail addresses and phone numbers leave the desk with this file.
    context.stderr.write(
      "note: the file holds customers' personal data (names, e-mail, phone): keep it safe and delete it when done\n",
    );
    if (context.json) context.stdout.write(`${JSON.stringify({ ok: true, file: target.file, rows })}\n`);
    else context.stdout.write(`${rows} requests written to ${target.file}\n`);
    return EXIT_OK;
  },
};

export const requestCommands: CliCommand[] = [submit, list, flush, exportRequests];
