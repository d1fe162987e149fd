import type { SessionLanguage } from './steel-assortment.ts';
import type { ExpectedJsonType } from './request-payload.ts';

/**
 * Texts the host raises, in the two session languages the emulator speaks. The English openings of the
 * voaRequests errors are the reference's; consumers match only on the [VOA-DUBBEL] marker.
 */
export const duplicateMarker = '[VOA-DUBBEL]';

const typeNames: Record<ExpectedJsonType, Record<SessionLanguage, string>> = {
  text: { en: 'a text', nl: 'een tekst' },
  number: { en: 'a number', nl: 'een getal' },
  boolean: { en: 'a Boolean', nl: 'een Booleaanse waarde' },
};

export const hostMessages = {
  invalidJson: {
    en: () => 'The request is not valid JSON.',
    nl: () => 'Het verzoek is geen geldige JSON.',
  },
  requestsRefused: {
    en: () => 'the service is not accepting requests at the moment. Please try again later.',
    nl: () => 'de service neemt op dit moment geen aanvragen aan. Probeer het later opnieuw.',
  },
  privacyNotAccepted: {
    en: () => 'A request cannot be accepted without agreement to the privacy statement.',
    nl: () => 'Een aanvraag kan niet worden aangenomen zonder akkoord met de privacyverklaring.',
  },
  privacyConsentVersionMissing: {
    en: () => 'Include in privacyConsentVersion the version of the privacy statement that was accepted.',
    nl: () =>
      'Vermeld in privacyConsentVersion de versie van de privacyverklaring waarmee akkoord is gegaan.',
  },
  emailRequired: {
    en: () => 'An account request without an e-mail address is not possible.',
    nl: () => 'Een accountaanvraag zonder e-mailadres is niet mogelijk.',
  },
  duplicateRequest: {
    en: (number: string) =>
      `This submission has already been accepted under number ${number}. ${duplicateMarker}`,
    nl: (number: string) => `Deze inzending is al aangenomen onder nummer ${number}. ${duplicateMarker}`,
  },
  invalidDate: {
    en: (value: string) => `The value "${value}" can't be evaluated into type Date.`,
    nl: (value: string) => `De waarde "${value}" kan niet worden geëvalueerd naar het type Date.`,
  },
  wrongType: {
    en: (key: string, expected: ExpectedJsonType, lineNumber?: number) =>
      lineNumber === undefined
        ? `The value of ${key} is not ${typeNames[expected].en}.`
        : `The value of ${key} in line ${lineNumber} of quoteRequestLines is not ${typeNames[expected].en}.`,
    nl: (key: string, expected: ExpectedJsonType, lineNumber?: number) =>
      lineNumber === undefined
        ? `De waarde van ${key} is geen ${typeNames[expected].nl.replace(/^een /, '')}.`
        : `De waarde van ${key} in regel ${lineNumber} van quoteRequestLines is geen ${typeNames[expected].nl.replace(/^een /, '')}.`,
  },
  seriesExhausted: {
    en: () =>
      'You cannot assign new numbers from the number series for web requests: its last number was used.',
    nl: () =>
      'U kunt geen nieuwe nummers toewijzen uit de nummerreeks voor webaanvragen: het laatste nummer is gebruikt.',
  },
  unsupportedContentType: {
    en: (type: string) =>
      `The content type '${type}' is not supported. Send the parameters as application/json.`,
    nl: (type: string) =>
      `Het inhoudstype '${type}' wordt niet ondersteund. Stuur de parameters als application/json.`,
  },
  /** A report that fails to print: a customer-specific layout reads a table outside the permission set. */
  reportFailed: {
    en: (kind: string) =>
      `The report for ${kind} could not be printed. Sorry, the current permissions prevented the action. (TableData 5802 Value Entry Read: VOA CG DOCUMENTS)`,
    nl: (kind: string) =>
      `Het rapport voor ${kind} kon niet worden afgedrukt. Helaas hebben de huidige machtigingen de actie verhinderd. (TableData 5802 Value Entry Read: VOA CG DOCUMENTS)`,
  },
  sessionConflict: {
    en: () =>
      'Another user has modified the record for this Portal Session after you retrieved it from the database.',
    nl: () =>
      'Een andere gebruiker heeft de record voor deze Portal Session gewijzigd nadat u deze uit de database hebt opgehaald.',
  },
  permissionDenied: {
    en: (object: string) => `Sorry, the current permissions prevented the action. (${object} Execute: VOA)`,
    nl: (object: string) =>
      `Helaas hebben de huidige machtigingen de actie verhinderd. (${object} Execute: VOA)`,
  },
} as const;
