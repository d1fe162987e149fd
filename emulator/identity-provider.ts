import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The identity provider in the shape of Microsoft Entra ID: OpenID metadata, a signing key set, and the
 * client credentials token endpoint. Tokens are RS256 JWTs in the v1 form Business Central receives
 * (aud = the API resource, appid = the client id, tid = the tenant).
 */

export type ApplicationName = 'website' | 'sync';

export interface ApplicationRegistration {
  name: ApplicationName;
  clientId: string;
  clientSecret: string;
}

export interface IdentityProviderOptions {
  /** Origin and path prefix of the authority, e.g. https://127.0.0.1:4443 */
  authUrl: string;
  tenant: string;
  apiResource: string;
  applications: readonly ApplicationRegistration[];
  tokenLifetimeSeconds: () => number;
}

export interface IdpErrorAnswer {
  status: number;
  body: IdpErrorBody;
}

export interface IdpErrorBody {
  error: string;
  error_description: string;
  error_codes: number[];
  timestamp: string;
  trace_id: string;
  correlation_id: string;
  error_uri: string;
}

export type TokenAnswer =
  | {
      ok: true;
      clientId: string;
      body: { token_type: 'Bearer'; expires_in: number; ext_expires_in: number; access_token: string };
    }
  | { ok: false; clientId: string | null; answer: IdpErrorAnswer };

export type VerifiedToken =
  { ok: true; application: ApplicationRegistration } | { ok: false; reason: string };

export interface IdentityProvider {
  openIdConfiguration(tenant: string): Record<string, unknown> | undefined;
  keySet(tenant: string): { keys: Record<string, unknown>[] } | undefined;
  issueToken(tenant: string, form: URLSearchParams): TokenAnswer;
  verifyAuthorization(header: string | undefined): VerifiedToken;
  /** An Entra-form error, for faults injected on the token endpoint. */
  errorAnswer(status: number, error: string, code: number, description: string): IdpErrorAnswer;
}

function base64Url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function entraTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}

export function createIdentityProvider(options: IdentityProviderOptions): IdentityProvider {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomUUID().replaceAll('-', '').slice(0, 27);
  const issuer = `https://sts.windows.net/${options.tenant}/`;
  const tenantRoot = `${options.authUrl}/${options.tenant}`;

  function errorAnswer(status: number, error: string, code: number, description: string): IdpErrorAnswer {
    const now = new Date();
    const traceId = randomUUID();
    const correlationId = randomUUID();
    return {
      status,
      body: {
        error,
        error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${entraTimestamp(now)}`,
        error_codes: [code],
        timestamp: entraTimestamp(now),
        trace_id: traceId,
        correlation_id: correlationId,
        error_uri: `${options.authUrl}/error?code=${code}`,
      },
    };
  }

  function signToken(claims: Record<string, unknown>, key: KeyObject): string {
    const header = base64Url(JSON.stringify({ typ: 'JWT', alg: 'RS256', kid: keyId, x5t: keyId }));
    const payload = base64Url(JSON.stringify(claims));
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
    return `${header}.${payload}.${base64Url(signature)}`;
  }

  function issueToken(tenant: string, form: URLSearchParams): TokenAnswer {
    const clientId = form.get('client_id');
    const fail = (status: number, error: string, code: number, description: string): TokenAnswer => ({
      ok: false,
      clientId,
      answer: errorAnswer(status, error, code, description),
    });
    if (tenant !== options.tenant) {
      return fail(
        400,
        'invalid_request',
        90002,
        `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
      );
    }
    if (!clientId) {
      return fail(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'client_id'.",
      );
    }
    const application = options.applications.find((candidate) => candidate.clientId === clientId);
    if (!application) {
      return fail(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${options.tenant}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant.`,
      );
    }
    const grantType = form.get('grant_type');
    if (!grantType) {
      return fail(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'grant_type'.",
      );
    }
    if (grantType !== 'client_credentials') {
      return fail(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.');
    }
    const secret = form.get('client_secret');
    if (!secret) {
      return fail(
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    }
    if (secret !== application.clientSecret) {
      return fail(
        401,
        'invalid_client',
        7000215,
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    }
    const scope = form.get('scope');
    if (!scope) {
      return fail(
        400,
        'invalid_request',
        900144,
        "The request body must contain the following parameter: 'scope'.",
      );
    }
    const scopes = scope.split(' ').filter(Boolean);
    if (scopes.length !== 1 || !scopes[0]?.endsWith('/.default')) {
      return fail(
        400,
        'invalid_scope',
        1002012,
        `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
      );
    }
    const resource = scopes[0].slice(0, -'/.default'.length);
    if (resource !== options.apiResource) {
      return fail(
        400,
        'invalid_resource',
        500011,
        `The resource principal named ${resource} was not found in the tenant named ${options.tenant}. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You might have sent your authentication request to the wrong tenant.`,
      );
    }
    const lifetime = options.tokenLifetimeSeconds();
    const issuedAt = Math.floor(Date.now() / 1000);
    const accessToken = signToken(
      {
        aud: options.apiResource,
        iss: issuer,
        iat: issuedAt,
        nbf: issuedAt,
        exp: issuedAt + lifetime,
        appid: application.clientId,
        appidacr: '1',
        idp: issuer,
        idtyp: 'app',
        oid: randomUUID(),
        roles: ['API.ReadWrite.All', 'Automation.ReadWrite.All'],
        sub: randomUUID(),
        tid: options.tenant,
        uti: randomUUID().replaceAll('-', ''),
        ver: '1.0',
      },
      privateKey,
    );
    return {
      ok: true,
      clientId: application.clientId,
      body: {
        token_type: 'Bearer',
        expires_in: lifetime,
        ext_expires_in: lifetime,
        access_token: accessToken,
      },
    };
  }

  function verifyAuthorization(header: string | undefined): VerifiedToken {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match?.[1]) return { ok: false, reason: 'No bearer token was sent.' };
    const parts = match[1].split('.');
    if (parts.length !== 3) return { ok: false, reason: 'The token is not a JWT.' };
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const signatureValid = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`),
      publicKey,
      Buffer.from(signaturePart, 'base64url'),
    );
    if (!signatureValid) return { ok: false, reason: 'The token signature is invalid.' };
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return { ok: false, reason: 'The token payload is not JSON.' };
    }
    const now = Date.now() / 1000;
    if (claims['aud'] !== options.apiResource)
      return { ok: false, reason: 'The token audience is not this API.' };
    if (claims['tid'] !== options.tenant)
      return { ok: false, reason: 'The token was issued for another tenant.' };
    // No clock skew is allowed: a token is refused from the second it expires.
    if (typeof claims['exp'] !== 'number' || claims['exp'] <= now) {
      return {
        ok: false,
        reason: `The token expired at ${new Date(Number(claims['exp']) * 1000).toISOString()}.`,
      };
    }
    const application = options.applications.find((candidate) => candidate.clientId === claims['appid']);
    if (!application) return { ok: false, reason: 'The token was issued to an unknown application.' };
    return { ok: true, application };
  }

  return {
    openIdConfiguration(tenant) {
      if (tenant !== options.tenant) return undefined;
      return {
        token_endpoint: `${tenantRoot}/oauth2/v2.0/token`,
        token_endpoint_auth_methods_supported: [
          'client_secret_post',
          'private_key_jwt',
          'client_secret_basic',
        ],
        jwks_uri: `${tenantRoot}/discovery/v2.0/keys`,
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        issuer: `${tenantRoot}/v2.0`,
        request_uri_parameter_supported: false,
        userinfo_endpoint: `${tenantRoot}/openid/userinfo`,
        authorization_endpoint: `${tenantRoot}/oauth2/v2.0/authorize`,
        device_authorization_endpoint: `${tenantRoot}/oauth2/v2.0/devicecode`,
        http_logout_supported: true,
        frontchannel_logout_supported: true,
        end_session_endpoint: `${tenantRoot}/oauth2/v2.0/logout`,
        claims_supported: [
          'sub',
          'iss',
          'aud',
          'exp',
          'iat',
          'auth_time',
          'acr',
          'nonce',
          'tid',
          'ver',
          'appid',
        ],
        tenant_region_scope: 'EU',
        cloud_instance_name: new URL(options.authUrl).host,
        cloud_graph_host_name: 'graph.windows.net',
        msgraph_host: 'graph.microsoft.com',
      };
    },
    keySet(tenant) {
      if (tenant !== options.tenant) return undefined;
      const jwk = publicKey.export({ format: 'jwk' });
      return {
        keys: [
          {
            kty: 'RSA',
            use: 'sig',
            kid: keyId,
            x5t: keyId,
            n: jwk.n,
            e: jwk.e,
            issuer: `${tenantRoot}/v2.0`,
          },
        ],
      };
    },
    issueToken,
    verifyAuthorization,
    errorAnswer,
  };
}
