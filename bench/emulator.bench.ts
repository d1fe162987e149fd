// Time and peak memory of the emulator serving the 500,000-variant catalog in full (the size of the real
// catalog), and portal reads answered while a RequestCode waits its 1.5 s floor (one slow sign-in must not
// hold up the other customers' reads).
import { benchEmulatorPortal } from './emulator-portal.ts';
import { benchEmulatorServe } from './emulator-serve.ts';

export default async function benchEmulator(): Promise<Record<string, number>> {
  return { ...(await benchEmulatorPortal()), ...(await benchEmulatorServe()) };
}
