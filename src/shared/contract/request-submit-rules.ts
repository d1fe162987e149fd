// Rules a quote request must meet when it is submitted, beyond its schema: they depend on the company's
// unit codes or on the day, so they are checked at submit (by the form, and again by main for every
// caller), never when a queued payload is read back or delivered: a request queued yesterday for
// yesterday is still delivered, as the host accepts any real date.
import { localized, type ValidationLanguage } from '../validation.ts';
import { formatDate } from '../locale/date-input.ts';
import { QUOTE_LINES_KEY } from './request-fields.ts';
import type { UnitCodes } from './request-lines.ts';
import type { QuoteRequestInput } from './request-schemas.ts';

export interface SubmitContext {
  /** Today as YYYY-MM-DD, in the workstation's time zone. */
  today: string;
  units: UnitCodes;
}

/** YYYY-MM-DD of a moment in local time. */
export function localDate(moment: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The same day one year later (29 February becomes 1 March). */
export function oneYearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localDate(new Date(year + 1, month - 1, date));
}

/** What a person is asked to fix before the form sends: the units, and a requested date in the past. */
export function submitIssues(payload: QuoteRequestInput, context: SubmitContext): Record<string, string> {
  const past = pastDateIssue(payload, context.today);
  return {
    ...(past ? { requestedDeliveryDate: localized(past).error() } : {}),
    ...unitIssues(payload, context.units),
  };
}

/** The requested date's problem in both languages, if it lies before `today` (YYYY-MM-DD, local). */
export function pastDateIssue(
  payload: QuoteRequestInput,
  today: string,
): Record<ValidationLanguage, string> | undefined {
  const date = payload.requestedDeliveryDate;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date >= today) return undefined;
  return {
    en: `is in the past: choose today (${formatDate(today, 'en')}) or a later day`,
    nl: `ligt in het verleden: kies vandaag (${formatDate(today, 'nl')}) of later`,
  };
}

/** Field path → message (language of validation): a quantity in pieces that is not a whole number. */
export function unitIssues(payload: QuoteRequestInput, units: UnitCodes): Record<string, string> {
  const issues: Record<string, string> = {};
  const pieces = units.pieces.toUpperCase();
  (payload[QUOTE_LINES_KEY] ?? []).forEach((line, index) => {
    if (typeof line !== 'object' || line === null) return;
    const { quantity, unitOfMeasureCode } = line;
    if (
      typeof quantity === 'number' &&
      !Number.isInteger(quantity) &&
      typeof unitOfMeasureCode === 'string' &&
      unitOfMeasureCode.trim().toUpperCase() === pieces
    ) {
      issues[`${QUOTE_LINES_KEY}.${index}.quantity`] = localized({
        en: `is in pieces (${pieces}), which are whole numbers: type ${Math.ceil(quantity)}, or choose another unit`,
        nl: `is in stuks (${pieces}), en stuks zijn hele getallen: typ ${Math.ceil(quantity)}, of kies een andere eenheid`,
      }).error();
    }
  });
  return issues;
}

/** A requested date more than a year ahead is probably a typo: the form asks before sending it. */
export function dateNeedsConfirmation(payload: QuoteRequestInput, today: string): boolean {
  const date = payload.requestedDeliveryDate;
  return typeof date === 'string' && date > oneYearAfter(today);
}
