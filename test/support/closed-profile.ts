// Configures a test profile for the emulator through a core opened in this process and closed again, for
// tests that then hand the profile to processes of their own (CLI runs, core processes). The same bridge
// calls `config set` and `secret set` make, without their three Node starts (seconds each on a loaded
// machine); catalog-cli.test.ts keeps configuring through the CLI itself.
import { VoaCore } from '../../src/main/core/voa-core.ts';
import {
  configureProfileForEmulator,
  type EmulatorInfo,
  type EmulatorProfileOptions,
} from './emulator-profile.ts';
import type { TestProfile } from './processes.ts';

export async function configureClosedProfile(
  profile: TestProfile,
  info: EmulatorInfo,
  options: EmulatorProfileOptions = {},
): Promise<void> {
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  try {
    await configureProfileForEmulator(core, info, options);
  } finally {
    await core.close();
  }
}
