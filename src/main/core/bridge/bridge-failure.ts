import type { BridgeErrorCode } from '../../../shared/bridge/define.ts';

/** Thrown by core code that wants a specific typed answer at the bridge (and a specific CLI message). */
export class BridgeFailure extends Error {
  override name = 'BridgeFailure';
  readonly code: BridgeErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: BridgeErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}
