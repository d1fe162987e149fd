// The rules of updating a desk, as plain functions: which offered build this desk will run, what keeps a
// downloaded one from installing now, and how an updater's failure reads for a person.
import { z } from 'zod';
import type {
  UpdateBlocker,
  UpdateDatabase,
  UpdatePhase,
  UpdateProblem,
} from '../../../shared/bridge/update-calls.ts';

/** The first check waits until the desk has settled after start (the morning's deliveries, the catalog). */
export const FIRST_CHECK_DELAY_MS = 3 * 60_000;
/** Then the folder is asked every few hours: a fix released in the morning reaches the desks by noon. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60_000;

/**
 * The schema versions a build knows, published with it: `npm run dist` writes them into the update files
 * (electron-builder's releaseInfo.vendor, which lands in latest.yml as `vendor: { voaDeskSchemas: … }`).
 */
export const SCHEMA_VENDOR_KEY = 'voaDeskSchemas';
export type SchemaVersions = Record<UpdateDatabase, number>;

const declaredSchemas = z.object({
  [SCHEMA_VENDOR_KEY]: z.object({
    'app.db': z.number().int().nonnegative(),
    'catalog.db': z.number().int().nonnegative(),
  }),
});

/** What the folder says of a build: its version and, from `npm run dist`, the schema versions it knows. */
export interface OfferedUpdate {
  version: string;
  /** electron-builder's releaseInfo.vendor, as latest.yml carries it (untrusted: parsed here). */
  vendor?: unknown;
}

type Refusal = Extract<UpdatePhase, { state: 'refused' }>;

/**
 * Whether this desk runs the offered build. Never one older than the running version (electron-updater is
 * told the same: allowDowngrade off). Where the build declares its schema versions, never one that knows an
 * older schema of app.db or catalog.db than the files on disk: it could not open them. A build that declares
 * none is newer (above) and so carries every migration this one has.
 */
export function refusalOf(
  offered: OfferedUpdate,
  runningVersion: string,
  onDisk: SchemaVersions,
): Refusal | undefined {
  if (compareVersions(offered.version, runningVersion) < 0)
    return { state: 'refused', version: offered.version, reason: 'older-version' };
  const declared = declaredSchemas.safeParse(offered.vendor);
  if (!declared.success) return undefined;
  const theirs = declared.data[SCHEMA_VENDOR_KEY];
  for (const database of ['app.db', 'catalog.db'] as const) {
    if (theirs[database] < onDisk[database])
      return {
        state: 'refused',
        version: offered.version,
        reason: 'older-schema',
        database,
        theirs: theirs[database],
        ours: onDisk[database],
      };
  }
  return undefined;
}

/** The work in progress that an install would cut off. */
export interface DeskActivity {
  /** Requests being delivered now (in any process on this data directory). */
  deliveriesInFlight: number;
  /** A catalog sync runs (this process's or another's on this data directory). */
  syncRunning: boolean;
}

/** What keeps an install from starting now; undefined when it may. A delivery is named first. */
export function installBlocker(activity: DeskActivity): UpdateBlocker | undefined {
  if (activity.deliveriesInFlight > 0) return 'delivery';
  if (activity.syncRunning) return 'sync';
  return undefined;
}

/** Semantic versions compared (major.minor.patch, then a release above its pre-releases). */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = '', pre] = version.trim().replace(/^v/, '').split('+')[0]!.split(/-(.*)/s);
    return { numbers: core.split('.').map((part) => Number(part) || 0), pre: pre ?? '' };
  };
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < 3; index++) {
    const difference = (left.numbers[index] ?? 0) - (right.numbers[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.pre === right.pre) return 0;
  if (!left.pre) return 1;
  if (!right.pre) return -1;
  const leftParts = left.pre.split('.');
  const rightParts = right.pre.split('.');
  for (let index = 0; index < Math.max(leftParts.length, rightParts.length); index++) {
    const x = leftParts[index];
    const y = rightParts[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    return numeric ? Math.sign(Number(x) - Number(y)) : x < y ? -1 : 1;
  }
  return 0;
}

/** An updater's failure in a person's terms; the detail keeps its own words (without addresses' queries). */
export function updateProblemOf(error: unknown): { problem: UpdateProblem; detail: string } {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : '';
  const detail = message.split('\n')[0]!.slice(0, 300);
  let problem: UpdateProblem = 'other';
  if (/\b404\b|ERR_UPDATER_CHANNEL_FILE_NOT_FOUND|Cannot find channel/i.test(`${code} ${message}`))
    problem = 'not-found';
  else if (
    /ERR_UPDATER_INVALID_SIGNATURE|sha512 checksum mismatch|not signed|signature/i.test(`${code} ${message}`)
  )
    problem = 'not-trusted';
  else if (
    /net::ERR_|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|socket hang up|certificate|CERT_/i.test(
      `${code} ${message}`,
    )
  )
    problem = 'unreachable';
  return { problem, detail };
}
