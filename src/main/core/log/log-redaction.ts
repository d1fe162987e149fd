// What never reaches a log file: the applications' client secrets, access tokens, the portal session token,
// the IP-hash key, and customers' contact data. The logger applies this to every record (app-log.ts), so no
// call site has to remember it; a call site that logs a whole object or a host's error text is still safe.
//
// Three rules, each catching what the others might miss:
// - values the process has held as secrets (remembered where they are read or issued) are replaced wherever
//   they appear, also inside an error message of a library;
// - fields whose name says secret, token, key, e-mail, phone, name, address, VAT or remark are replaced
//   whatever their value;
// - text that looks like an e-mail address, a phone number, a bearer/JWT token or a `secret=` parameter is
//   replaced.

export const REDACTED = '[redacted]';

/** Shorter values are too common to replace everywhere (a 4-digit code would hit timestamps). */
const SHORTEST_REMEMBERED = 6;

const remembered = new Set<string>();

/**
 * A value that must never be written to a log from now on: a client secret read from the keychain, a token
 * the host issued, the portal session token, the IP-hash key. Kept in this process's memory only.
 */
export function rememberSecret(value: string | undefined | null): void {
  const trimmed = value?.trim();
  if (trimmed && trimmed.length >= SHORTEST_REMEMBERED) remembered.add(trimmed);
}

/** Field names whose values are personal data or secrets, whatever the value looks like. */
const SENSITIVE_KEY =
  /secret|token|password|passwd|authori[sz]ation|cookie|assertion|hashkey|ip-?hash|^key$|e-?mail|phone|mobile|^fax|contactname|companyname|customername|^name$|fullname|address|street|postcode|zipcode|^city$|vat|remark|comment|signature/i;

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const AUTH_SCHEME = /\b(Bearer|Basic|Negotiate)\s+[\w.~+/=-]{6,}/gi;
/** `client_secret=…`, `"access_token": "…"`, `token: …` in a URL, a form body, JSON or a message. */
const SECRET_PARAMETER =
  /(["']?\b(?:client_secret|clientsecret|access_token|refresh_token|id_token|session_?token|token|password|client_assertion)\b["']?\s*[=:]\s*["']?)([^\s"'&,;}]+)/gi;
/**
 * Phone numbers as people type them: starting with +, 00 or 0, at least nine digits, with spaces, dots,
 * dashes or brackets between them (+31 6 1234 5678, 06-12345678, (010) 123 45 67).
 */
const PHONE = /(?<![\w.-])(?:\+|\(0|0)[\d\s().-]{8,18}\d(?![\w-])/g;
const DIGITS_IN_A_PHONE = 9;

export function redactText(text: string): string {
  let result = text;
  for (const value of remembered) if (result.includes(value)) result = result.split(value).join(REDACTED);
  return result
    .replace(JWT, REDACTED)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(SECRET_PARAMETER, (_match, prefix: string) => `${prefix}${REDACTED}`)
    .replace(EMAIL, '[e-mail]')
    .replace(PHONE, (match) => ((match.match(/\d/g)?.length ?? 0) >= DIGITS_IN_A_PHONE ? '[phone]' : match));
}

const DEEPEST = 6;

/**
 * Any value as it may be written: strings redacted, sensitive fields replaced, errors turned into their
 * redacted name, message, code, stack and cause. Returns new values; the caller's objects are untouched.
 */
export function redactForLog(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (depth >= DEEPEST) return '[…]';
  if (value instanceof Error) return redactError(value, depth, seen);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, depth + 1, seen));
  if (value instanceof Map) return redactForLog(Object.fromEntries(value), depth, seen);
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] =
      SENSITIVE_KEY.test(key) &&
      inner !== undefined &&
      inner !== null &&
      inner !== '' &&
      typeof inner !== 'boolean'
        ? REDACTED
        : redactForLog(inner, depth + 1, seen);
  }
  return result;
}

function redactError(error: Error, depth: number, seen: WeakSet<object>): string {
  const code = (error as { code?: unknown }).code;
  const status = (error as { status?: unknown }).status;
  const head = `${error.name}${typeof code === 'string' || typeof code === 'number' ? ` [${code}]` : ''}${typeof status === 'number' ? ` (status ${status})` : ''}: ${error.message}`;
  const stackBody = error.stack?.split('\n').slice(1).join('\n');
  let text = stackBody ? `${head}\n${stackBody}` : head;
  if (error.cause !== undefined) {
    const cause = redactForLog(error.cause, depth + 1, seen);
    text += `\ncaused by: ${typeof cause === 'string' ? cause : JSON.stringify(cause)}`;
  }
  return redactText(text);
}
