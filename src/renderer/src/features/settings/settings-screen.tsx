// Settings: counter staff's own choices (language, employees, events) for everyone; the connection and
// the rest behind the administrator section (admin-section.tsx), which main locks with the PIN.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { SettingsView } from '../../../../shared/bridge/settings-calls.ts';
import { QUOTE_HEADER_FIELDS } from '../../../../shared/contract/request-fields.ts';
import { UI_LANGUAGES, needsSetup, settingsSchemas, type UiLanguage } from '../../../../shared/settings.ts';
import { ListEditor } from '../../components/list-editor.tsx';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { AdminSection } from './admin-section.tsx';
import { SaveActions } from './save-actions.tsx';
import { useSettingsSave } from './settings-save.ts';
import { SetupGuide } from './setup-guide.tsx';
import { SlipPrinterSection } from './slip-printer-section.tsx';
import { SupportSection } from './support-section.tsx';
import { PolicyBanner } from './policy-lock.tsx';
import './settings.css';

/**
 * `catalogSync`: the catalog's sync status with "Sync now", and "Sync anyway" after a sync was refused for
 * losing a whole kind of rows, so an administrator finds it where the rest of the desk is set up.
 */
export function SettingsScreen({ catalogSync }: { catalogSync: ReactNode }) {
  const t = useT();
  const view = useAppStore((state) => state.settingsView);
  const adminStatus = useAppStore((state) => state.adminStatus);
  const loadAdminStatus = useAppStore((state) => state.loadAdminStatus);
  const lockAdmin = useAppStore((state) => state.lockAdmin);

  // Leaving Settings locks the administrator section again (main also locks it after a while unused).
  useEffect(() => {
    void loadAdminStatus();
    return () => void lockAdmin();
  }, [loadAdminStatus, lockAdmin]);

  if (!view || !adminStatus) return <p className="screen__loading">{t('app.loading')}</p>;
  return (
    <div className="screen settings">
      <header className="screen__header">
        <h1>{t('settings.title')}</h1>
        <p className="screen__intro">{t('settings.intro')}</p>
      </header>
      <PolicyBanner policy={view.policy} />
      {view.fileProblem ? (
        <p className="banner banner--warning" role="alert" data-testid="settings-file-problem">
          {view.fileProblem.fields.length
            ? t('settings.fileProblem', {
                fields: view.fileProblem.fields.map((field) => `${field.name} (${field.problem})`).join(', '),
                keptAs: view.fileProblem.keptAs,
              })
            : t('settings.fileUnreadable', {
                reason: view.fileProblem.reason,
                keptAs: view.fileProblem.keptAs,
              })}
        </p>
      ) : null}
      {needsSetup(view.settings) ? <SetupGuide /> : null}
      <LanguageChoice language={view.settings.uiLanguage} />
      <StaffChoicesForm view={view} />
      <SlipPrinterSection />
      <section className="panel" aria-labelledby="settings-catalog-sync">
        <h2 id="settings-catalog-sync">{t('settings.section.catalogSync')}</h2>
        {catalogSync}
      </section>
      <AdminSection view={view} status={adminStatus} />
      <SupportSection />
    </div>
  );
}

function LanguageChoice({ language }: { language: UiLanguage }) {
  const t = useT();
  const saveSettings = useAppStore((state) => state.saveSettings);
  return (
    <section className="panel" aria-labelledby="settings-interface">
      <h2 id="settings-interface">{t('settings.section.interface')}</h2>
      <fieldset className="segmented" aria-label={t('settings.field.uiLanguage')}>
        <legend>{t('settings.field.uiLanguage')}</legend>
        {UI_LANGUAGES.map((choice) => (
          <label key={choice} className="segmented__option">
            <input
              type="radio"
              name="ui-language"
              value={choice}
              checked={language === choice}
              onChange={() => void saveSettings({ uiLanguage: choice })}
            />
            <span>{choice === 'nl' ? 'Nederlands' : 'English'}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** The names offered at the counter and the trade-fair events: counter staff keep these themselves. */
function StaffChoicesForm({ view }: { view: SettingsView }) {
  const t = useT();
  const [counterEmployees, setCounterEmployees] = useState(view.settings.counterEmployees);
  const [sourceLabels, setSourceLabels] = useState(view.settings.sourceLabels);
  const { errors, status, save } = useSettingsSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const shown = await save({ counterEmployees, sourceLabels });
    if (shown) {
      setCounterEmployees(shown.counterEmployees);
      setSourceLabels(shown.sourceLabels);
    }
  };

  const listLabels = {
    add: t('settings.list.add'),
    remove: (item: string) => t('settings.list.remove', { item }),
    empty: t('settings.list.empty'),
    duplicate: (item: string) => t('settings.list.duplicate', { item }),
    tooLong: (length: number, max: number) => t('settings.list.tooLong', { length, max }),
  };

  return (
    <form onSubmit={submit} noValidate>
      <section className="panel" aria-labelledby="settings-staff">
        <h2 id="settings-staff">{t('settings.section.staff')}</h2>
        <p className="field__hint">{t('settings.staff.intro')}</p>
        <div className="grid-2">
          <ListEditor
            label={t('settings.field.counterEmployees')}
            hint={t('settings.hint.counterEmployees', { max: QUOTE_HEADER_FIELDS.assistedBy.maxLength })}
            items={counterEmployees}
            maxLength={QUOTE_HEADER_FIELDS.assistedBy.maxLength}
            onChange={setCounterEmployees}
            error={firstError(errors, 'counterEmployees')}
            labels={listLabels}
          />
          <ListEditor
            label={t('settings.field.sourceLabels')}
            hint={t('settings.hint.sourceLabels', { max: QUOTE_HEADER_FIELDS.source.maxLength })}
            items={sourceLabels}
            maxLength={QUOTE_HEADER_FIELDS.source.maxLength}
            onChange={setSourceLabels}
            error={firstError(errors, 'sourceLabels')}
            refuse={(label) => {
              const verdict = settingsSchemas().settings.shape.sourceLabels.element.safeParse(label);
              return verdict.success ? undefined : `${label}: ${verdict.error.issues[0]?.message ?? ''}`;
            }}
            labels={listLabels}
          />
        </div>
        <SaveActions label={t('settings.staff.save')} status={status} />
      </section>
    </form>
  );
}

function firstError(errors: Record<string, string>, prefix: string): string | undefined {
  const entry = Object.entries(errors).find(([key]) => key === prefix || key.startsWith(`${prefix}.`));
  return entry?.[1];
}
