// The browser shell's stand-in for the preload: `window.voa` over loopback HTTP, built from the same
// bridge map. The per-run token arrives in the page URL (?token=…) and is kept for the tab's lifetime.
import { buildVoaApi } from '../../../shared/bridge/api.ts';
import type { BridgeResult } from '../../../shared/bridge/define.ts';
import { BRIDGE_TOKEN_HEADER, BRIDGE_CALL_PATH, BRIDGE_EVENTS_PATH } from '../bridge-paths.ts';

const TOKEN_KEY = 'voa-desk-bridge-token';
const url = new URL(window.location.href);
const fromUrl = url.searchParams.get('token');
if (fromUrl) {
  sessionStorage.setItem(TOKEN_KEY, fromUrl);
  url.searchParams.delete('token');
  history.replaceState(null, '', url.toString());
}
const token = sessionStorage.getItem(TOKEN_KEY) ?? '';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
let events: EventSource | undefined;

function ensureEventStream(): void {
  if (events) return;
  events = new EventSource(`${BRIDGE_EVENTS_PATH}?token=${encodeURIComponent(token)}`);
  events.onmessage = (message) => {
    const { name, payload } = JSON.parse(String(message.data)) as { name: string; payload: unknown };
    // The listeners as the event found them, as Electron's ipcRenderer and the DOM deliver: one that a
    // listener adds while this event is handed out (a read that an event of this name overtakes) waits
    // for the next one, instead of hearing the event that caused it and dropping its own answer.
    for (const listener of [...(listeners.get(name) ?? [])]) listener(payload);
  };
}

const voa = buildVoaApi({
  async invoke(channel, input) {
    try {
      const response = await fetch(`${BRIDGE_CALL_PATH}/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
        body: JSON.stringify(input ?? {}),
      });
      return (await response.json()) as BridgeResult<unknown>;
    } catch (error) {
      return {
        ok: false,
        error: { code: 'internal', message: `The browser shell did not answer: ${(error as Error).message}` },
      };
    }
  },
  subscribe(channel, listener) {
    ensureEventStream();
    let set = listeners.get(channel);
    if (!set) listeners.set(channel, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
});

Object.defineProperty(window, 'voa', { value: Object.freeze(voa), writable: false, configurable: false });
