// The host layer's libraries, loaded ahead of the first host call. undici and msal-node are imported on
// first use, so the CLI's local commands start without them; but loading them holds the main thread for
// 150 to 250 ms on this project's machines (docs/architecture.md, "The host libraries load once the desk
// is up"). Left to the first host call, that stall falls on the first send after a submit or the first
// sync, while a person may be searching the catalog. The desk loads them once it is up instead
// (VoaCore.start), one library per turn of the event loop.
import { loadUndici } from './host-http-client.ts';
import { loadMsal } from './token-provider.ts';

/** Time after start before the libraries load: past the window's first page load and its first calls. */
export const HOST_LIBRARIES_WARM_UP_DELAY_MS = 3000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Loads undici, then msal-node. A library that fails to load is left to the first call to report. */
export async function warmHostLibraries(): Promise<void> {
  await loadUndici().catch(() => {});
  await nextTurn();
  await loadMsal().catch(() => {});
}
