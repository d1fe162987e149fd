/**
 * The emulator's own time for sign-in codes, sessions and validity dates. `POST {adminUrl}/clock` moves it
 * forward, so a test reaches an expiry without sleeping; everything else (tokens, logs) keeps real time.
 */
export interface EmulatorClock {
  now(): Date;
  advance(seconds: number): Date;
  /** Back to real time, as at start. */
  reset(): void;
  offsetSeconds(): number;
}

export function createEmulatorClock(): EmulatorClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
      return new Date(Date.now() + offsetMs);
    },
    reset() {
      offsetMs = 0;
    },
    offsetSeconds: () => offsetMs / 1000,
  };
}
