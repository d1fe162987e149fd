// The administrator PIN is kept only as a salted scrypt hash in the OS keychain. A PIN has few digits, so
// the hash must be slow to guess offline (scrypt, memory-hard) and salted per PIN (a stolen entry cannot be
// looked up in a table); comparing in constant time gives a guesser no timing hint.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters: the work factor N, the block size r and the parallelism p. */
export interface PinHashCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * The cost every PIN is hashed with in the app (N = 2^15, r = 8, p = 1: about 32 MiB and tens of
 * milliseconds per try). Only unit tests pass a cheaper one, to hash many PINs quickly; verifying always
 * uses the cost stored with the hash.
 */
export const PIN_HASH_COST: PinHashCost = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = 'scrypt';

function derive(pin: string, salt: Buffer, cost: PinHashCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`: the parameters travel with the hash, so they can grow later. */
export async function hashPin(pin: string, cost: PinHashCost = PIN_HASH_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(pin, salt, cost);
  return [FORMAT, cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `pin` is the PIN `stored` was made from. A stored value in another format never matches. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [format, n, r, p, salt, hash] = stored.split('$');
  if (format !== FORMAT || !salt || !hash) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(pin, Buffer.from(salt, 'base64'), cost);
  return timingSafeEqual(actual, expected);
}
