import { useState } from 'react';
import { settingsSaveInput } from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import type { Settings, SettingsPatch } from '../../../../shared/settings.ts';
import { fieldErrors } from '../../../../shared/validation.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { bridgeProblem, type ShownProblem } from '../../components/problem-text.ts';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string; details?: string };

/** Why a save failed, in the UI language: marked fields, the lock, or the failure worded by its code. */
export function failureMessage(t: Translate, error: BridgeError): ShownProblem {
  if (error.code === 'admin-locked') return { text: t('settings.admin.locked'), details: '' };
  if (error.fields && error.code !== 'conflict') return { text: t('settings.fixFields'), details: '' };
  const problem = bridgeProblem(t, error);
  return { text: t('settings.notSaved', { problem: problem.text }), details: problem.details };
}

/**
 * Saving one of the settings forms: checked with the schema main enforces first, so every message is in
 * the user's language, then saved. `save` answers the settings the form should show afterwards: the saved
 * ones, or, when someone else (the CLI) changed them meanwhile, theirs, so a second save cannot undo that.
 */
export function useSettingsSave() {
  const t = useT();
  const saveSettings = useAppStore((state) => state.saveSettings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  const save = async (patch: SettingsPatch): Promise<Settings | undefined> => {
    const local = settingsSaveInput.safeParse(patch);
    if (!local.success) {
      setErrors(fieldErrors(local.error));
      setStatus({ kind: 'failed', message: t('settings.fixFields') });
      return undefined;
    }
    setStatus({ kind: 'saving' });
    const error = await saveSettings(patch);
    setErrors(error?.fields ?? {});
    const failure = error && failureMessage(t, error);
    setStatus(
      failure ? { kind: 'failed', message: failure.text, details: failure.details } : { kind: 'saved' },
    );
    return !error || error.code === 'conflict' ? useAppStore.getState().settingsView?.settings : undefined;
  };
  return { errors, status, save };
}
