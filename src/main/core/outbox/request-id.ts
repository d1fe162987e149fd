// requestId: the idempotency key of one submission, given once in main at submit and never regenerated.
// "VD-" and a ULID (48-bit time, 80 random bits, Crockford base32): 29 characters, well under the 64 the
// host allows, sortable by time, and already uppercase, so the host's uppercasing changes nothing.
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REQUEST_ID_PREFIX = 'VD-';

export function newRequestId(
  now: number = Date.now(),
  random: (size: number) => Uint8Array = randomBytes,
): string {
  let time = '';
  let rest = now;
  for (let index = 0; index < 10; index++) {
    time = CROCKFORD[rest % 32] + time;
    rest = Math.floor(rest / 32);
  }
  const bytes = random(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let tail = '';
  for (let index = 0; index < 16; index++) {
    tail = CROCKFORD[Number(bits & 31n)] + tail;
    bits >>= 5n;
  }
  return `${REQUEST_ID_PREFIX}${time}${tail}`;
}
