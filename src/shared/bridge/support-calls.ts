// What the IT person and support need from a desk: the versions, the log folder, a support bundle.
import { z } from 'zod';
import { defineCall } from './define.ts';

const noInput = z.object({}).strict();

export interface AboutInfo {
  version: string;
  /** ISO date and time of the build; null when this runs from a source checkout. */
  buildDate: string | null;
  commit: string;
  electron: string | undefined;
  node: string;
  os: string;
  /** Where the log files are (shown, so that a person can find them without the desktop app). */
  logsDir: string;
  /** Whether this shell can open a folder or ask where to save a file (the desktop app can). */
  desktop: boolean;
}

export interface SavedSupportBundle {
  /** False when the person cancelled the save dialog. */
  saved: boolean;
  file: string;
  entries: number;
  bytes: number;
}

export const supportCalls = {
  'support:about': defineCall<AboutInfo>()(noInput),
  /** Opens the log folder in the OS's file manager (desktop app); elsewhere answers not-available. */
  'support:openLogFolder': defineCall<{ opened: boolean; folder: string }>()(noInput),
  /**
   * Carries no path: the desktop app asks where to save in a dialog of main's own; other shells save in
   * the data directory's support/ folder. The answer names the file.
   */
  'support:saveBundle': defineCall<SavedSupportBundle>()(noInput),
};
