import type { EmulatorState, RequestMail, StoredRequest } from './emulator-state.ts';
import { hostMessages } from './host-messages.ts';
import { HostError } from './odata-errors.ts';
import {
  checkRequestedDeliveryDate,
  isJsonObject,
  parsePayloadObject,
  PayloadDateError,
  PayloadTypeError,
  readPayload,
  type RequestKind,
} from './request-payload.ts';
import type { SessionLanguage } from './steel-assortment.ts';

export type IntakeOutcome = { ok: true; request: StoredRequest } | { ok: false; error: HostError };

/** An error raised inside the host's AL code: HTTP 400, translated into the session language. */
function applicationError(message: string): HostError {
  return new HostError(400, 'Application_DialogException', message);
}

/**
 * Action parameters are bound by name and case: the body must be an object whose only key is payload,
 * holding a string. Anything else is HTTP 400 without detail.
 */
function payloadParameterOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!isJsonObject(parsed)) return undefined;
    const payload = parsed['payload'];
    return Object.keys(parsed).length === 1 && typeof payload === 'string' ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** IncStr of the host: the last run of digits goes up by one, keeping its width. */
/**
 * The number after `number` in its series, or '' when the series is used up: a series has a fixed width
 * (WEB000001 to WEB999999), and the host refuses new numbers past its end rather than widening it.
 */
export function incrementNumber(number: string): string {
  const match = /^(.*?)(\d+)(\D*)$/.exec(number);
  if (!match) return `${number}1`;
  const [, prefix = '', digits = '', suffix = ''] = match;
  const next = String(BigInt(digits) + 1n).padStart(digits.length, '0');
  if (next.length > digits.length) return '';
  return `${prefix}${next}${suffix}`;
}

export function mailLanguageOf(languageCode: string): SessionLanguage {
  // Host language codes: NLD, NLB are Dutch; ENU, ENG, ... English. Empty means the company language.
  if (languageCode === '' || languageCode.startsWith('NL')) return 'nl';
  return 'en';
}

const mailTexts = {
  quote: {
    confirmationSubject: {
      en: (number: string) => `Confirmation of your quote request ${number}`,
      nl: (number: string) => `Ontvangstbevestiging offerteaanvraag ${number}`,
    },
    confirmationBody: {
      en: (name: string, number: string) =>
        `Dear ${name || 'customer'},\n\nWe have received your quote request ${number} and will send you a quote shortly.`,
      nl: (name: string, number: string) =>
        `Beste ${name || 'klant'},\n\nWij hebben uw offerteaanvraag ${number} ontvangen en sturen u zo snel mogelijk een offerte.`,
    },
    notificationSubject: (number: string) => `Nieuwe offerteaanvraag ${number}`,
  },
  account: {
    confirmationSubject: {
      en: (number: string) => `Confirmation of your account request ${number}`,
      nl: (number: string) => `Ontvangstbevestiging accountaanvraag ${number}`,
    },
    confirmationBody: {
      en: (name: string, number: string) =>
        `Dear ${name || 'customer'},\n\nWe have received your request ${number} for a portal account and will contact you.`,
      nl: (name: string, number: string) =>
        `Beste ${name || 'klant'},\n\nWij hebben uw aanvraag ${number} voor een portaalaccount ontvangen en nemen contact met u op.`,
    },
    notificationSubject: (number: string) => `Nieuwe accountaanvraag ${number}`,
  },
} as const;

/**
 * Mail the host's mail job would send for a stored request: a confirmation to the requester and a
 * notification to inside sales, each behind its setup switch; a counter visit sends neither.
 */
function mailFor(state: EmulatorState, kind: RequestKind, request: StoredRequest, now: Date): RequestMail[] {
  if (kind === 'quote' && request['source'] === 'counterVisit') return [];
  const texts = mailTexts[kind];
  const recordedAt = now.toISOString();
  const mail: RequestMail[] = [];
  const email = String(request['email'] ?? '');
  if (state.settings.sendConfirmationMail && email !== '') {
    const language = mailLanguageOf(String(request['languageCode'] ?? ''));
    mail.push({
      kind: 'confirmation',
      requestType: kind,
      requestNumber: request.number,
      to: email,
      language,
      subject: texts.confirmationSubject[language](request.number),
      body: texts.confirmationBody[language](String(request['contactName'] ?? ''), request.number),
      recordedAt,
    });
  }
  if (state.settings.sendNotificationMail) {
    const lines = request.quoteRequestLines?.length ?? 0;
    mail.push({
      kind: 'notification',
      requestType: kind,
      requestNumber: request.number,
      to: state.settings.insideSalesEmail,
      language: 'nl',
      subject: texts.notificationSubject(request.number),
      body: [
        `Aanvraag: ${request.number}`,
        `Bedrijf: ${String(request['companyName'] ?? '')}`,
        `Contactpersoon: ${String(request['contactName'] ?? '')}`,
        `E-mail: ${email}`,
        kind === 'quote'
          ? `Regels: ${lines}`
          : `Bestaande klant: ${String(request['existingCustomer'] ?? '')}`,
      ].join('\n'),
      recordedAt,
    });
  }
  return mail;
}

/**
 * CreateQuoteRequest and CreateAccountRequest. The call is one transaction: every check runs before
 * anything is written, so a refused call leaves requests, number series and mail as they were.
 */
export function acceptRequest(
  state: EmulatorState,
  kind: RequestKind,
  body: string,
  language: SessionLanguage,
  now: Date,
): IntakeOutcome {
  const fail = (message: string): IntakeOutcome => ({ ok: false, error: applicationError(message) });

  const payloadText = payloadParameterOf(body);
  if (payloadText === undefined) {
    return { ok: false, error: new HostError(400, 'BadRequest', 'Invalid Request Body') };
  }
  const payload = parsePayloadObject(payloadText);
  if (!payload) return fail(hostMessages.invalidJson[language]());
  if (state.settings.refuseRequests) return fail(hostMessages.requestsRefused[language]());

  let read;
  try {
    read = readPayload(kind, payload);
  } catch (error) {
    if (error instanceof PayloadTypeError) {
      return fail(hostMessages.wrongType[language](error.key, error.expected, error.lineNumber));
    }
    throw error;
  }
  const { fields, lines } = read;

  if (fields['privacyAccepted'] !== true) return fail(hostMessages.privacyNotAccepted[language]());
  if (fields['privacyConsentVersion'] === '')
    return fail(hostMessages.privacyConsentVersionMissing[language]());
  if (kind === 'account' && fields['email'] === '') return fail(hostMessages.emailRequired[language]());

  // The requestId is stored uppercase, so comparing stored values is the case-insensitive check.
  const requestId = String(fields['requestId']);
  const existingNumber = requestId === '' ? undefined : state.numbersByRequestId[kind].get(requestId);
  if (existingNumber !== undefined) return fail(hostMessages.duplicateRequest[language](existingNumber));

  try {
    checkRequestedDeliveryDate(fields);
  } catch (error) {
    if (error instanceof PayloadDateError) return fail(hostMessages.invalidDate[language](error.value));
    throw error;
  }

  const seriesKey = kind === 'quote' ? 'quoteNextNumber' : 'accountNextNumber';
  const number = state.settings[seriesKey];
  if (number === '') return fail(hostMessages.seriesExhausted[language]());
  const request: StoredRequest = {
    number,
    status: 'New',
    receivedAt: now.toISOString(),
    customerNo: '',
    ...(kind === 'account' ? { reviewer: '', rejectionReason: '' } : {}),
    ...fields,
    ...(kind === 'quote' ? { quoteRequestLines: lines } : {}),
  };
  state.settings[seriesKey] = incrementNumber(number);
  state.requests[kind].push(request);
  if (requestId !== '') state.numbersByRequestId[kind].set(requestId, number);
  state.mail.push(...mailFor(state, kind, request, now));
  return { ok: true, request };
}
