// Reading a rendered slip back as a person and a scanner would: its text (poppler's pdftotext), its page
// size (pdfinfo), a picture of its first page (pdftoppm) and the QR code on it, decoded by jsQR.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
// jsqr is CommonJS: Node's default import is module.exports, whose `default` is the decoder itself.
import jsqr from 'jsqr';

const run = promisify(execFile);
const POINTS_PER_MM = 72 / 25.4;

/** The text in reading order, block by block (a table cell's wrapped words stay together). */
export async function pdfText(file: string): Promise<string> {
  return (await run('pdftotext', [file, '-'])).stdout;
}

/** The first page's width and height in millimetres, and the number of pages. */
export async function pdfPages(file: string): Promise<{ widthMm: number; heightMm: number; pages: number }> {
  const { stdout } = await run('pdfinfo', [file]);
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
  const pages = /Pages:\s+(\d+)/.exec(stdout);
  if (!size || !pages) throw new Error(`pdfinfo named no page size:\n${stdout}`);
  return {
    widthMm: Number(size[1]) / POINTS_PER_MM,
    heightMm: Number(size[2]) / POINTS_PER_MM,
    pages: Number(pages[1]),
  };
}

/** The first page as a PNG, to look at. */
export async function pdfToPng(file: string, png: string): Promise<void> {
  await run('pdftoppm', [
    '-png',
    '-r',
    '110',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    png.replace(/\.png$/, ''),
  ]);
}

/** The text of the QR code on the first page, as a scanner reads it; null when none is found. */
export async function qrTextOnPdf(file: string): Promise<string | null> {
  const base = `${file}.scan`;
  await run('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-singlefile', file, base]);
  try {
    const image = parsePpm(await readFile(`${base}.ppm`));
    return jsqr.default(image.data, image.width, image.height)?.data ?? null;
  } finally {
    await rm(`${base}.ppm`, { force: true });
  }
}

/** pdftoppm's binary PPM (P6, 8 bits): RGB pixels, turned into the RGBA jsQR reads. */
function parsePpm(bytes: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header || header[3] !== '255') throw new Error('pdftoppm wrote no 8-bit P6 image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const rgb = bytes.subarray(header[0].length);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel++) {
    data[pixel * 4] = rgb[pixel * 3]!;
    data[pixel * 4 + 1] = rgb[pixel * 3 + 1]!;
    data[pixel * 4 + 2] = rgb[pixel * 3 + 2]!;
    data[pixel * 4 + 3] = 255;
  }
  return { width, height, data };
}
