// What an HTTP answer from the host means, by its status alone: the one reading of a status code, for the
// host policy and for the catalog's page receiver. A module of its own, with no imports, so the page
// receiver's thread loads this and not the host policy's (the token provider, MSAL, the log, zod): each of
// those cost a thread about 10 MB (docs/decisions.md, "The catalog").

/** What one answer (or its absence) means, whatever the kind of call. */
export type AnswerClass =
  /** 2xx: the procedure ran; the outcome is in the body. */
  | 'ok'
  /** 400: an error raised inside the host (for voaRequests: refused, or [VOA-DUBBEL]); nothing stored. */
  | 'hostError'
  /** 401: the token was refused. */
  | 'tokenRefused'
  /** 403: the application lacks a permission set. */
  | 'forbidden'
  /** 404: the service is not published under that name, or the company is wrong. */
  | 'notFound'
  /** 409: concurrent calls with one session token. */
  | 'conflict'
  /** 429: throttled; nothing was processed. */
  | 'throttled'
  /** 5xx or 408: the host failed; a state-changing call may or may not have run. */
  | 'serverError'
  /** No HTTP answer: refused, reset, TLS failure or time-out. */
  | 'noAnswer'
  /** No token could be had (credentials refused, settings or secret missing): nothing was sent. */
  | 'noToken'
  /** Any other status (405, 415, …): sending it again will not change it. */
  | 'unexpected';

/** The classes an HTTP answer can have (the others have no answer). */
export type StatusClass = Exclude<AnswerClass, 'noAnswer' | 'noToken'>;

export function classifyStatus(status: number): StatusClass {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 400) return 'hostError';
  if (status === 401) return 'tokenRefused';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 429) return 'throttled';
  if (status >= 500 || status === 408) return 'serverError';
  return 'unexpected';
}
