// Time and peak memory of the emulator serving the 500,000-variant catalog in full (issue 3), and portal
// reads answered while a RequestCode waits its 1.5 s floor (issue 12).
import { benchEmulatorPortal } from './emulator-portal.ts';
import { benchEmulatorServe } from './emulator-serve.ts';

export default async function benchEmulator(): Promise<Record<string, number>> {
  return { ...(await benchEmulatorPortal()), ...(await benchEmulatorServe()) };
}
