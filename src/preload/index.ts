// Exposes `window.voa`, built from the bridge map: purpose-built functions for declared calls and
// events only. Nothing else of Electron or Node reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { buildVoaApi } from '../shared/bridge/api.ts';
import type { BridgeResult } from '../shared/bridge/define.ts';

const voa = buildVoaApi({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<BridgeResult<unknown>>,
  subscribe(channel, listener) {
    const handler = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => ipcRenderer.removeListener(channel, handler);
  },
});

contextBridge.exposeInMainWorld('voa', voa);
