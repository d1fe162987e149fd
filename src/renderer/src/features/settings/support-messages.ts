import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'About and support',
  version: 'Version',
  build: 'Build',
  commit: 'Commit',
  runtime: 'Runs on',
  logsFolder: 'Log files',
  openLogs: 'Open the log folder',
  notBuilt: 'not built (run from the source code)',
  openLogsDesktopOnly: 'The desktop app opens this folder for you.',
  saveBundle: 'Save support bundle',
  saving: 'Saving…',
  bundleHint:
    'One zip for support: the logs, crash reports, versions, settings without secrets, and the outbox and sync summaries. No customer data, no secrets.',
  bundleSaved: 'Support bundle saved: {file} ({entries} files, {size}).',
  bundleCancelled: 'Not saved.',
  failed: 'That did not work: {problem}',
  'policy.active':
    "Fields marked as such are set by this computer's policy ({file}) and cannot be changed here.",
  'policy.invalid':
    "This computer's policy ({file}) cannot be used: {problem}. VOA Desk does not connect to the ERP until an administrator fixes the file.",
  'policy.locked': "Set by this computer's policy ({file})",
  'field.retentionDays': 'Remove customer data of delivered requests after (days)',
  'hint.retentionDays':
    'Names, e-mail addresses, phone numbers, addresses and remarks go; the request number, dates and employee stay. 1 to 3650 days, default 30',
};

export const supportMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Over VOA Desk en ondersteuning',
    version: 'Versie',
    build: 'Gebouwd',
    commit: 'Commit',
    runtime: 'Draait op',
    logsFolder: 'Logbestanden',
    openLogs: 'Logmap openen',
    notBuilt: 'niet gebouwd (gestart vanuit de broncode)',
    openLogsDesktopOnly: 'De desktop-app opent deze map voor u.',
    saveBundle: 'Supportbundel opslaan',
    saving: 'Opslaan…',
    bundleHint:
      'Eén zip voor ondersteuning: de logs, crashrapporten, versies, instellingen zonder geheimen, en overzichten van de uitbox en de synchronisatie. Geen klantgegevens, geen geheimen.',
    bundleSaved: 'Supportbundel opgeslagen: {file} ({entries} bestanden, {size}).',
    bundleCancelled: 'Niet opgeslagen.',
    failed: 'Dat lukte niet: {problem}',
    'policy.active':
      'Velden die dat zeggen zijn vastgelegd door het beleid van deze computer ({file}) en kunnen hier niet worden gewijzigd.',
    'policy.invalid':
      'Het beleid van deze computer ({file}) kan niet worden gebruikt: {problem}. VOA Desk maakt geen verbinding met het ERP tot de beheerder het bestand herstelt.',
    'policy.locked': 'Vastgelegd door het beleid van deze computer ({file})',
    'field.retentionDays': 'Klantgegevens van afgeleverde aanvragen verwijderen na (dagen)',
    'hint.retentionDays':
      'Namen, e-mailadressen, telefoonnummers, adressen en opmerkingen gaan weg; het aanvraagnummer, de datums en de medewerker blijven. 1 tot 3650 dagen, standaard 30',
  },
};
