/**
 * A small, valid PDF (1.4, one A4 page, Helvetica) holding the lines of a printed document: what Document
 * returns in place of the host's report. Built by hand so the emulator needs no PDF library; the byte
 * offsets of the cross-reference table are computed, so viewers open it without repairing it.
 */
function escapePdfText(text: string): string {
  // Helvetica with WinAnsiEncoding covers Latin-1; anything beyond it becomes '?'.
  return [...text]
    .map((character) => (character.charCodeAt(0) > 0xff ? '?' : character))
    .join('')
    .replaceAll('\\', '\\\\')
    .replaceAll('(', '\\(')
    .replaceAll(')', '\\)');
}

export function minimalPdf(title: string, lines: readonly string[]): Buffer {
  const shown = [title, '', ...lines].slice(0, 60);
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '50 800 Td',
    ...shown.map((line) => `(${escapePdfText(line)}) '`),
    'ET',
  ].join('\n');
  const contentBytes = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${contentBytes.length} >>\nstream\n${contentBytes.toString('latin1')}\nendstream`,
    `<< /Title (${escapePdfText(title)}) /Producer (VOA host emulator) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
