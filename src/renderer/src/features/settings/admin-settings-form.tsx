// The administrator's settings: host connection, the two applications with their secrets, the company's
// codes, schedules. Shown only while the administrator section is open; main refuses these writes anyway
// when it is locked (docs/admin.md).
import { useState, type FormEvent } from 'react';
import type { SettingsView } from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import { QUOTE_HEADER_FIELDS, QUOTE_LINE_FIELDS } from '../../../../shared/contract/request-fields.ts';
import { MAPPED_UNITS } from '../../../../shared/contract/request-lines.ts';
import { APPLICATIONS, type ApplicationName, type Settings } from '../../../../shared/settings.ts';
import { TextField } from '../../components/text-field.tsx';
import { usePolicyLock } from './policy-lock.tsx';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type MessageKey } from '../../i18n/i18n.ts';
import { bridgeProblem } from '../../components/problem-text.ts';
import { SaveActions } from './save-actions.tsx';
import { useSettingsSave } from './settings-save.ts';

/** The host settings a client secret is bound to (with its application's client id). */
const BINDING_HOST_FIELDS = ['baseUrl', 'authUrl', 'tenant', 'apiResource'] as const;

export const HOST_FIELDS = [
  'baseUrl',
  'authUrl',
  'tenant',
  'apiResource',
  'companyName',
  'companyId',
  'language',
] as const;

/** What this form saves: everything but counter staff's own choices and the CA file (main's chooser). */
function adminPatch(form: Settings) {
  const {
    host: { caFile: _caFile, ...host },
    applications,
    privacyConsentVersion,
    units,
    catalogSyncTime,
    catalogSyncWindowEnd,
    portalIdleMinutes,
    retentionDays,
  } = form;
  return {
    host,
    applications,
    privacyConsentVersion,
    units,
    catalogSyncTime,
    catalogSyncWindowEnd,
    portalIdleMinutes,
    retentionDays,
  };
}

export function AdminSettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const [form, setForm] = useState<Settings>(view.settings);
  const { errors, status, save } = useSettingsSave();
  const lock = usePolicyLock(view.policy);

  const setHost = (key: (typeof HOST_FIELDS)[number], value: string) =>
    setForm({ ...form, host: { ...form.host, [key]: value } });
  const setClientId = (application: ApplicationName, clientId: string) =>
    setForm({ ...form, applications: { ...form.applications, [application]: { clientId } } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const shown = await save(adminPatch(form));
    if (shown) setForm(shown);
  };

  /**
   * A secret is bound to the connection settings saved when it is stored. Typed connection settings not
   * saved yet are saved first, so the secret is bound to them and stays valid; false when they were
   * refused (the form shows why), and then the secret is not stored either.
   */
  const saveConnectionFirst = async (application: ApplicationName): Promise<boolean> => {
    const sameConnection = (saved: Settings) =>
      BINDING_HOST_FIELDS.every((key) => form.host[key].trim() === saved.host[key]) &&
      form.applications[application].clientId.trim() === saved.applications[application].clientId;
    if (sameConnection(view.settings)) return true;
    const shown = await save(adminPatch(form));
    if (shown) setForm(shown);
    return shown !== undefined;
  };

  /** A whole number of minutes or days: empty while typed is NaN, which the save refuses with a message. */
  const countField = (key: 'portalIdleMinutes' | 'retentionDays', label: string, hint: string) => (
    <TextField
      label={label}
      {...lock(key, hint)}
      type="number"
      value={Number.isNaN(form[key]) ? '' : String(form[key])}
      onChange={(count) => setForm({ ...form, [key]: count.trim() === '' ? Number.NaN : Number(count) })}
      error={errors[key]}
      name={key}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <section className="panel" aria-labelledby="settings-host">
        <h2 id="settings-host">{t('settings.section.host')}</h2>
        <div className="grid-2">
          {HOST_FIELDS.map((key) => (
            <TextField
              key={key}
              label={t(`settings.field.${key}` as MessageKey)}
              {...lock(
                `host.${key}`,
                t(`settings.hint.${key}` as MessageKey, { resource: form.host.apiResource || '…' }),
              )}
              value={form.host[key]}
              onChange={(value) => setHost(key, value)}
              error={errors[`host.${key}`]}
              spellCheck={false}
              autoComplete="off"
              name={`host.${key}`}
            />
          ))}
          <CaFileChooser file={view.settings.host.caFile} locked={lock('host.caFile')} />
        </div>
      </section>

      <section className="panel" aria-labelledby="settings-applications">
        <h2 id="settings-applications">{t('settings.section.applications')}</h2>
        {!view.keychain.available ? (
          <p className="banner banner--warning" role="alert">
            {t('settings.keychain.unavailable')} {view.keychain.problem}
          </p>
        ) : null}
        <div className="grid-2">
          {APPLICATIONS.map((application) => (
            <div key={application} className="application">
              <h3>{t(`settings.app.${application}`)}</h3>
              <p className="field__hint">{t(`settings.app.${application}Hint`)}</p>
              <TextField
                label={t('settings.field.clientId')}
                {...lock(`applications.${application}.clientId`)}
                value={form.applications[application].clientId}
                onChange={(value) => setClientId(application, value)}
                error={errors[`applications.${application}.clientId`]}
                spellCheck={false}
                autoComplete="off"
                name={`applications.${application}.clientId`}
              />
              <SecretField
                application={application}
                isSet={view.secrets[application].set}
                enterAgain={view.secrets[application].binding === 'enter-again'}
                disabled={!view.keychain.available}
                beforeStore={() => saveConnectionFirst(application)}
              />
            </div>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="settings-counter">
        <h2 id="settings-counter">{t('settings.section.counter')}</h2>
        <div className="grid-2">
          <TextField
            label={t('settings.field.privacyConsentVersion')}
            hint={t('settings.hint.privacyConsentVersion', {
              max: QUOTE_HEADER_FIELDS.privacyConsentVersion.maxLength,
            })}
            value={form.privacyConsentVersion}
            maxLength={QUOTE_HEADER_FIELDS.privacyConsentVersion.maxLength}
            uppercase
            onChange={(privacyConsentVersion) => setForm({ ...form, privacyConsentVersion })}
            error={errors.privacyConsentVersion}
            name="privacyConsentVersion"
          />
        </div>
        <h3 className="subhead">{t('settings.field.units')}</h3>
        <p className="field__hint">{t('settings.hint.units')}</p>
        <div className="grid-4">
          {MAPPED_UNITS.map((unit) => (
            <TextField
              key={unit}
              label={t(`settings.field.unit.${unit}`)}
              {...lock(`units.${unit}`)}
              value={form.units[unit]}
              maxLength={QUOTE_LINE_FIELDS.unitOfMeasureCode.maxLength}
              uppercase
              onChange={(code) => setForm({ ...form, units: { ...form.units, [unit]: code } })}
              error={errors[`units.${unit}`]}
              name={`units.${unit}`}
            />
          ))}
        </div>
      </section>

      <div className="grid-2">
        <section className="panel" aria-labelledby="settings-catalog">
          <h2 id="settings-catalog">{t('settings.section.catalog')}</h2>
          <TextField
            label={t('settings.field.catalogSyncTime')}
            // Not type="time": that shows "02:00 AM" under an English browser locale, whatever the UI language.
            {...lock('catalogSyncTime', t('settings.hint.catalogSyncTime'))}
            inputMode="numeric"
            placeholder="02:00"
            value={form.catalogSyncTime}
            onChange={(catalogSyncTime) => setForm({ ...form, catalogSyncTime })}
            error={errors.catalogSyncTime}
            name="catalogSyncTime"
          />
          <TextField
            label={t('settings.field.catalogSyncWindowEnd')}
            {...lock('catalogSyncWindowEnd', t('settings.hint.catalogSyncWindowEnd'))}
            inputMode="numeric"
            placeholder="04:00"
            value={form.catalogSyncWindowEnd}
            onChange={(catalogSyncWindowEnd) => setForm({ ...form, catalogSyncWindowEnd })}
            error={errors.catalogSyncWindowEnd}
            name="catalogSyncWindowEnd"
          />
        </section>
        <section className="panel" aria-labelledby="settings-customer">
          <h2 id="settings-customer">{t('settings.section.customer')}</h2>
          {countField(
            'portalIdleMinutes',
            t('settings.field.portalIdleMinutes'),
            t('settings.hint.portalIdleMinutes'),
          )}
          {countField('retentionDays', t('support.field.retentionDays'), t('support.hint.retentionDays'))}
        </section>
      </div>

      <SaveActions label={t('settings.admin.save')} status={status} className="form-actions" />
    </form>
  );
}
/**
 * The extra CA file is shown, never typed: main opens its own file dialog, so no page can name a path. A
 * file the machine policy sets is shown with the policy named, and nothing to choose.
 */
function CaFileChooser({
  file,
  locked,
}: {
  file: string;
  locked: { readOnly?: boolean; hint?: string | undefined };
}) {
  const t = useT();
  const chooseCaFile = useAppStore((state) => state.chooseCaFile);
  const [error, setError] = useState<BridgeError | undefined>();
  const choose = async () => setError(await chooseCaFile());
  // Said in the current language, also after a switch: the browser shell has no file chooser of main's.
  const problem =
    error?.code === 'not-available'
      ? t('settings.caFile.desktopOnly')
      : error?.code === 'admin-locked'
        ? t('settings.admin.locked')
        : error && bridgeProblem(t, error).text;
  return (
    <div className="ca-file">
      <TextField
        label={t('settings.field.caFile')}
        hint={locked.readOnly ? locked.hint : t('settings.hint.caFile')}
        value={file}
        readOnly
        placeholder={t('settings.caFile.none')}
        name="host.caFile"
        onChange={() => {}}
      />
      <div className="secret-field__actions">
        {locked.readOnly ? null : (
          <button type="button" className="button" onClick={() => void choose()}>
            {t('settings.caFile.choose')}
          </button>
        )}
        {problem ? (
          <span className="field__error" role="status">
            {problem}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Write-only: the typed secret goes to the keychain and the field empties; only "set" comes back. */
function SecretField({
  application,
  isSet,
  enterAgain,
  disabled,
  beforeStore,
}: {
  application: ApplicationName;
  isSet: boolean;
  /** Set, but for other connection settings: main will not use it until it is entered again. */
  enterAgain: boolean;
  disabled: boolean;
  /** Saves the connection settings typed above first; false when they were refused. */
  beforeStore: () => Promise<boolean>;
}) {
  const t = useT();
  const setSecret = useAppStore((state) => state.setSecret);
  const clearSecret = useAppStore((state) => state.clearSecret);
  const [secret, setSecretText] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const secretFailure = (error: BridgeError) =>
    error.code === 'admin-locked' ? t('settings.admin.locked') : bridgeProblem(t, error).text;

  const store = async () => {
    if (!secret) {
      setMessage({ text: t('settings.secret.empty'), error: true });
      return;
    }
    if (!(await beforeStore())) {
      setMessage({ text: t('settings.secret.settingsFirst'), error: true });
      return;
    }
    const error = await setSecret(application, secret);
    if (error) setMessage({ text: secretFailure(error), error: true });
    else {
      setSecretText('');
      setMessage({ text: t('settings.secret.saved'), error: false });
    }
  };
  const remove = async () => {
    const error = await clearSecret(application);
    setMessage(
      error
        ? { text: secretFailure(error), error: true }
        : { text: t('settings.secret.cleared'), error: false },
    );
  };

  return (
    <div className="secret-field">
      <div className="secret-field__row">
        <TextField
          label={t('settings.field.secret')}
          type="password"
          value={secret}
          onChange={setSecretText}
          placeholder={isSet ? t('settings.secret.placeholderSet') : t('settings.secret.placeholderNotSet')}
          autoComplete="new-password"
          disabled={disabled}
          name={`${application}-secret`}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void store();
            }
          }}
        />
        <span
          className={`badge ${enterAgain ? 'badge--warn' : isSet ? 'badge--ok' : 'badge--muted'}`}
          data-testid={`${application}-secret-status`}
        >
          {enterAgain
            ? t('settings.secret.enterAgain')
            : isSet
              ? t('settings.secret.set')
              : t('settings.secret.notSet')}
        </span>
      </div>
      {enterAgain ? (
        <p className="field__hint" data-testid={`${application}-secret-reason`}>
          {t('settings.secret.enterAgainReason')}
        </p>
      ) : null}
      <div className="secret-field__actions">
        <button type="button" className="button" onClick={() => void store()} disabled={disabled}>
          {t('settings.secret.save')}
        </button>
        {isSet ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void remove()}
            disabled={disabled}
          >
            {t('settings.secret.clear')}
          </button>
        ) : null}
        {message ? (
          <span className={message.error ? 'field__error' : 'status status--saved'} role="status">
            {message.text}
          </span>
        ) : null}
      </div>
    </div>
  );
}
