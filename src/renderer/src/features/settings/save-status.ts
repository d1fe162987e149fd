import type { BridgeError } from '../../../../shared/bridge/define.ts';
import type { Translate } from '../../i18n/i18n.ts';

export type SaveStatus =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** Why a save failed, in the UI language: marked fields, the lock, or main's own message. */
export function failureMessage(t: Translate, error: BridgeError): string {
  if (error.code === 'admin-locked') return t('settings.admin.locked');
  if (error.fields && error.code !== 'conflict') return t('settings.fixFields');
  return t('settings.notSaved', { problem: error.message });
}
