import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_FILE_NAME_MAX,
  safeDocumentFileName,
  startsAsPdf,
} from '../../src/shared/contract/document-file-name.ts';

describe('the name a portal document is saved under', () => {
  it.each([
    ['Factuur S-INV103001.pdf', 'Factuur S-INV103001.pdf'],
    ['invoice.pdf.exe', 'invoice.pdf.exe.pdf'],
    // A right-to-left override shows "Factuur\u202Efdp.exe" as "Factuurexe.pdf".
    ['Factuur\u202Efdp.exe', 'Factuurfdp.exe.pdf'],
    ['Fac\u200Btuur\u2066 1\u2069.pdf', 'Factuur 1.pdf'],
    ['CON', '_CON.pdf'],
    ['nul.pdf', '_nul.pdf'],
    ['com1.txt', '_com1.txt.pdf'],
    ['LPT9 .pdf', '_LPT9.pdf'],
    ['Offerte 12. . ', 'Offerte 12.pdf'],
    ['..\\..\\Windows\\evil', '_.._Windows_evil.pdf'],
    ['', 'document.pdf'],
    ['\u0000\u0007', 'document.pdf'],
    ['report.PDF', 'report.pdf'],
  ])('%j is saved as %j', (given, saved) => {
    expect(safeDocumentFileName(given)).toBe(saved);
  });

  it('keeps .pdf when a long name is shortened, and never ends the stem in a dot or space', () => {
    const name = safeDocumentFileName(`${'a'.repeat(140)}. .  ${'b'.repeat(100)}.pdf.exe`);
    expect(name.endsWith('.pdf')).toBe(true);
    expect([...name].length).toBeLessThanOrEqual(DOCUMENT_FILE_NAME_MAX);
    expect(name).not.toMatch(/[. ]\.pdf$/);
    expect(safeDocumentFileName('😀'.repeat(200)).endsWith('😀.pdf')).toBe(true);
  });
});

describe('a document must start as a PDF', () => {
  it('accepts %PDF- and refuses anything else', () => {
    expect(startsAsPdf(Buffer.from('%PDF-1.7\n...').toString('base64'))).toBe(true);
    expect(startsAsPdf(Buffer.from('MZ\x90\x00 executable').toString('base64'))).toBe(false);
    expect(startsAsPdf(Buffer.from('<html>').toString('base64'))).toBe(false);
    expect(startsAsPdf('not base64 at all!')).toBe(false);
  });
});
