// When a desk's nightly sync starts: at a moment of its own inside the window Settings or the policy name
// (catalogSyncTime to catalogSyncWindowEnd, local time). Business Central limits each service principal, and
// every desk shares the sync application's: 35 desks starting at one minute load the ERP at once. The
// moment comes from a value drawn once per install, so a desk keeps it night to night.

export interface SyncWindow {
  /** HH:MM, local time. */
  start: string;
  /** HH:MM, local time; before start means the window crosses midnight; equal to start, no window. */
  end: string;
}

const DAY_MINUTES = 24 * 60;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The window's length in minutes (0 when it has none). */
export function windowMinutes(window: SyncWindow): number {
  return (minutesOf(window.end) - minutesOf(window.start) + DAY_MINUTES) % DAY_MINUTES;
}

/** FNV-1a: the same seed gives the same number on every run and every OS. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Seconds after the window's start at which this desk syncs: fixed for a seed and a window length. */
export function offsetSecondsFor(seed: string, window: SyncWindow): number {
  const length = windowMinutes(window) * 60;
  return length === 0 ? 0 : stableHash(seed) % length;
}

/** This desk's moment in the window that opens on `day` (local date; the moment may fall after midnight). */
function momentOf(day: Date, window: SyncWindow, seed: string): Date {
  const start = minutesOf(window.start);
  // The Date constructor carries seconds past midnight into the next day, and keeps local time over DST.
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    Math.floor(start / 60),
    start % 60,
    offsetSecondsFor(seed, window),
  );
}

/** The candidate moments around `at`, earliest first (a window crossing midnight opens the day before). */
function momentsAround(at: Date, window: SyncWindow, seed: string): Date[] {
  return [-2, -1, 0, 1].map((days) =>
    momentOf(new Date(at.getFullYear(), at.getMonth(), at.getDate() + days), window, seed),
  );
}

/** The desk's first moment strictly after `after`. */
export function nextMoment(window: SyncWindow, seed: string, after: Date): Date {
  return momentsAround(after, window, seed).find((moment) => moment.getTime() > after.getTime()) as Date;
}

/** The desk's latest moment at or before `at`: the night it should last have synced. */
export function lastMoment(window: SyncWindow, seed: string, at: Date): Date {
  return momentsAround(at, window, seed)
    .filter((moment) => moment.getTime() <= at.getTime())
    .at(-1) as Date;
}

/**
 * The desk missed its night when no sync succeeded since its last moment: it was off, asleep, or the host
 * could not be reached. A desk that never synced has no night to miss; it needs its first catalog now.
 */
export function missedNight(
  window: SyncWindow,
  seed: string,
  now: Date,
  lastSuccessAt: string | undefined,
): boolean {
  if (!lastSuccessAt) return false;
  return Date.parse(lastSuccessAt) < lastMoment(window, seed, now).getTime();
}
