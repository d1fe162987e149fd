// The administrator section: locked with the PIN when one is set, open (with a hint to set one) when not.
// What this screen shows is a convenience; main holds the lock and refuses locked writes (docs/admin.md).
import { useId, useState, type FormEvent } from 'react';
import type { AdminStatus, PinAnswer, SettingsView } from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import { ADMIN_PIN_MAX_LENGTH, ADMIN_PIN_MIN_LENGTH, settingsSchemas } from '../../../../shared/settings.ts';
import { TextField } from '../../components/text-field.tsx';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type MessageKey, type Translate } from '../../i18n/i18n.ts';
import { AdminSettingsForm } from './admin-settings-form.tsx';
import { ConnectionTestPanel } from './connection-test-panel.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';
import { useAfterCommit } from '../../components/use-after-commit.ts';
import { isBridgeError } from './settings-slice.ts';

/**
 * A message kept as how to say it, not as text: a language switch while it is shown says it again in the
 * new language.
 */
type Said = { say: (t: Translate) => string };
const said = (key: MessageKey): Said => ({ say: (t) => t(key) });

/** What a refused PIN means for the person typing it, with the wait after repeated wrong ones. */
function pinRefusal(answer: PinAnswer | BridgeError): Said | undefined {
  if (isBridgeError(answer)) return { say: (t) => bridgeProblem(t, answer).text };
  if (!answer.refused) return undefined;
  const refused = answer.refused;
  const seconds = Math.ceil(answer.retryInMs / 1000);
  return {
    say: (t) => {
      const wait = t('settings.admin.wait', { seconds });
      if (refused === 'too-soon') return wait;
      return seconds > 0 ? `${t('settings.admin.wrongPin')} ${wait}` : t('settings.admin.wrongPin');
    },
  };
}

function focusFirstConnectionField() {
  document.querySelector<HTMLInputElement>('input[name="host.baseUrl"]')?.focus();
}

export function AdminSection({ view, status }: { view: SettingsView; status: AdminStatus }) {
  const t = useT();
  const lockAdmin = useAppStore((state) => state.lockAdmin);
  const headingId = useId();
  // This section outlives the unlock form, which leaves with the lock: it moves the cursor once the
  // settings the unlock brings are on screen.
  const afterCommit = useAfterCommit();
  const locked = status.pinSet && !status.unlocked;
  // The machine policy requires a PIN and none is set yet: setting one is all that is open.
  const pinRequired = !status.pinSet && status.pinRequiredBy !== undefined;
  return (
    <section className="admin-section" aria-labelledby={headingId} data-testid="admin-section">
      <div className="panel">
        <h2 id={headingId}>{t('settings.section.admin')}</h2>
        {locked ? (
          <>
            <p className="field__hint">{t('settings.admin.lockedIntro')}</p>
            <UnlockForm onUnlocked={() => afterCommit(focusFirstConnectionField)} />
          </>
        ) : pinRequired ? (
          <p className="banner banner--warning" data-testid="pin-required">
            {t('settings.admin.pinRequired', { file: status.pinRequiredBy ?? '' })}
          </p>
        ) : (
          <>
            <p className="field__hint">{t('settings.admin.intro')}</p>
            {status.pinSet ? (
              <div className="admin-section__unlocked">
                <p className="banner banner--ok">{t('settings.admin.unlocked')}</p>
                <button type="button" className="button" onClick={() => void lockAdmin()}>
                  {t('settings.admin.lock')}
                </button>
              </div>
            ) : (
              <p className="banner banner--warning" data-testid="no-pin-hint">
                {t('settings.admin.noPinHint')}
              </p>
            )}
          </>
        )}
      </div>
      {locked ? null : pinRequired ? (
        <PinPanel pinSet={false} mayRemove={false} />
      ) : (
        <>
          <AdminSettingsForm view={view} />
          <ConnectionTestPanel />
          <PinPanel pinSet={status.pinSet} mayRemove={status.pinRequiredBy === undefined} />
        </>
      )}
    </section>
  );
}

function UnlockForm({ onUnlocked }: { onUnlocked: () => void }) {
  const t = useT();
  const unlockAdmin = useAppStore((state) => state.unlockAdmin);
  const [pin, setPin] = useState('');
  const [message, setMessage] = useState<Said>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!pin) {
      setMessage(said('settings.admin.pinEmpty'));
      return;
    }
    const answer = await unlockAdmin(pin);
    setPin('');
    const refusal = pinRefusal(answer);
    setMessage(refusal);
    if (!refusal) onUnlocked();
  };

  return (
    <form className="pin-form" onSubmit={submit} noValidate>
      <PinField
        label={t('settings.admin.pin')}
        value={pin}
        onChange={setPin}
        name="admin-pin"
        error={message?.say(t)}
        autoFocus
      />
      <button type="submit" className="button button--primary">
        {t('settings.admin.unlock')}
      </button>
    </form>
  );
}

/** Set a first PIN; change it or remove it with the current one. */
function PinPanel({ pinSet, mayRemove }: { pinSet: boolean; mayRemove: boolean }) {
  const t = useT();
  const setAdminPin = useAppStore((state) => state.setAdminPin);
  const removeAdminPin = useAppStore((state) => state.removeAdminPin);
  const [currentPin, setCurrentPin] = useState('');
  const [newPin, setNewPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ current?: Said; new?: Said; repeat?: Said }>({});
  const [done, setDone] = useState<Said>();
  const hint = t('settings.pin.hint', { min: ADMIN_PIN_MIN_LENGTH, max: ADMIN_PIN_MAX_LENGTH });

  const reset = (message: Said) => {
    setCurrentPin('');
    setNewPin('');
    setRepeat('');
    setErrors({});
    setDone(message);
  };
  /** A refused current PIN marks that field; true when the answer was a success. */
  const accepted = (answer: PinAnswer | BridgeError): boolean => {
    const refusal = pinRefusal(answer);
    if (refusal) {
      setErrors({ current: refusal });
      setDone(undefined);
    }
    return !refusal;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = settingsSchemas().adminPin.safeParse(newPin);
    const problems = {
      ...(pinSet && !currentPin ? { current: said('settings.pin.currentNeeded') } : {}),
      // The schema's message, said again in whatever language is current.
      ...(!checked.success
        ? {
            new: {
              say: () => settingsSchemas().adminPin.safeParse(newPin).error?.issues[0]?.message ?? hint,
            },
          }
        : {}),
      ...(checked.success && repeat !== newPin ? { repeat: said('settings.pin.mismatch') } : {}),
    };
    if (Object.keys(problems).length) {
      setErrors(problems);
      setDone(undefined);
      return;
    }
    const answer = await setAdminPin(newPin, pinSet ? currentPin : undefined);
    if (accepted(answer)) reset(said(pinSet ? 'settings.pin.changed' : 'settings.pin.saved'));
  };

  const remove = async () => {
    if (!currentPin) {
      setErrors({ current: said('settings.pin.currentNeeded') });
      return;
    }
    const answer = await removeAdminPin(currentPin);
    if (accepted(answer)) reset(said('settings.pin.removed'));
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="settings-pin">
      <h2 id="settings-pin">{t('settings.pin.title')}</h2>
      <div className="grid-4">
        {pinSet ? (
          <PinField
            label={t('settings.pin.current')}
            value={currentPin}
            onChange={setCurrentPin}
            error={errors.current?.say(t)}
            name="pin-current"
          />
        ) : null}
        <PinField
          label={t('settings.pin.new')}
          hint={hint}
          value={newPin}
          onChange={setNewPin}
          error={errors.new?.say(t)}
          name="pin-new"
        />
        <PinField
          label={t('settings.pin.repeat')}
          value={repeat}
          onChange={setRepeat}
          error={errors.repeat?.say(t)}
          name="pin-repeat"
        />
      </div>
      <div className="panel-actions">
        <button type="submit" className="button button--primary">
          {pinSet ? t('settings.pin.change') : t('settings.pin.set')}
        </button>
        {pinSet && mayRemove ? (
          <button type="button" className="button button--quiet" onClick={() => void remove()}>
            {t('settings.pin.remove')}
          </button>
        ) : null}
        <span className="status status--saved" role="status" aria-live="polite">
          {done?.say(t) ?? ''}
        </span>
      </div>
    </form>
  );
}

/** A PIN is typed hidden, with the digit keyboard on touch screens, and never offered by autofill. */
function PinField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  name: string;
  hint?: string;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return <TextField type="password" inputMode="numeric" autoComplete="off" {...props} />;
}
