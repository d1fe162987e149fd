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
  },
};
