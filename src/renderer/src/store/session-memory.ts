// What this window was showing (the screen, a screen's tab), kept in sessionStorage so a reload comes back
// to it while a new window starts fresh. Read back only as one of the allowed values: the storage is the
// page's own, but a stale value from an older version must not break the start.
const PREFIX = 'voa-desk.';

export function recalled<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const stored = window.sessionStorage.getItem(PREFIX + key);
    return allowed.find((value) => value === stored) ?? fallback;
  } catch {
    return fallback; // storage switched off: start where a new window starts
  }
}

export function keepInSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, value);
  } catch {
    // storage switched off or full: a reload starts at the counter, nothing else is lost
  }
}
