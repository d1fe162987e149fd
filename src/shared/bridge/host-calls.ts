// Whether the ERP has been reached, and by what (the header shows the ERP as reachable once
// anything reached it, not only the outbox). Reported by the one host layer in main.
import type { ApplicationName } from '../settings.ts';
import { defineCall, defineEvent } from './define.ts';
import { z } from 'zod';

/**
 * What reached the host: the two services by the contract's names (docs/contract.md), the catalog sync
 * (the catalog pages), or a token from the identity provider.
 */
export const HOST_REACHERS = ['voaRequests', 'voaPortal', 'catalogSync', 'token'] as const;
export type HostReacher = (typeof HOST_REACHERS)[number];

export interface HostReach {
  via: HostReacher;
  /** The application (client id) whose call it was. */
  application: ApplicationName;
  /** ISO time of the answer. */
  at: string;
}

export interface HostReachability {
  /** The most recent answer from the host or the identity provider, null until one came. */
  last: HostReach | null;
  /** The most recent answer per reacher. */
  byReacher: Partial<Record<HostReacher, HostReach>>;
}

export const hostCalls = {
  'host:reachability': defineCall<HostReachability>()(z.strictObject({})),
};

export const hostEvents = {
  /** The host answered (any HTTP answer, even a refusal, means it is reachable). */
  'host:reached': defineEvent<HostReachability>(),
};
