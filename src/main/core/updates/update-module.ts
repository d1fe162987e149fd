// Updates as a feature of the core: the controller over the shell's updater, fed by the machine policy's
// folder and channel, and its bridge calls. Off unless the policy names a folder.
import type { MachinePolicy } from '../../../shared/machine-policy.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import type { DeskActivity } from './update-rules.ts';
import { schemasOnDisk } from './schema-versions.ts';
import { UpdateController, type UpdateClock, type UpdaterPort } from './update-controller.ts';

type UpdateHandlers = Pick<BridgeHandlers, 'updates:status' | 'updates:check' | 'updates:restart'>;

export interface UpdateModule extends CoreModule<UpdateHandlers> {
  readonly controller: UpdateController;
}

export type UpdateServices = Pick<CoreServices, 'location' | 'appDb' | 'version' | 'events' | 'policy'>;

export function createUpdateModule(
  core: UpdateServices,
  options: {
    port: UpdaterPort | undefined;
    /** Where the policy says updates come from (also while the rest of it cannot be used). */
    updates: MachinePolicy['updates'];
    activity: () => Promise<DeskActivity>;
    clock?: UpdateClock;
  },
): UpdateModule {
  const updates = options.updates;
  const controller = new UpdateController({
    port: options.port,
    feed: updates
      ? { url: updates.url, channel: updates.channel ?? 'latest', policyFile: core.policy.file }
      : null,
    policyInvalid: core.policy.state === 'invalid',
    currentVersion: core.version,
    schemasOnDisk: () => schemasOnDisk(core.location.dataDir, core.appDb),
    activity: options.activity,
    onChange: (view) => core.events.emit('updates:changed', view),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    controller,
    handlers: {
      'updates:status': () => controller.view(),
      'updates:check': () => controller.checkNow(),
      'updates:restart': () => controller.restartNow(),
    },
    start: () => controller.start(),
    stop: async () => controller.stop(),
  };
}
