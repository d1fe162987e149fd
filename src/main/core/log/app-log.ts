// The log of this process: rotating files in the data directory's logs/ folder, written with electron-log
// (docs/operations.md says why electron-log and not pino). One writer per file: the desktop app writes
// main.log, the CLI cli.log, the browser shell browser-shell.log; the worker threads report their failures
// to the thread that started them, which logs them. So no two processes rotate the same file.
//
// Every record passes redactForLog first (a hook of the logger, before any transport): see log-redaction.ts.
import { EventEmitter } from 'node:events';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import electronLog from 'electron-log/node';
import { redactForLog } from './log-redaction.ts';

export type LogWriter = 'main' | 'cli' | 'browser-shell';

export const LOGS_FOLDER = 'logs';
/** A file is rotated past this size; main.log, main.1.log … main.4.log are kept (at most ~10 MB a writer). */
export const LOG_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const LOG_FILES_KEPT = 5;

const logger = electronLog.create({ logId: 'voa-desk' });
logger.transports.file.level = false;
// Before a data directory is known (unit tests, a start that fails early) warnings go to the console.
logger.transports.console.level = 'warn';
logger.hooks.push((message) => ({ ...message, data: message.data.map((item) => redactForLog(item)) }));

let configured: { dir: string; file: string } | undefined;

export function logsDirOf(dataDir: string): string {
  return path.join(dataDir, LOGS_FOLDER);
}

/**
 * Points this process's log at `<dataDir>/logs/<writer>.log`. The console is left out from then on (an
 * installed app has none, and the CLI's stderr is its own), unless VOA_DESK_LOG_CONSOLE=1.
 */
export function configureAppLog(options: { dataDir: string; writer: LogWriter }): {
  dir: string;
  file: string;
} {
  const dir = logsDirOf(options.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${options.writer}.log`);
  const transport = logger.transports.file;
  transport.resolvePathFn = () => file;
  transport.maxSize = LOG_FILE_MAX_BYTES;
  transport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  transport.format = '[{iso}] [{level}] {text}';
  // One record, one line: what an IT person greps and what a support bundle reader scrolls.
  transport.inspectOptions = { depth: 5, breakLength: Infinity, compact: true };
  transport.archiveLogFn = (current) => rotate(current.toString());
  transport.level = 'info';
  logger.transports.console.level = process.env.VOA_DESK_LOG_CONSOLE === '1' ? 'info' : false;
  // A record the disk cannot take (a full disk) is lost quietly: electron-log would print a stack trace
  // on the console, into the output of a command that works and says for itself what failed.
  const logFile = transport.getFile();
  // electron-log's own listener is the one that prints; its file is an EventEmitter (not in its types).
  if (logFile instanceof EventEmitter) logFile.removeAllListeners('error');
  logFile.on('error', () => undefined);
  configured = { dir, file };
  return configured;
}

/** Where this process writes, once configured. */
export function appLogLocation(): { dir: string; file: string } | undefined {
  return configured;
}

/** main.log → main.1.log → … ; the oldest goes. */
function rotate(file: string): void {
  const { dir, name, ext } = path.parse(file);
  const numbered = (index: number) => path.join(dir, `${name}.${index}${ext}`);
  rmSync(numbered(LOG_FILES_KEPT - 1), { force: true });
  for (let index = LOG_FILES_KEPT - 2; index >= 1; index--) {
    try {
      renameSync(numbered(index), numbered(index + 1));
    } catch {
      // That archive did not exist yet.
    }
  }
  renameSync(file, numbered(1));
}

/**
 * What VOA Desk writes to its log. A message is a fixed sentence; what varies goes into `details` (ids,
 * counts, codes, states), never a payload. Redaction still applies to both.
 */
export const appLog = {
  info(message: string, details?: object): void {
    logger.info(message, ...(details ? [details] : []));
  },
  warn(message: string, details?: object): void {
    logger.warn(message, ...(details ? [details] : []));
  },
  /** An error with its details: the error's name, code, message, stack and cause are written, redacted. */
  error(message: string, error?: unknown, details?: object): void {
    logger.error(message, ...(error === undefined ? [] : [error]), ...(details ? [details] : []));
  },
};
