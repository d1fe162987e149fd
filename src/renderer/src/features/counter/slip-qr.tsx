// The slip's QR code: the request number (or the requestId while the number is pending), for the
// warehouse's handheld scanner. Encoded by the qrcode library (docs/printing.md says why that one) and
// drawn here as one SVG path, so it prints sharp at any size and needs no canvas or inline style. The
// library comes with the first slip: the first screen's scripts are smaller without it.
import type { create } from 'qrcode';

/** The library's encoder, as `loadSlipQrEncoder` answers it. */
export type SlipQrEncoder = typeof create;

/** Loads the encoder (fetched once the desk is idle after start, so a slip rarely waits for it). */
export async function loadSlipQrEncoder(): Promise<SlipQrEncoder> {
  return (await import('qrcode')).create;
}

/** Modules of white around the code: the quiet zone scanners need (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

export function SlipQrCode({ text, label, encode }: { text: string; label: string; encode: SlipQrEncoder }) {
  // M: survives a crease or a smudge on thermal paper, and keeps a 36-character requestId at version 3.
  const { modules } = encode(text, { errorCorrectionLevel: 'M' });
  const size = modules.size + QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return (
    <svg
      className="print-slip__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
