// Characters nobody can see but the ERP stores: control characters, bidi overrides and isolates, and
// zero-width characters. Pasted from a mail, a PDF or a web page they make "ACME" and "ACME" two different
// company names, or turn a name around on screen (a bidi override). Every text field of a request loses
// them before it is sent (the payload mapping and main's schemas both call withoutInvisible); the rest of
// the text stays as it was.

/** A tab or a line break: a person meant space there, or in a text area a new line. */
const SPACING = /\r\n|[\t\n\v\f\r\u0085]/gu;
const LINE_BREAK = /\r\n|[\n\r\u0085]/u;

/**
 * C0 and C1 control characters and DEL; the bidi embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069 and the direction marks U+200E, U+200F and U+061C; the zero-width space, non-joiner and
 * joiner U+200B–U+200D, the word joiner U+2060 and the byte order mark U+FEFF. `\n` is kept here: it is
 * the line break a multi-line field keeps after the spacing step.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/**
 * The text without invisible characters. A tab or a line break becomes a space, so words pasted across
 * lines stay apart; a multi-line field (remarks) keeps its line breaks, as `\n`.
 */
export function withoutInvisible(text: string, multiline = false): string {
  return text
    .replace(SPACING, (spacing) => (multiline && LINE_BREAK.test(spacing) ? '\n' : ' '))
    .replace(INVISIBLE, '');
}

/** Whether {@link withoutInvisible} would change the text. */
export function hasInvisible(text: string, multiline = false): boolean {
  return withoutInvisible(text, multiline) !== text;
}
