/**
 * Who makes a bridge call. A window (the Electron window, the browser shell's page) is untrusted: what it
 * may do can depend on what was unlocked in that window. The CLI runs as the administrator at the machine.
 */
export type BridgeCaller = { kind: 'window'; id: string } | { kind: 'administrator' };

export const ADMINISTRATOR_CALLER: BridgeCaller = { kind: 'administrator' };

/** A shell with one window and no id for it (the browser shell) is this window. */
export const SOLE_WINDOW_CALLER: BridgeCaller = { kind: 'window', id: 'window' };

export function windowCaller(id: string | number): BridgeCaller {
  return { kind: 'window', id: String(id) };
}
