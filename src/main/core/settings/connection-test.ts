// "Test connection": for each application, a token and one harmless call through the one host layer and
// its policy (VoaHost.call), then per application what works and what to fix. The calls change nothing on
// the host (docs/contract.md): the synchronization application reads the smallest catalog page; the website
// application calls voaPortal's ReadSession without a session, which answers empty ("Uniform empty
// answers") and extends nothing. voaRequests has only procedures that store a request, so it is not called.
import type {
  ApplicationCheck,
  ConnectionOutcome,
  ConnectionTestResult,
  ProxyRoute,
} from '../../../shared/bridge/settings-calls.ts';
import { CATALOG_PAGES, CATEGORY_PROPERTIES } from '../../../shared/contract/catalog-pages.ts';
import { PORTAL_PARAMETERS } from '../../../shared/contract/portal-objects.ts';
import { ACTION_COMPANY_PARAMETER } from '../../../shared/contract/request-fields.ts';
import {
  APPLICATIONS,
  missingHostSettings,
  type ApplicationName,
  type Settings,
} from '../../../shared/settings.ts';
import { companySegment } from '../catalog/index.ts';
import { HostNetworkError } from '../host/host-http-client.ts';
import { withoutCredentials } from '../host/proxy-choice.ts';
import type { AnswerClass } from '../host/answer-classes.ts';
import { ONE_ATTEMPT, type CallKind } from '../host/host-policy.ts';
import { HostNotConfiguredError, TokenRefusedError, type TokenProvider } from '../host/token-provider.ts';
import { hostErrorMessage, type VoaHost, type VoaHostRequest } from '../host/voa-host.ts';
import { PORTAL_SERVICE } from '../portal/portal-client.ts';
import type { BoundSecretVault } from '../secrets/bound-secret-vault.ts';
import { KeychainUnavailableError } from '../secrets/secret-vault.ts';

const TEST_TIMEOUT_MS = 15_000;

interface Probe {
  service: string;
  kind: CallKind;
  request(settings: Settings): VoaHostRequest;
}

const PROBES: Record<ApplicationName, Probe> = {
  sync: {
    service: CATALOG_PAGES.categories,
    kind: 'catalogRead',
    request: (settings) => ({
      method: 'GET',
      url: `${companySegment(settings.host.companyName)}/${CATALOG_PAGES.categories}?$select=${CATEGORY_PROPERTIES[0]}`,
      timeoutMs: TEST_TIMEOUT_MS,
    }),
  },
  website: {
    service: `${PORTAL_SERVICE}_ReadSession`,
    kind: 'portalRead',
    request: (settings) => ({
      method: 'POST',
      url: `${PORTAL_SERVICE}_ReadSession?${ACTION_COMPANY_PARAMETER}=${encodeURIComponent(settings.host.companyId)}`,
      json: { [PORTAL_PARAMETERS.token]: '' },
      timeoutMs: TEST_TIMEOUT_MS,
    }),
  },
};

const OUTCOME_OF_ANSWER: Record<AnswerClass, ConnectionOutcome> = {
  ok: 'works',
  noAnswer: 'host-unreachable',
  noToken: 'token-refused',
  tokenRefused: 'host-refused-token',
  forbidden: 'forbidden',
  notFound: 'not-found',
  throttled: 'throttled',
  serverError: 'server-error',
  hostError: 'unexpected',
  conflict: 'unexpected',
  unexpected: 'unexpected',
};

export interface ConnectionTestParts {
  settings: () => Settings;
  vault: BoundSecretVault;
  tokens: TokenProvider;
  host: VoaHost;
}

export async function testConnection(parts: ConnectionTestParts): Promise<ConnectionTestResult> {
  const [checks, routes] = await Promise.all([
    Promise.all(APPLICATIONS.map((application) => checkApplication(parts, application))),
    proxyRoutes(parts),
  ]);
  return { checks, routes };
}

/** The proxy the ERP's and the identity provider's addresses go through, each named once. */
async function proxyRoutes(parts: ConnectionTestParts): Promise<ProxyRoute[]> {
  const { baseUrl, authUrl } = parts.settings().host;
  const origins = [...new Set([baseUrl, authUrl].filter(Boolean).map((url) => originOf(url)))].filter(
    (origin): origin is string => origin !== undefined,
  );
  return Promise.all(
    origins.map(async (origin) => {
      try {
        return { origin, choice: withoutCredentials(await parts.host.proxyFor(origin)) };
      } catch (error) {
        return { origin, problem: (error as Error).message };
      }
    }),
  );
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

async function checkApplication(
  parts: ConnectionTestParts,
  application: ApplicationName,
): Promise<ApplicationCheck> {
  const probe = PROBES[application];
  const check = (outcome: ConnectionOutcome, more: Partial<ApplicationCheck> = {}): ApplicationCheck => ({
    application,
    service: probe.service,
    outcome,
    ...more,
  });
  const settings = parts.settings();
  const missing = missingHostSettings(settings, application);
  if (missing.length) return check('missing-settings', { missing });

  try {
    const binding = await parts.vault.binding(application);
    if (binding === 'not-set') return check('secret-missing');
    if (binding === 'enter-again') return check('secret-enter-again');
    // The token first, on its own: its failure and the call's say different things to fix.
    await parts.tokens.accessToken(application);
  } catch (error) {
    return check(tokenOutcome(error), { detail: (error as Error).message });
  }

  const result = await parts.host.call(application, probe.kind, probe.request(settings), {
    // One try, no waiting: a person is looking at the button, and a retry would hide what is wrong.
    limits: ONE_ATTEMPT,
    maxThrottledWaits: 0,
  });
  const outcome = OUTCOME_OF_ANSWER[result.answer];
  if (outcome === 'works') return check(outcome);
  const detail =
    'error' in result
      ? result.error.message
      : `HTTP ${result.response.status}: ${hostErrorMessage(result.response)}`;
  return check(outcome, { detail });
}

function tokenOutcome(error: unknown): ConnectionOutcome {
  if (error instanceof KeychainUnavailableError) return 'keychain-unavailable';
  if (error instanceof HostNetworkError) return 'auth-unreachable';
  if (error instanceof TokenRefusedError) return 'token-refused';
  // A secret bound to other settings, or one that vanished from the keychain meanwhile.
  if (error instanceof HostNotConfiguredError) return 'secret-enter-again';
  throw error;
}
