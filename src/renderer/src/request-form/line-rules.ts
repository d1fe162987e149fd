// The rules of a request's lines as plain functions of the lines: which columns a line has, what makes
// it a cut, when a line names the same size as another, what adding to an earlier line gives, what the
// catalog's verdict says under a line, and which of its numbers cannot be read. The lines editor's hook
// (use-lines-editor.ts) applies them; its row view (line-row.tsx) shows them; renderer tests test them.
import { currentCatalog, numberFromText, type DraftLine } from '../../../shared/contract/request-drafts.ts';
import { LINE_DIMENSIONS, cutDimension } from '../../../shared/contract/request-lines.ts';
import { formatNumber } from '../../../shared/locale/number-input.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { formatWhen } from '../components/catalog-format.ts';
import { readNumber, type NumberReading } from '../components/number-field.tsx';
import type { MessageKey, Translate } from '../i18n/i18n.ts';
import type { FieldErrors } from './form-verdict.ts';

/** Columns of a line in entry order: the item, then how many, then the size and its measures. */
export const ROW_FIELDS = [
  'itemNo',
  'quantity',
  'unitOfMeasureCode',
  'variantCode',
  'lengthMm',
  'widthMm',
  'thicknessMm',
] as const;
export const TEXT_FIELDS = ['description', 'lineRemarks'] as const;
export type LineField = (typeof ROW_FIELDS)[number] | (typeof TEXT_FIELDS)[number];
export const NUMERIC = new Set<LineField>(['quantity', 'lengthMm', 'widthMm', 'thicknessMm']);
/** Codes the catalog fills in on a line it knows. */
export const CATALOG_CODES = new Set<LineField>(['itemNo', 'variantCode']);

/** Decimals a quantity or measure may carry (the contract's decimals; a piece count is checked on send). */
const NUMBER_DECIMALS = 3;

/** The lines of a form and its entry row: what the lines editor changes, always as a whole. */
export interface LinesAndEntry {
  lines: DraftLine[];
  entry: DraftLine;
}

/** The measures that make a line a cut (typed, on a size, other than the size's own). */
export function cutMeasures(line: DraftLine, language: UiLanguage): number[] {
  const catalog = currentCatalog(line);
  const facts = catalog?.state === 'known' ? catalog : undefined;
  const hasSize = line.variantCode.trim() !== '';
  return LINE_DIMENSIONS.map((dimension) =>
    cutDimension(dimension, numberFromText(line[dimension], language), facts, hasSize),
  ).filter((value): value is number => value !== undefined);
}

/** A cut-to-length size whose length is not typed yet: the line asks for it, and is not sent without it. */
export function lengthMissing(line: DraftLine, language: UiLanguage): boolean {
  const catalog = currentCatalog(line);
  return (
    catalog?.state === 'known' && catalog.cutToLength && numberFromText(line.lengthMm, language) === undefined
  );
}

/** The item and size a line names, compared as codes are (trimmed, any case); empty without an item. */
export function sizeIdentity(line: DraftLine): string {
  const itemNo = line.itemNo.trim().toUpperCase();
  return itemNo ? `${itemNo}/${line.variantCode.trim().toUpperCase()}` : '';
}

/** A line just done whose size is already on an earlier line: the question asked about it. */
export interface SameSizeQuestion {
  key: string;
  targetKey: string;
}

/** The question to ask when the line with `key` names a size an earlier line has; undefined when none does. */
export function sameSizeQuestion(current: LinesAndEntry, key: string): SameSizeQuestion | undefined {
  const line = [...current.lines, current.entry].find((candidate) => candidate.key === key);
  const identity = line ? sizeIdentity(line) : '';
  const target = identity
    ? current.lines.find((candidate) => candidate.key !== key && sizeIdentity(candidate) === identity)
    : undefined;
  return target ? { key, targetKey: target.key } : undefined;
}

/**
 * "Add to the earlier line": the new line's quantity (1 when none was typed) added to the earlier line's,
 * and the new line gone. A quantity that is not a number cannot be added up: both lines stay as they are.
 */
export function withSameSizeAdded(
  current: LinesAndEntry,
  question: SameSizeQuestion,
  language: UiLanguage,
): LinesAndEntry {
  const added = current.lines.find((line) => line.key === question.key);
  const target = current.lines.find((line) => line.key === question.targetKey);
  if (!added || !target) return current;
  const sum =
    (numberFromText(target.quantity, language) ?? 0) + (numberFromText(added.quantity, language) ?? 1);
  if (!Number.isFinite(sum)) return current;
  return {
    ...current,
    lines: current.lines
      .filter((line) => line.key !== question.key)
      .map((line) =>
        line.key === question.targetKey
          ? { ...line, quantity: formatNumber(sum, language, { grouping: false }) }
          : line,
      ),
  };
}

/** The line with a sawing instruction added to its remark (after what is there). */
export function withSawingRemark(line: DraftLine, sawing: string): DraftLine {
  const remark = line.lineRemarks.trim();
  return { ...line, lineRemarks: remark ? `${remark}; ${sawing}` : sawing };
}

/** What the catalog check says about a line, under it: not in the catalog, refused, or unchecked. */
export function catalogNote(t: Translate, line: DraftLine, language: UiLanguage): string {
  const catalog = currentCatalog(line);
  if (!catalog) return '';
  if (catalog.state === 'unknown')
    return t('requestForm.line.unknown', { when: formatWhen(catalog.syncedAt, language) });
  if (catalog.state === 'noCatalog') return t('requestForm.line.noCatalog');
  if (catalog.state === 'refused' && catalog.refusal)
    return t(`requestForm.line.refused.${catalog.refusal}` as MessageKey, {
      item: line.itemNo,
      size: line.variantCode,
    });
  return '';
}

/** What a line's number field says: read in the UI language, problems in its words. */
export function numberReading(
  t: Translate,
  line: DraftLine,
  field: LineField,
  language: UiLanguage,
): NumberReading {
  return readNumber(t, line[field], language, { maxDecimals: NUMBER_DECIMALS });
}

/** Problems of a line's number fields by path, shown with (and before) the form's own errors. */
export function numberProblems(
  t: Translate,
  line: DraftLine,
  language: UiLanguage,
  path: (field: string) => string,
): FieldErrors {
  const problems: FieldErrors = {};
  for (const field of NUMERIC) {
    const reading = numberReading(t, line, field, language);
    if (reading.state === 'problem') problems[path(field)] = reading.message;
  }
  return problems;
}
