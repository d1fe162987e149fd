// Access tokens for the website and sync applications: msal-node, client credentials, authority
// {authUrl}/{tenant}, scope {apiResource}/.default, secret from the keychain. Tokens stay in memory (msal's
// cache); a change of settings or secret gives a fresh client.
import type * as MsalModule from '@azure/msal-node';
import type { ConfidentialClientApplication } from '@azure/msal-node';

type Msal = typeof MsalModule;
/**
 * Loaded on the first token request, or earlier by the desk's warm-up (host-libraries.ts): commands that
 * never reach the host start without it.
 */
let msal: Promise<Msal> | undefined;
export const loadMsal = (): Promise<Msal> => (msal ??= import('@azure/msal-node'));
import type { ApplicationName, Settings } from '../../../shared/settings.ts';
import { clientSecretKey, missingHostSettings } from '../../../shared/settings.ts';
import type { SecretVault } from '../secrets/secret-vault.ts';
import { HostNetworkError, type HostHttpClient } from './host-http-client.ts';
import { MsalNetworkModule } from './msal-network-module.ts';
import { appLog } from '../log/app-log.ts';
import { rememberSecret } from '../log/log-redaction.ts';

/** The identity provider refused the credentials: a person must fix settings or the secret. */
export class TokenRefusedError extends Error {
  override name = 'TokenRefusedError';
  readonly application: ApplicationName;
  constructor(application: ApplicationName, message: string) {
    super(message);
    this.application = application;
  }
}

/** Settings or secret missing: nothing can be sent until a person fills them in. */
export class HostNotConfiguredError extends Error {
  override name = 'HostNotConfiguredError';
  readonly missing: string[];
  constructor(missing: string[]) {
    super(
      `VOA Desk is not fully configured: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing (Settings).`,
    );
    this.missing = missing;
  }
}

export function tokenScope(apiResource: string): string {
  return `${apiResource.replace(/\/+$/, '')}/.default`;
}

export class TokenProvider {
  readonly #http: () => Promise<HostHttpClient>;
  readonly #vault: SecretVault;
  readonly #settings: () => Settings;
  readonly #clients = new Map<string, ConfidentialClientApplication>();
  readonly #inFlight = new Map<string, Promise<string>>();
  /** The token last handed out per application, so that a 401 on an older one drops nothing newer. */
  readonly #issued = new Map<ApplicationName, string>();
  readonly #onIssued: ((application: ApplicationName) => void) | undefined;

  constructor(options: {
    http: () => Promise<HostHttpClient>;
    vault: SecretVault;
    settings: () => Settings;
    /** A token came from the identity provider (not from msal's cache): it was reached. */
    onIssued?: (application: ApplicationName) => void;
  }) {
    this.#http = options.http;
    this.#vault = options.vault;
    this.#settings = options.settings;
    this.#onIssued = options.onIssued;
  }

  /**
   * A token for the application. Single-flight: callers that ask while a token request for the same
   * application and settings is on its way share it, so one flush of concurrent sends makes one OIDC
   * discovery and one token call, not one each.
   */
  accessToken(application: ApplicationName): Promise<string> {
    const settings = this.#settings();
    const { authUrl, tenant, apiResource, baseUrl } = settings.host;
    // The base URL is part of the key: a token is shared only by callers that send it to the same host,
    // the one its secret is bound to.
    const flightKey = JSON.stringify([
      application,
      settings.applications[application].clientId,
      authUrl,
      tenant,
      apiResource,
      baseUrl,
    ]);
    const inFlight = this.#inFlight.get(flightKey);
    if (inFlight) return inFlight;
    const request = this.#fetchToken(application, settings).finally(() => {
      if (this.#inFlight.get(flightKey) === request) this.#inFlight.delete(flightKey);
    });
    this.#inFlight.set(flightKey, request);
    return request;
  }

  async #fetchToken(application: ApplicationName, settings: Settings): Promise<string> {
    const missing = missingHostSettings(settings, application);
    const secret = await this.#vault.read(application, settings);
    if (!secret) missing.push(clientSecretKey(application));
    if (missing.length) throw new HostNotConfiguredError(missing);

    const { authUrl, tenant, apiResource } = settings.host;
    const clientId = settings.applications[application].clientId;
    const authority = `${authUrl}/${tenant}`;
    const key = JSON.stringify([application, clientId, authority, secret]);
    const library = await loadMsal();
    let client = this.#clients.get(key);
    if (!client) {
      for (const [otherKey] of this.#clients)
        if (JSON.parse(otherKey)[0] === application) this.#clients.delete(otherKey);
      client = new library.ConfidentialClientApplication({
        auth: {
          clientId,
          clientSecret: secret as string,
          authority,
          // Not a Microsoft cloud we could discover: trust the configured authority and read its OIDC metadata.
          knownAuthorities: [new URL(authUrl).host],
        },
        system: {
          networkClient: new MsalNetworkModule(await this.#http()),
          loggerOptions: {
            // msal's own errors reach the log (redacted there); never its personal data. Its warnings are
            // routine ("no client info" on every client-credentials token) and stay out.
            logLevel: library.LogLevel.Error,
            piiLoggingEnabled: false,
            loggerCallback: (level, message, containsPii) => {
              if (containsPii) return;
              if (level === library.LogLevel.Error) appLog.error('msal', undefined, { application, message });
              else appLog.warn('msal', { application, message });
            },
          },
        },
      });
      this.#clients.set(key, client);
    }
    try {
      const result = await client.acquireTokenByClientCredential({ scopes: [tokenScope(apiResource)] });
      if (!result?.accessToken)
        throw new TokenRefusedError(application, 'The identity provider answered without an access token.');
      rememberSecret(result.accessToken);
      this.#issued.set(application, result.accessToken);
      if (!result.fromCache) this.#onIssued?.(application);
      return result.accessToken;
    } catch (error) {
      throw classifyTokenError(application, error, library);
    }
  }

  /**
   * Forget cached tokens, e.g. after the host answered 401 to `refused`. Concurrent calls refused with
   * the same token ask for one new token between them: a token newer than `refused` is kept.
   */
  forget(application: ApplicationName, refused?: string): void {
    if (refused !== undefined && this.#issued.has(application) && this.#issued.get(application) !== refused)
      return;
    this.#issued.delete(application);
    for (const [key] of this.#clients) if (JSON.parse(key)[0] === application) this.#clients.delete(key);
  }
}

function classifyTokenError(application: ApplicationName, error: unknown, library: Msal): Error {
  if (error instanceof TokenRefusedError || error instanceof HostNotConfiguredError) return error;
  const network = findCause(error, HostNetworkError);
  if (network) return network;
  if (error instanceof library.AuthError) {
    const code = error.errorCode;
    if (
      /network|timed_out|endpoints_resolution|openid_config/i.test(code) &&
      !/invalid_client|unauthorized|invalid_scope/i.test(code)
    ) {
      return new HostNetworkError(
        `The identity provider could not be reached (${code}): ${firstLine(error.errorMessage)}`,
        { cause: error },
      );
    }
    return new TokenRefusedError(
      application,
      `The identity provider refused the ${application} application (${code}): ${firstLine(error.errorMessage)}. Check its client id and secret in Settings.`,
    );
  }
  return error as Error;
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split(/\r?\n/)[0]?.slice(0, 300) ?? '';
}
