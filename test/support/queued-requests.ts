// Fills a test profile's outbox the way the counter does, through the bridge's dispatch, with the app
// closed again afterwards: for tests that then start senders as separate processes.
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import { TEST_PRIVACY_CONSENT_VERSION } from './emulator-profile.ts';
import type { TestProfile } from './processes.ts';

/** Queues `count` counter-visit quote requests (contact "Klant <n>", quantity n + 1) in the profile. */
export async function queueCounterQuotes(profile: TestProfile, count: number): Promise<void> {
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  try {
    for (let index = 0; index < count; index++) {
      const result = await dispatchBridgeCall(core.handlers, 'outbox:submit', {
        kind: 'quote',
        payload: {
          privacyAccepted: true,
          privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
          contactName: `Klant ${index}`,
          source: SOURCE_COUNTER_VISIT,
          assistedBy: 'Anja de Vries',
          quoteRequestLines: [{ itemNo: 'HEA200', quantity: index + 1 }],
        },
      });
      if (!result.ok) throw new Error(`Queueing quote ${index} failed: ${result.error.message}`);
    }
  } finally {
    await core.close();
  }
}
