// The name a portal document is saved under. The host names it ("category, a space, document number,
// then .pdf"), but a broken or hostile host could name it `invoice.pdf.exe`, `Factuur\u202Efdp.exe` (a
// right-to-left override that shows as "Factuurexe.pdf"), or `CON`. The name is made safe here, once:
// invisible and direction-changing characters go, a Windows device name is never the whole stem, the
// name never ends in a dot or a space, and it always ends in `.pdf`, also after shortening.

/** The longest name, `.pdf` included. */
export const DOCUMENT_FILE_NAME_MAX = 150;
const EXTENSION = '.pdf';
const FALLBACK_STEM = 'document';

/** Control, format (bidi overrides and marks, zero-width), line and paragraph separators, lone surrogates. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
/** Characters Windows does not allow in a file name. */
const RESERVED = /[<>:"/\\|?*]/g;
/** Windows device names, also with an extension after them (`nul.pdf`) and with superscript digits. */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

export function safeDocumentFileName(name: string): string {
  let stem = name.normalize('NFC').replace(INVISIBLE, '').replace(RESERVED, '_').replace(/\s+/g, ' ').trim();
  if (stem.toLowerCase().endsWith(EXTENSION)) stem = stem.slice(0, -EXTENSION.length);
  stem = trimEnds(stem);
  const beforeFirstDot = (stem.split('.')[0] ?? '').trim();
  if (DEVICE.test(beforeFirstDot)) stem = `_${stem}`;
  const characters = [...stem];
  if (characters.length > DOCUMENT_FILE_NAME_MAX - EXTENSION.length)
    stem = trimEnds(characters.slice(0, DOCUMENT_FILE_NAME_MAX - EXTENSION.length).join(''));
  return `${stem || FALLBACK_STEM}${EXTENSION}`;
}

/** No dots or spaces at either end: Windows drops trailing ones, and a leading dot hides a file. */
function trimEnds(stem: string): string {
  return stem.replace(/^[.\s]+|[.\s]+$/g, '');
}

/** The bytes every PDF starts with. */
const PDF_SIGNATURE = '%PDF-';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Whether base64 content decodes to bytes that start as a PDF (src/shared has no atob or Buffer). */
export function startsAsPdf(base64: string): boolean {
  const head = base64.replace(/\s+/g, '').slice(0, 8);
  if (head.length < 8) return false;
  let bits = 0;
  let count = 0;
  let decoded = '';
  for (const character of head) {
    const value = BASE64.indexOf(character);
    if (value < 0) return false;
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      decoded += String.fromCharCode((bits >> count) & 0xff);
    }
  }
  return decoded.startsWith(PDF_SIGNATURE);
}
