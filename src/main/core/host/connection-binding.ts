// The connection a portal session or a queued request was made with. A session token and a queued
// request (a customer's name, phone and e-mail) are worth as much as the host they were meant for: after a
// change of any setting below, the session ends without a word to the new host, and earlier requests wait
// until a person confirms that they go to the new connection.
import type { Settings } from '../../../shared/settings.ts';

/** Everything that decides which ERP, company and application a session or a request reaches. */
export interface Connection {
  baseUrl: string;
  authUrl: string;
  tenant: string;
  apiResource: string;
  companyId: string;
  websiteClientId: string;
}

const CONNECTION_FIELDS: Record<keyof Connection, string> = {
  baseUrl: 'host.baseUrl',
  authUrl: 'host.authUrl',
  tenant: 'host.tenant',
  apiResource: 'host.apiResource',
  companyId: 'host.companyId',
  websiteClientId: 'applications.website.clientId',
};

export function connectionOf(settings: Settings): Connection {
  const { baseUrl, authUrl, tenant, apiResource, companyId } = settings.host;
  return {
    baseUrl,
    authUrl,
    tenant,
    apiResource,
    companyId,
    websiteClientId: settings.applications.website.clientId,
  };
}

/**
 * The connection as stored with a queued request: fixed key order, so equal connections are equal text.
 * Null while no host is configured: a request queued before the first configuration has no host to be
 * bound to, and takes the first one it is sent to.
 */
export function connectionKey(settings: Settings): string | null {
  const connection = connectionOf(settings);
  if (!connection.baseUrl) return null;
  return JSON.stringify(
    Object.fromEntries(
      Object.keys(CONNECTION_FIELDS).map((key) => [key, connection[key as keyof Connection]]),
    ),
  );
}

/** The settings (as Settings names them) that differ between two connections. */
export function changedConnectionFields(before: Connection, after: Connection): string[] {
  return (Object.keys(CONNECTION_FIELDS) as (keyof Connection)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => CONNECTION_FIELDS[key]);
}

/** The base URL a stored key names (for "queued for https://…"), or '' when unreadable. */
export function baseUrlOfKey(key: string): string {
  try {
    const parsed = JSON.parse(key) as { baseUrl?: unknown };
    return typeof parsed.baseUrl === 'string' ? parsed.baseUrl : '';
  } catch {
    return '';
  }
}
