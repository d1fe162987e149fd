import { useState, type FormEvent } from 'react';
import { settingsSaveInput, type SettingsView } from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import { QUOTE_HEADER_FIELDS, QUOTE_LINE_FIELDS } from '../../../../shared/contract/request-fields.ts';
import { MAPPED_UNITS } from '../../../../shared/contract/request-lines.ts';
import { fieldErrors } from '../../../../shared/validation.ts';
import {
  APPLICATIONS,
  UI_LANGUAGES,
  settingsSchema,
  type ApplicationName,
  type Settings,
  type UiLanguage,
} from '../../../../shared/settings.ts';
import { ListEditor } from '../../components/list-editor.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT, type MessageKey } from '../../i18n/i18n.ts';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const HOST_FIELDS = [
  'baseUrl',
  'authUrl',
  'tenant',
  'apiResource',
  'companyName',
  'companyId',
  'language',
] as const;

export function SettingsScreen() {
  const t = useT();
  const view = useAppStore((state) => state.settingsView);
  if (!view) return <p className="screen__loading">{t('app.loading')}</p>;
  return <SettingsForm view={view} />;
}

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const saveSettings = useAppStore((state) => state.saveSettings);
  const [form, setForm] = useState<Settings>(view.settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const setHost = (key: (typeof HOST_FIELDS)[number], value: string) =>
    setForm({ ...form, host: { ...form.host, [key]: value } });
  const setClientId = (application: ApplicationName, clientId: string) =>
    setForm({ ...form, applications: { ...form.applications, [application]: { clientId } } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The CA file is not part of a save: main sets it only from its own file chooser.
    const {
      uiLanguage: _language,
      host: { caFile: _caFile, ...host },
      ...rest
    } = form;
    const patch = { ...rest, host };
    // The same schema main enforces, checked here first so every message is in the user's language.
    const local = settingsSaveInput.safeParse(patch);
    if (!local.success) {
      setErrors(fieldErrors(local.error));
      setStatus({ kind: 'failed', message: t('settings.fixFields') });
      return;
    }
    setStatus({ kind: 'saving' });
    const error = await saveSettings(patch);
    if (!error) {
      setErrors({});
      setStatus({ kind: 'saved' });
      const saved = useAppStore.getState().settingsView?.settings;
      if (saved) setForm(saved);
      return;
    }
    // Changed elsewhere meanwhile (the CLI): show the current values, so a second save cannot undo that change.
    const current = useAppStore.getState().settingsView?.settings;
    if (error.code === 'conflict' && current) setForm(current);
    setErrors(error.fields ?? {});
    setStatus({
      kind: 'failed',
      message:
        error.fields && error.code !== 'conflict'
          ? t('settings.fixFields')
          : t('settings.notSaved', { problem: error.message }),
    });
  };

  const changeLanguage = async (language: UiLanguage) => {
    setForm({ ...form, uiLanguage: language });
    await saveSettings({ uiLanguage: language });
  };

  const listLabels = {
    add: t('settings.list.add'),
    remove: (item: string) => t('settings.list.remove', { item }),
    empty: t('settings.list.empty'),
    duplicate: (item: string) => t('settings.list.duplicate', { item }),
    tooLong: (length: number, max: number) => t('settings.list.tooLong', { length, max }),
  };

  return (
    <div className="screen settings">
      <header className="screen__header">
        <h1>{t('settings.title')}</h1>
        <p className="screen__intro">{t('settings.intro')}</p>
      </header>

      <section className="panel" aria-labelledby="settings-interface">
        <h2 id="settings-interface">{t('settings.section.interface')}</h2>
        <fieldset className="segmented" aria-label={t('settings.field.uiLanguage')}>
          <legend>{t('settings.field.uiLanguage')}</legend>
          {UI_LANGUAGES.map((language) => (
            <label key={language} className="segmented__option">
              <input
                type="radio"
                name="ui-language"
                value={language}
                checked={form.uiLanguage === language}
                onChange={() => void changeLanguage(language)}
              />
              <span>{language === 'nl' ? 'Nederlands' : 'English'}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <form onSubmit={submit} noValidate>
        <section className="panel" aria-labelledby="settings-host">
          <h2 id="settings-host">{t('settings.section.host')}</h2>
          <div className="grid-2">
            {HOST_FIELDS.map((key) => (
              <TextField
                key={key}
                label={t(`settings.field.${key}` as MessageKey)}
                hint={t(`settings.hint.${key}` as MessageKey, { resource: form.host.apiResource || '…' })}
                value={form.host[key]}
                onChange={(value) => setHost(key, value)}
                error={errors[`host.${key}`]}
                spellCheck={false}
                autoComplete="off"
                name={`host.${key}`}
              />
            ))}
            <CaFileChooser file={view.settings.host.caFile} />
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
                />
              </div>
            ))}
          </div>
        </section>

        <section className="panel" aria-labelledby="settings-counter">
          <h2 id="settings-counter">{t('settings.section.counter')}</h2>
          <div className="grid-2">
            <ListEditor
              label={t('settings.field.counterEmployees')}
              hint={t('settings.hint.counterEmployees', { max: QUOTE_HEADER_FIELDS.assistedBy.maxLength })}
              items={form.counterEmployees}
              maxLength={QUOTE_HEADER_FIELDS.assistedBy.maxLength}
              onChange={(counterEmployees) => setForm({ ...form, counterEmployees })}
              error={firstError(errors, 'counterEmployees')}
              labels={listLabels}
            />
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
          <section className="panel" aria-labelledby="settings-fair">
            <h2 id="settings-fair">{t('settings.section.fair')}</h2>
            <ListEditor
              label={t('settings.field.sourceLabels')}
              hint={t('settings.hint.sourceLabels', { max: QUOTE_HEADER_FIELDS.source.maxLength })}
              items={form.sourceLabels}
              maxLength={QUOTE_HEADER_FIELDS.source.maxLength}
              onChange={(sourceLabels) => setForm({ ...form, sourceLabels })}
              error={firstError(errors, 'sourceLabels')}
              refuse={(label) => {
                const verdict = settingsSchema.shape.sourceLabels.element.safeParse(label);
                return verdict.success ? undefined : `${label}: ${verdict.error.issues[0]?.message ?? ''}`;
              }}
              labels={listLabels}
            />
          </section>
          <section className="panel" aria-labelledby="settings-catalog">
            <h2 id="settings-catalog">{t('settings.section.catalog')}</h2>
            <TextField
              label={t('settings.field.catalogSyncTime')}
              // Not type="time": that shows "02:00 AM" under an English browser locale, whatever the UI language.
              hint={t('settings.hint.catalogSyncTime')}
              inputMode="numeric"
              placeholder="02:00"
              value={form.catalogSyncTime}
              onChange={(catalogSyncTime) => setForm({ ...form, catalogSyncTime })}
              error={errors.catalogSyncTime}
              name="catalogSyncTime"
            />
          </section>
          <section className="panel" aria-labelledby="settings-customer">
            <h2 id="settings-customer">{t('settings.section.customer')}</h2>
            <TextField
              label={t('settings.field.portalIdleMinutes')}
              hint={t('settings.hint.portalIdleMinutes')}
              type="number"
              value={Number.isNaN(form.portalIdleMinutes) ? '' : String(form.portalIdleMinutes)}
              onChange={(minutes) =>
                setForm({ ...form, portalIdleMinutes: minutes.trim() === '' ? Number.NaN : Number(minutes) })
              }
              error={errors.portalIdleMinutes}
              name="portalIdleMinutes"
            />
          </section>
        </div>

        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={status.kind === 'saving'}>
            {status.kind === 'saving' ? t('settings.saving') : t('settings.save')}
          </button>
          <span className={`status status--${status.kind}`} role="status" aria-live="polite">
            {status.kind === 'saved' ? t('settings.saved') : status.kind === 'failed' ? status.message : ''}
          </span>
        </div>
      </form>
    </div>
  );
}

function firstError(errors: Record<string, string>, prefix: string): string | undefined {
  const entry = Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`));
  return entry?.[1];
}

/** The extra CA file is shown, never typed: main opens its own file dialog, so no page can name a path. */
function CaFileChooser({ file }: { file: string }) {
  const t = useT();
  const chooseCaFile = useAppStore((state) => state.chooseCaFile);
  const [error, setError] = useState<BridgeError | undefined>();
  const choose = async () => setError(await chooseCaFile());
  // Said in the current language, also after a switch: the browser shell has no file chooser of main's.
  const problem = error?.code === 'not-available' ? t('settings.caFile.desktopOnly') : error?.message;
  return (
    <div className="ca-file">
      <TextField
        label={t('settings.field.caFile')}
        hint={t('settings.hint.caFile')}
        value={file}
        readOnly
        placeholder={t('settings.caFile.none')}
        name="host.caFile"
        onChange={() => {}}
      />
      <div className="secret-field__actions">
        <button type="button" className="button" onClick={() => void choose()}>
          {t('settings.caFile.choose')}
        </button>
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
}: {
  application: ApplicationName;
  isSet: boolean;
  /** Set, but for other connection settings: main will not use it until it is entered again. */
  enterAgain: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const setSecret = useAppStore((state) => state.setSecret);
  const clearSecret = useAppStore((state) => state.clearSecret);
  const [secret, setSecretText] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();

  const store = async () => {
    if (!secret) {
      setMessage({ text: t('settings.secret.empty'), error: true });
      return;
    }
    const error = await setSecret(application, secret);
    if (error) setMessage({ text: error.message, error: true });
    else {
      setSecretText('');
      setMessage({ text: t('settings.secret.saved'), error: false });
    }
  };
  const remove = async () => {
    const error = await clearSecret(application);
    setMessage(
      error ? { text: error.message, error: true } : { text: t('settings.secret.cleared'), error: false },
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
