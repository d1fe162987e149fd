import { Agent, fetch } from 'undici';
import { startEmulator } from '../emulator/index.ts';
import { clientCredentialsToken } from './emulator-serve.ts';

const concurrentReads = 20;
const readProcedures = ['ReadSession', 'MyQuotes', 'MyOrders', 'MyShipments', 'MyDocuments'] as const;

/**
 * RequestCode takes at least 1.5 s by contract; that floor must be a wait, not a block. Signs a Buyer in,
 * then sends one RequestCode and, while it waits, 20 portal reads at once. Reports how many reads were
 * answered before RequestCode was, and how long the reads and RequestCode took.
 */
export async function benchEmulatorPortal(): Promise<Record<string, number>> {
  const emulator = await startEmulator({ variants: 5_000, seed: 'bench', log: () => {} });
  const agent = new Agent({ connect: { ca: emulator.caCertificate }, connections: 64 });
  const { info } = emulator;
  try {
    const accessToken = await clientCredentialsToken(agent, info, info.website);
    const portal = async (procedure: string, parameters: Record<string, string>): Promise<unknown> => {
      const answer = await fetch(`${info.baseUrl}/ODataV4/voaPortal_${procedure}?company=${info.companyId}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(parameters),
        dispatcher: agent,
      });
      if (answer.status !== 200)
        throw new Error(`${procedure}: HTTP ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { value: unknown }).value;
    };

    const email = 'koper@devries.example';
    await portal('RequestCode', { email, ipHash: '' });
    const mailed = emulator.state.mail.findLast((mail) => mail.kind === 'signInCode');
    if (mailed?.kind !== 'signInCode') throw new Error('no sign-in code was mailed');
    const token = await portal('SignIn', { email, code: mailed.code, ipHash: '' });
    if (typeof token !== 'string' || token === '') throw new Error('sign-in failed');

    const started = performance.now();
    let requestCodeAnsweredMs = Number.NaN;
    const requestCode = portal('RequestCode', { email: 'kijker@devries.example', ipHash: '' }).then(() => {
      requestCodeAnsweredMs = performance.now() - started;
    });
    const readTimes = await Promise.all(
      Array.from({ length: concurrentReads }, async (_unused, index) => {
        const value = await portal(readProcedures[index % readProcedures.length] ?? 'ReadSession', { token });
        if (value === '') throw new Error('a read lost its session');
        return performance.now() - started;
      }),
    );
    await requestCode;
    const readsDoneMs = Math.max(...readTimes);
    return {
      portalConcurrentReads: concurrentReads,
      portalReadsAnsweredBeforeRequestCode: readTimes.filter((time) => time < requestCodeAnsweredMs).length,
      portalReadsAllDoneMs: Math.round(readsDoneMs),
      portalRequestCodeMs: Math.round(requestCodeAnsweredMs),
      portalRequestCodeFloorMs: 1500,
    };
  } finally {
    await agent.close();
    await emulator.stop();
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await benchEmulatorPortal()));
}
