// The emulator's admin API (faults, call log, state) from a test process, over HTTPS trusting only the
// emulator's CA. Structural types: test code that uses this does not type-check the emulator's internals.

export interface AdminReachable {
  info: { adminUrl: string };
  caCertificate: string;
}

export interface AdminAnswer {
  status: number;
  json: unknown;
}

/** GET `path` of the admin API, or POST `body` as JSON to it. */
export async function emulatorAdmin(
  emulator: AdminReachable,
  path: string,
  body?: unknown,
): Promise<AdminAnswer> {
  const { Agent, fetch } = await import('undici');
  const agent = new Agent({ connect: { ca: emulator.caCertificate } });
  try {
    const response = await fetch(`${emulator.info.adminUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      dispatcher: agent,
    });
    return { status: response.status, json: await response.json() };
  } finally {
    await agent.close();
  }
}

/** Replaces the emulator's fault rules (an empty list ends every fault). */
export async function setEmulatorFaults(emulator: AdminReachable, rules: unknown[]): Promise<void> {
  const answer = await emulatorAdmin(emulator, '/faults', { rules });
  if (answer.status !== 200)
    throw new Error(`The emulator refused the fault rules: ${JSON.stringify(answer.json)}`);
}

/** Every call to voaRequests takes `ms` longer (0 ends it). */
export function setRequestLatency(emulator: AdminReachable, ms: number): Promise<void> {
  return setEmulatorFaults(emulator, ms ? [{ kind: 'latency', match: 'requests', ms }] : []);
}
