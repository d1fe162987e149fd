// The outbox, drafts and request delivery (issue 4).
import type { CoreModule } from '../core-module.ts';
import type { VoaCore } from '../voa-core.ts';

export type OutboxModule = CoreModule<Record<never, never>>;

export function createOutboxModule(_core: VoaCore): OutboxModule {
  return { handlers: {} };
}
