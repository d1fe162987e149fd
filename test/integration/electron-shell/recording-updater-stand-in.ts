// `electron-updater` as the built main bundle sees it under the recording stand-in: the recording
// autoUpdater of recording-electron-stand-in.ts, created (as the real one is) at its first use.
import { recording, standInAutoUpdater } from './recording-electron-stand-in.ts';

export default {
  get autoUpdater() {
    recording.updater.created = true;
    return standInAutoUpdater;
  },
};
