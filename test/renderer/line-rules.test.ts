// The rules of a request's lines as plain functions: a cut and how many of it, a cut-to-length size
// without its length, the same size twice and what adding to the earlier line gives, a sawing remark, and
// a number that reads two ways. The lines editor (use-lines-editor.ts, line-row.tsx) applies them.
import { describe, expect, it } from 'vitest';
import { emptyLine, type DraftLine } from '../../src/shared/contract/request-drafts.ts';
import {
  cutMeasures,
  lengthMissing,
  numberProblems,
  sameSizeQuestion,
  withSameSizeAdded,
  withSawingRemark,
} from '../../src/renderer/src/request-form/line-rules.ts';
import { translate, type Translate } from '../../src/renderer/src/i18n/i18n.ts';

const known = (
  patch: Partial<DraftLine>,
  catalog: Partial<NonNullable<DraftLine['catalog']>> = {},
): DraftLine => ({
  ...emptyLine(patch.key ?? 'a'),
  itemNo: 'HEA200',
  variantCode: '06000',
  quantity: '2',
  ...patch,
  catalog: {
    state: 'known',
    itemNo: 'HEA200',
    syncedAt: '2026-11-27T02:00:00.000Z',
    refusal: '',
    baseUnit: 'KG',
    priceUnit: 'M',
    standardLengthMm: 6000,
    standardWidthMm: 0,
    standardThicknessMm: 0,
    treatment: '',
    cutToLength: false,
    ...catalog,
  },
});

describe('line rules', () => {
  it('a length other than the size’s own is a cut; its own length is not', () => {
    expect(cutMeasures(known({ lengthMm: '3.150' }), 'nl')).toEqual([3150]);
    expect(cutMeasures(known({ lengthMm: '6000' }), 'nl')).toEqual([]);
    expect(cutMeasures(known({ lengthMm: '' }), 'nl')).toEqual([]);
  });

  it('a cut-to-length size asks for its length until one is typed', () => {
    const opmaat = known({ variantCode: 'OPMAAT' }, { standardLengthMm: 0, cutToLength: true });
    expect(lengthMissing(opmaat, 'nl')).toBe(true);
    expect(lengthMissing({ ...opmaat, lengthMm: '3150' }, 'nl')).toBe(false);
    expect(cutMeasures({ ...opmaat, lengthMm: '3150' }, 'nl')).toEqual([3150]);
    expect(lengthMissing(known({}), 'nl')).toBe(false);
  });

  it('the same size on an earlier line is asked about, and adding puts the quantities together', () => {
    const first = known({ key: 'first', quantity: '5' });
    const again = known({ key: 'again', itemNo: 'hea200 ', quantity: '2,5' });
    const other = known({ key: 'other', variantCode: '12000' });
    const current = { lines: [first, other, again], entry: emptyLine('entry') };
    const question = sameSizeQuestion(current, 'again');
    expect(question).toEqual({ key: 'again', targetKey: 'first' });
    expect(sameSizeQuestion(current, 'other')).toBeUndefined();
    const added = withSameSizeAdded(current, question!, 'nl');
    expect(added.lines.map((line) => [line.key, line.quantity])).toEqual([
      ['first', '7,5'],
      ['other', '2'],
    ]);
    // A quantity that is no number cannot be added up: both lines stay.
    const unreadable = { ...current, lines: [{ ...first, quantity: '5x' }, other, again] };
    expect(withSameSizeAdded(unreadable, question!, 'nl')).toBe(unreadable);
  });

  it('a sawing instruction goes after what the remark already says', () => {
    expect(withSawingRemark(known({}), 'Zagen op 3.150 mm').lineRemarks).toBe('Zagen op 3.150 mm');
    expect(withSawingRemark(known({ lineRemarks: 'gebundeld ' }), 'Zagen op 3.150 mm').lineRemarks).toBe(
      'gebundeld; Zagen op 3.150 mm',
    );
  });

  it('a quantity that reads two ways is a problem of its line, asked in the UI language', () => {
    const path = (field: string) => `quoteRequestLines.0.${field}`;
    const dutch: Translate = (key, values) => translate('nl', key, values);
    const english: Translate = (key, values) => translate('en', key, values);
    expect(numberProblems(dutch, known({ quantity: '1,000' }), 'nl', path)).toEqual({
      'quoteRequestLines.0.quantity': '1 of 1.000? Kies wat bedoeld is.',
    });
    expect(numberProblems(dutch, known({ quantity: '1.000' }), 'nl', path)).toEqual({});
    expect(numberProblems(english, known({ quantity: '12.500' }), 'en', path)).toEqual({
      'quoteRequestLines.0.quantity': '12.5 or 12,500? Choose which is meant.',
    });
  });
});
