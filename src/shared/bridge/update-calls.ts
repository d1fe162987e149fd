// Updates of the installed app (electron-updater, from the https folder the machine policy names): what
// Settings' about section shows, a check on demand, and "restart now" to install a downloaded update.
import { z } from 'zod';
import type { UpdateChannel } from '../machine-policy.ts';
import { defineCall, defineEvent } from './define.ts';

const noInput = z.object({}).strict();

/** What keeps a downloaded update from installing now: a request being delivered, or a catalog sync. */
export type UpdateBlocker = 'delivery' | 'sync';

/** Why a check or a download failed, in a person's terms (the detail is the updater's own words). */
export type UpdateProblem = 'unreachable' | 'not-found' | 'not-trusted' | 'other';

/** The databases whose schema an update must know: the desk never runs a build that knows less. */
export type UpdateDatabase = 'app.db' | 'catalog.db';

export type UpdatePhase =
  /** No update folder: the policy names none (or cannot be used). Updates are off. */
  | { state: 'off'; policyInvalid: boolean }
  /** This shell or build cannot update itself (the command line, a build that is not installed). */
  | { state: 'unavailable'; reason: 'shell' | 'not-installed' }
  /** Configured; the first check comes at nextCheckAt. */
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'up-to-date' }
  | { state: 'downloading'; version: string; percent: number | null }
  /** Downloaded: installs when VOA Desk quits, or at "restart now". */
  | { state: 'ready'; version: string }
  /** The folder offers a build this desk will not run (older, or knowing an older schema). */
  | {
      state: 'refused';
      version: string;
      reason: 'older-version' | 'older-schema';
      /** For older-schema: the database, the update's schema version and the one on disk. */
      database?: UpdateDatabase;
      theirs?: number;
      ours?: number;
    }
  | { state: 'error'; problem: UpdateProblem; detail: string };

export interface UpdateView {
  /** The policy's folder and channel, and the policy file that names them; null when updates are off. */
  feed: { url: string; channel: UpdateChannel; policyFile: string } | null;
  /** The version running now. */
  currentVersion: string;
  phase: UpdatePhase;
  /** Set while an install must wait (a delivery in flight, a sync running); null when it could start. */
  deferredBy: UpdateBlocker | null;
  lastCheckAt: string | null;
  nextCheckAt: string | null;
}

/** What "restart now" came to: the desk restarts into the update, or it waits for the named work. */
export type RestartAnswer = { restarting: true } | { restarting: false; deferredBy: UpdateBlocker };

export const updateCalls = {
  'updates:status': defineCall<UpdateView>()(noInput),
  /** Asks the folder now (a person waiting need not wait for the next scheduled check). */
  'updates:check': defineCall<UpdateView>()(noInput),
  /** Installs the downloaded update now, unless a delivery or a sync runs (then it says which). */
  'updates:restart': defineCall<RestartAnswer>()(noInput),
};

export const updateEvents = {
  'updates:changed': defineEvent<UpdateView>(),
};
