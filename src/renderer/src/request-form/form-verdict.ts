// A request form's problems: the shared schema's verdict on what the form would send, with messages in
// the UI language, the bridge's field paths as form paths, and the checks a quote form makes beyond its
// schema (refused lines, pieces that are not whole, a date far ahead) before anything is sent.
import { z } from 'zod';
import { currentCatalog, type QuoteDraft } from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { UnitCodes } from '../../../shared/contract/request-lines.ts';
import type { QuoteRequestInput } from '../../../shared/contract/request-schemas.ts';
import {
  dateNeedsConfirmation,
  localDate,
  submitIssues,
} from '../../../shared/contract/request-submit-rules.ts';
import { fieldErrors } from '../../../shared/validation.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { formatLongDay } from '../components/date-time-format.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';
import { draftWithEntry } from './draft-entry.ts';

export type FieldErrors = Record<string, string>;

export interface Verdict<T> {
  value: T | undefined;
  /** Every problem by field path. */
  errors: FieldErrors;
  /** Only text past a limit: shown while typing, before the user asked to send. */
  limits: FieldErrors;
}

/** The shared schema's verdict on a payload. */
export function check<S extends z.ZodType>(schema: S, payload: unknown): Verdict<z.output<S>> {
  const result = schema.safeParse(payload);
  if (result.success) return { value: result.data, errors: {}, limits: {} };
  const tooBig = result.error.issues.filter((issue) => issue.code === 'too_big');
  return {
    value: undefined,
    errors: fieldErrors(result.error),
    limits: tooBig.length ? fieldErrors(new z.ZodError(tooBig)) : {},
  };
}

/** The bridge's field paths of a submit call ("payload.email") as form paths ("email"). */
export function formPaths(fields: Record<string, string> | undefined): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, value]) => [key.replace(/^payload\./, ''), value]),
  );
}

/**
 * What keeps a quote form from being sent beyond its schema: a line the catalog refused, an item the
 * catalog does not know without a description, pieces that are not whole, a date in the past.
 */
export function quoteFormIssues(
  t: Translate,
  draft: QuoteDraft,
  payload: QuoteRequestInput,
  units: UnitCodes,
): FieldErrors {
  const issues: FieldErrors = submitIssues(payload, { today: localDate(new Date()), units });
  draftWithEntry(draft).lines.forEach((line, index) => {
    const catalog = currentCatalog(line);
    const path = (field: string) => `${QUOTE_LINES_KEY}.${index}.${field}`;
    if (catalog?.state === 'refused' && catalog.refusal) {
      issues[path('itemNo')] = t(`requestForm.line.refused.${catalog.refusal}` as MessageKey, {
        item: line.itemNo,
        size: line.variantCode,
      });
    } else if (catalog?.state === 'unknown' && !line.description.trim()) {
      issues[path('description')] = t('requestForm.line.unknownNeedsDescription', { item: line.itemNo });
    } else if (catalog?.state === 'known' && catalog.cutToLength && !line.lengthMm.trim()) {
      // "0 = the standard length" means nothing for a size that has none: the length must be typed.
      issues[path('lengthMm')] = t('requestForm.line.lengthNeededIssue', { size: line.variantCode });
    }
  });
  return issues;
}

/** The question a form asks before sending a requested date more than a year ahead, or undefined. */
export function dateConfirmation(t: Translate, payload: QuoteRequestInput, language: UiLanguage) {
  const date = payload.requestedDeliveryDate;
  return date && dateNeedsConfirmation(payload, localDate(new Date()))
    ? { key: date, message: t('requestForm.form.dateConfirm', { date: formatLongDay(date, language) }) }
    : undefined;
}
