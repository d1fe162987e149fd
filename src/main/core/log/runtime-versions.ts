// What runs here: VOA Desk's version, build date and commit, Electron, Node and the OS. Written at start to
// the log, shown in Settings' about section and by `--version`, and put in the support bundle.
import os from 'node:os';
import { BUILD_INFO } from '../build-info.ts';

export interface RuntimeVersions {
  voaDesk: string;
  buildDate: string;
  commit: string;
  electron: string | undefined;
  chrome: string | undefined;
  node: string;
  os: string;
  arch: string;
  profile: string;
}

export function runtimeVersions(version: string, profile: string): RuntimeVersions {
  return {
    voaDesk: version,
    buildDate: BUILD_INFO.buildDate,
    commit: BUILD_INFO.commit,
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
    os: `${os.type()} ${os.release()} (${process.platform})`,
    arch: process.arch,
    profile,
  };
}
