import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { catalogPageDefinitions, type CatalogPageName, type SeededCatalog } from './catalog-generator.ts';
import { streamCatalogPage, withStockChanges } from './catalog-pages.ts';
import type { EmulatorState, RecordedCall } from './emulator-state.ts';
import { recordCall, stockKey } from './emulator-state.ts';
import type { CallTarget, FaultPlan, FiredFault } from './faults.ts';
import { hostMessages } from './host-messages.ts';
import type { ApplicationName, IdentityProvider } from './identity-provider.ts';
import { HostError, sendHostError, sendJson } from './odata-errors.ts';
import { parseCatalogQuery } from './odata-query.ts';
import { readBody } from './http-body.ts';
import { acceptRequest } from './request-intake.ts';
import type { RequestKind } from './request-payload.ts';
import { sessionLanguageOf } from './session-language.ts';
import type { EmulatorClock } from './emulator-clock.ts';
import { createPortalProcedures, isPortalProcedure, portalParameters } from './portal-procedures.ts';

/** What the router needs to know about the host it stands in for. */
export interface HostSite {
  origin: string;
  tenant: string;
  environment: string;
  apiResource: string;
  companyName: string;
  companyId: string;
  baseUrl: string;
  authUrl: string;
}

export interface HostServerContext {
  site: HostSite;
  identity: IdentityProvider;
  /** The catalog served now: a reset may seed another. */
  catalog: () => SeededCatalog;
  state: EmulatorState;
  clock: EmulatorClock;
  /** The current fault plan; the admin API replaces it. */
  faults: () => FaultPlan;
  /** Path prefix of the admin API, holding its secret segment. */
  adminPathPrefix: string;
  handleAdmin: (request: IncomingMessage, response: ServerResponse, path: string) => Promise<void>;
  log: (line: string) => void;
  onRequest: (method: string, path: string) => void;
}

/** The synchronization application's permission sets (reference, Permission sets table). */
export const syncPermissionSetNames = ['VOA WEB SYNC', 'VOA CG S365 SYNC'] as const;
type SyncPermissionSet = (typeof syncPermissionSetNames)[number];

interface HostObject {
  objectType: 'Page' | 'Codeunit';
  id: number;
  allowed: ApplicationName;
  /** For the catalog pages: the synchronization permission set that grants them. */
  permissionSet?: SyncPermissionSet;
}

/** Objects of the app as the host names them in permission errors. */
const hostObjects: Record<string, HostObject> = {
  voaItems: { objectType: 'Page', id: 70300, allowed: 'sync', permissionSet: 'VOA WEB SYNC' },
  voaVariants: { objectType: 'Page', id: 70301, allowed: 'sync', permissionSet: 'VOA WEB SYNC' },
  voaCategories: { objectType: 'Page', id: 70302, allowed: 'sync', permissionSet: 'VOA WEB SYNC' },
  voaProfiles: { objectType: 'Page', id: 70303, allowed: 'sync', permissionSet: 'VOA CG S365 SYNC' },
  voaGrades: { objectType: 'Page', id: 70304, allowed: 'sync', permissionSet: 'VOA CG S365 SYNC' },
  voaItemTypes: { objectType: 'Page', id: 70305, allowed: 'sync', permissionSet: 'VOA CG S365 SYNC' },
  voaRequests: { objectType: 'Codeunit', id: 70310, allowed: 'website' },
  voaPortal: { objectType: 'Codeunit', id: 70311, allowed: 'website' },
};

const requestActions: Record<string, RequestKind> = {
  CreateQuoteRequest: 'quote',
  CreateAccountRequest: 'account',
};

function notFound(message: string): HostError {
  return new HostError(404, 'BadRequest_ResourceNotFound', message);
}

function methodNotAllowed(allowed: string): HostError {
  return new HostError(
    405,
    'BadRequest_MethodNotAllowed',
    `The requested resource does not support the HTTP method; use ${allowed}.`,
    {
      Allow: allowed,
    },
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `Company('Staalhandel ''t Gooi B.V.')`: the name between the quotes, apostrophes written twice. */
function companyNameOf(segment: string): string | undefined {
  const match = /^Company\('((?:[^']|'')*)'\)$/.exec(segment);
  return match?.[1]?.replaceAll("''", "'");
}

function escapeCompanyName(name: string): string {
  return encodeURIComponent(name.replaceAll("'", "''")).replaceAll('%27', "'");
}

/** Which kind of call a request is, for faults and the call log. */
function targetOf(segments: readonly string[]): RecordedCall['target'] {
  if (segments[0] === 'v2.0') return segments[4]?.startsWith('Company(') ? 'catalog' : 'requests';
  if (segments[1] === 'oauth2' && segments[2] === 'v2.0' && segments[3] === 'token' && segments.length === 4)
    return 'token';
  return segments.length >= 2 ? 'metadata' : 'other';
}

/**
 * Parameters of a voaPortal call: bound by name and case, every one a string, none missing or extra.
 * Anything else is HTTP 400 without detail.
 */
function portalParametersOf(body: string, names: readonly string[]): Record<string, string> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed);
  if (entries.length !== names.length) return undefined;
  const parameters: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!names.includes(name) || typeof value !== 'string') return undefined;
    parameters[name] = value;
  }
  return parameters;
}

export function createHostRequestHandler(
  context: HostServerContext,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { site, identity, state } = context;

  function sendIdpError(
    response: ServerResponse,
    status: number,
    error: string,
    code: number,
    description: string,
    headers: Record<string, string> = {},
  ): void {
    const answer = identity.errorAnswer(status, error, code, description);
    response.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    });
    response.end(JSON.stringify(answer.body));
  }

  /** Answers a fired status fault in the form of the service it hit. */
  function answerStatusFault(response: ServerResponse, target: CallTarget, fault: FiredFault): void {
    const retryHeaders: Record<string, string> =
      fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
    const status = fault.status ?? 500;
    if (target === 'token') {
      if (status === 429) {
        sendIdpError(
          response,
          429,
          'temporarily_unavailable',
          50196,
          'The server terminated an operation because it encountered a client request loop.',
          retryHeaders,
        );
      } else {
        sendIdpError(
          response,
          status,
          'temporarily_unavailable',
          90033,
          'A transient error has occurred. Please try again.',
          retryHeaders,
        );
      }
      return;
    }
    if (status === 429) {
      sendHostError(
        response,
        new HostError(
          429,
          'Application_TooManyRequests',
          'Too many requests reached. Actual (601). Maximum (600).',
          retryHeaders,
        ),
      );
      return;
    }
    sendHostError(
      response,
      new HostError(
        status,
        'Internal_ServerError',
        'An unexpected error occurred on the server.',
        retryHeaders,
      ),
    );
  }

  async function handleToken(
    request: IncomingMessage,
    response: ServerResponse,
    tenant: string,
    call: RecordedCall,
  ): Promise<void> {
    if (request.method !== 'POST') {
      sendIdpError(response, 405, 'invalid_request', 900561, 'The endpoint only accepts POST requests.');
      return;
    }
    const body = await readBody(request);
    const form = new URLSearchParams(body);
    call.clientId = form.get('client_id');
    const answer = identity.issueToken(tenant, form);
    if (answer.ok) {
      response.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store, no-cache',
        Pragma: 'no-cache',
      });
      response.end(JSON.stringify(answer.body));
    } else {
      response.writeHead(answer.answer.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      response.end(JSON.stringify(answer.answer.body));
    }
  }

  function handleMetadata(
    request: IncomingMessage,
    response: ServerResponse,
    segments: readonly string[],
  ): void {
    const [tenant = '', ...rest] = segments;
    const path = rest.join('/');
    if (request.method !== 'GET') {
      sendIdpError(response, 405, 'invalid_request', 900561, 'The endpoint only accepts GET requests.');
      return;
    }
    const document =
      path === 'v2.0/.well-known/openid-configuration'
        ? identity.openIdConfiguration(tenant)
        : path === 'discovery/v2.0/keys'
          ? identity.keySet(tenant)
          : undefined;
    if (!document) {
      sendIdpError(
        response,
        404,
        'invalid_request',
        90002,
        `Tenant '${tenant}' not found, or no such endpoint.`,
      );
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    });
    response.end(JSON.stringify(document));
  }

  function checkPermission(application: ApplicationName, objectName: string, language: 'en' | 'nl'): void {
    const object = hostObjects[objectName];
    const { syncPermissionSets, refusedSyncPages } = state.settings;
    const lacksPermissionSet =
      object?.permissionSet !== undefined &&
      (!syncPermissionSets.includes(object.permissionSet) || refusedSyncPages.includes(objectName));
    if (object && (object.allowed !== application || lacksPermissionSet)) {
      throw new HostError(
        403,
        'Internal_ServerError',
        hostMessages.permissionDenied[language](`${object.objectType} ${object.id} ${objectName}`),
      );
    }
  }

  async function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    segments: readonly string[],
    call: RecordedCall,
    fault: FiredFault | null,
  ): Promise<void> {
    const verified = identity.verifyAuthorization(request.headers.authorization);
    if (!verified.ok) {
      throw new HostError(
        401,
        'Authentication_InvalidCredentials',
        'Web service call failed because user could not be authenticated or authorized.',
        {
          'WWW-Authenticate': `Bearer authorization_uri="${site.authUrl}/${site.tenant}/oauth2/authorize", resource_id="${site.apiResource}", error="invalid_token", error_description="${verified.reason}"`,
        },
      );
    }
    const application = verified.application.name;
    call.clientId = verified.application.clientId;
    const language = sessionLanguageOf(request.headers['accept-language']);

    const [, tenant, environment, protocol, ...rest] = segments;
    if (
      tenant !== site.tenant ||
      environment !== site.environment ||
      protocol !== 'ODataV4' ||
      rest.length === 0
    ) {
      throw notFound(`No HTTP resource was found that matches the request URI '${url.pathname}'.`);
    }

    if (rest.length === 2 && rest[0]?.startsWith('Company(')) {
      const companyName = companyNameOf(rest[0]);
      const pageName = rest[1] as string;
      const definition = Object.hasOwn(catalogPageDefinitions, pageName)
        ? catalogPageDefinitions[pageName as CatalogPageName]
        : undefined;
      // The steel pages are published only where the steel extension is installed.
      if (!definition || (definition.steelOnly && !state.settings.steel)) {
        throw notFound(`Resource not found for the segment '${pageName}'.`);
      }
      if (companyName !== site.companyName)
        throw notFound(`Company '${companyName ?? rest[0]}' does not exist.`);
      checkPermission(application, pageName, language);
      if (request.method !== 'GET') throw methodNotAllowed('GET');
      const query = parseCatalogQuery(definition, url.searchParams);
      const table = withStockChanges(context.catalog().tables[definition.name], state.stock, stockKey);
      const pageSize = state.settings.pageSize;
      const companySegment = `Company('${escapeCompanyName(site.companyName)}')`;
      // Where a catalog fault strikes: halfway through the page.
      const middleRow = Math.floor(Math.min(pageSize, table.count) / 2);
      await streamCatalogPage(response, {
        table,
        query,
        view: { steel: state.settings.steel, language },
        pageSize,
        companyRoot: `${site.baseUrl}/ODataV4/${companySegment}`,
        contextRoot: `${site.baseUrl}/ODataV4/$metadata#${companySegment}`,
        ...(fault?.kind === 'dropMidBody' ? { dropAfterRows: Math.max(1, middleRow) } : {}),
        ...(fault?.kind === 'malformedRecord' ? { malformedRow: middleRow } : {}),
      });
      return;
    }

    const actionMatch = rest.length === 1 ? /^(voaRequests|voaPortal)_(\w+)$/.exec(rest[0] as string) : null;
    const service = actionMatch?.[1];
    const procedure = actionMatch?.[2] ?? '';
    const known =
      service === 'voaRequests'
        ? Object.hasOwn(requestActions, procedure)
        : service === 'voaPortal' && isPortalProcedure(procedure);
    if (!service || !known) throw notFound(`Resource not found for the segment '${rest.join('/')}'.`);
    const company = url.searchParams.get('company') ?? '';
    if (company.replace(/^\{|\}$/g, '').toLowerCase() !== site.companyId.toLowerCase()) {
      throw notFound(`Company '${company}' does not exist.`);
    }
    checkPermission(application, service, language);
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    // Action parameters are a JSON body; OData refuses any other media type before the procedure runs.
    const contentType = request.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(contentType)) {
      throw new HostError(415, 'BadRequest', hostMessages.unsupportedContentType[language](contentType));
    }
    const body = await readBody(request);
    if (service === 'voaPortal' && isPortalProcedure(procedure)) {
      const parameters = portalParametersOf(body, portalParameters[procedure]);
      if (!parameters) throw new HostError(400, 'BadRequest', 'Invalid Request Body');
      // Concurrent calls with one token can collide on the session row; the call then changes nothing.
      if ('token' in parameters && context.faults().portal('sessionConflict')) {
        call.fault = 'sessionConflict';
        throw new HostError(409, 'Request_EntityChanged', hostMessages.sessionConflict[language]());
      }
      const run = createPortalProcedures({
        state,
        clock: context.clock,
        language,
        companyName: site.companyName,
        faultFires: (kind) => {
          const fires = context.faults().portal(kind);
          if (fires) call.fault = kind;
          return fires;
        },
      });
      const value = await run(procedure, parameters);
      sendJson(response, 200, {
        '@odata.context': `${site.baseUrl}/ODataV4/$metadata#Edm.${typeof value === 'boolean' ? 'Boolean' : 'String'}`,
        value,
      });
      return;
    }

    const kind = requestActions[procedure] as RequestKind;
    const outcome = acceptRequest(state, kind, body, language, new Date());
    if (!outcome.ok) throw outcome.error;
    // The request is committed; a fault from here on hides the outcome from the caller.
    const afterStore = context.faults().afterStore();
    if (afterStore) {
      call.fault = afterStore.kind;
      if (afterStore.strikes === 'connection') {
        request.socket.destroy();
        return;
      }
      answerStatusFault(response, 'requests', afterStore);
      return;
    }
    sendJson(response, 200, {
      '@odata.context': `${site.baseUrl}/ODataV4/$metadata#Edm.String`,
      value: JSON.stringify({ number: outcome.request.number }),
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', site.origin);
    if (url.pathname === context.adminPathPrefix || url.pathname.startsWith(`${context.adminPathPrefix}/`)) {
      await context.handleAdmin(request, response, url.pathname.slice(context.adminPathPrefix.length) || '/');
      return;
    }

    const segments = url.pathname.split('/').slice(1).map(decodeSegment);
    const method = request.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: `${url.pathname}${url.search}`,
      status: null,
      time: new Date().toISOString(),
      durationMs: 0,
      clientId: null,
      target: targetOf(segments),
      fault: null,
    };
    context.onRequest(method, call.path);
    const started = performance.now();
    response.on('close', () => {
      call.status = response.headersSent ? response.statusCode : null;
      call.durationMs = Math.round(performance.now() - started);
      recordCall(state, call);
    });

    let fault: FiredFault | null = null;
    if (call.target === 'token' || call.target === 'catalog' || call.target === 'requests') {
      const decision = context.faults().beforeCall(call.target);
      if (decision.latencyMs > 0) await sleep(decision.latencyMs);
      fault = decision.fault;
      if (fault) call.fault = fault.kind;
      if (fault?.strikes === 'connection') {
        request.socket.destroy();
        return;
      }
      if (fault?.strikes === 'answer') {
        answerStatusFault(response, call.target, fault);
        return;
      }
    }

    try {
      if (call.target === 'token') await handleToken(request, response, segments[0] ?? '', call);
      else if (call.target === 'metadata') handleMetadata(request, response, segments);
      else if (call.target === 'catalog' || call.target === 'requests')
        await handleApi(request, response, url, segments, call, fault);
      else throw notFound(`No HTTP resource was found that matches the request URI '${url.pathname}'.`);
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (error instanceof HostError) {
        sendHostError(response, error);
        return;
      }
      context.log(
        `emulator: unexpected error on ${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      sendHostError(
        response,
        new HostError(500, 'Internal_ServerError', 'An unexpected error occurred on the server.'),
      );
    }
  }

  return (request, response) => {
    handle(request, response).catch((error: unknown) => {
      context.log(`emulator: request failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) response.writeHead(500);
      response.destroy();
    });
  };
}
