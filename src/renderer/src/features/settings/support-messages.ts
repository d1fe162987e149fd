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
  'updates.title': 'Updates',
  'updates.channel': 'Channel',
  'updates.folder': 'Update folder',
  'updates.state': 'State',
  'updates.lastCheck': 'Last checked',
  'updates.nextCheck': 'Next check',
  'updates.setBy': "Set by this computer's policy ({file}).",
  'updates.channel.latest': 'latest (releases)',
  'updates.channel.beta': 'beta (betas and releases)',
  'updates.off': "Off: no update folder set by this computer's policy.",
  'updates.offInvalid': "Off: this computer's policy cannot be used.",
  'updates.unavailable.shell': 'Not here: only the installed desktop app updates itself.',
  'updates.unavailable.notInstalled': 'This build is not installed and does not update itself.',
  'updates.waiting': 'The first check comes shortly after start.',
  'updates.checking': 'Checking the update folder…',
  'updates.upToDate': 'Up to date: {version} is the newest.',
  'updates.downloading': 'Downloading version {version}…',
  'updates.downloadingPercent': 'Downloading version {version}: {percent}%',
  'updates.ready': 'Version {version} is ready: it installs when you quit VOA Desk.',
  'updates.deferred.delivery':
    'Restart waits: a request is being delivered now. It can go once the delivery has ended.',
  'updates.deferred.sync':
    'Restart waits: the catalog is being synced. It can go once the sync has finished.',
  'updates.refused.olderVersion':
    'Version {version} in the update folder is older than this one ({current}): it is not installed.',
  'updates.refused.olderSchema':
    'Version {version} knows an older {database} (schema {theirs}) than this computer has (schema {ours}): it could not open the data, so it is not installed.',
  'updates.error.unreachable': 'The update folder cannot be reached.',
  'updates.error.notFound': 'The update folder has no update file for the {channel} channel.',
  'updates.error.notTrusted':
    'The download cannot be trusted (its signature or checksum does not match): it is not installed.',
  'updates.error.other': 'Checking for updates did not work.',
  'updates.checkNow': 'Check now',
  'updates.restartNow': 'Restart now',
  'updates.restarting': 'VOA Desk restarts to install the update…',
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
    'updates.title': 'Updates',
    'updates.channel': 'Kanaal',
    'updates.folder': 'Updatemap',
    'updates.state': 'Status',
    'updates.lastCheck': 'Laatst gecontroleerd',
    'updates.nextCheck': 'Volgende controle',
    'updates.setBy': 'Vastgelegd door het beleid van deze computer ({file}).',
    'updates.channel.latest': 'latest (releases)',
    'updates.channel.beta': 'beta (bèta’s en releases)',
    'updates.off': 'Uit: het beleid van deze computer noemt geen updatemap.',
    'updates.offInvalid': 'Uit: het beleid van deze computer kan niet worden gebruikt.',
    'updates.unavailable.shell': 'Niet hier: alleen de geïnstalleerde desktop-app werkt zichzelf bij.',
    'updates.unavailable.notInstalled': 'Deze build is niet geïnstalleerd en werkt zichzelf niet bij.',
    'updates.waiting': 'De eerste controle volgt kort na het starten.',
    'updates.checking': 'De updatemap wordt gecontroleerd…',
    'updates.upToDate': 'Bijgewerkt: {version} is de nieuwste.',
    'updates.downloading': 'Versie {version} wordt gedownload…',
    'updates.downloadingPercent': 'Versie {version} wordt gedownload: {percent}%',
    'updates.ready': 'Versie {version} staat klaar: die wordt geïnstalleerd wanneer u VOA Desk afsluit.',
    'updates.deferred.delivery':
      'Herstarten wacht: er wordt nu een aanvraag afgeleverd. Het kan zodra die aflevering klaar is.',
    'updates.deferred.sync':
      'Herstarten wacht: de catalogus wordt nu gesynchroniseerd. Het kan zodra de synchronisatie klaar is.',
    'updates.refused.olderVersion':
      'Versie {version} in de updatemap is ouder dan deze ({current}): die wordt niet geïnstalleerd.',
    'updates.refused.olderSchema':
      'Versie {version} kent een oudere {database} (schema {theirs}) dan op deze computer staat (schema {ours}): die kan de gegevens niet openen en wordt niet geïnstalleerd.',
    'updates.error.unreachable': 'De updatemap is niet bereikbaar.',
    'updates.error.notFound': 'De updatemap heeft geen updatebestand voor het kanaal {channel}.',
    'updates.error.notTrusted':
      'De download is niet te vertrouwen (handtekening of controlegetal klopt niet): die wordt niet geïnstalleerd.',
    'updates.error.other': 'Zoeken naar updates lukte niet.',
    'updates.checkNow': 'Nu controleren',
    'updates.restartNow': 'Nu herstarten',
    'updates.restarting': 'VOA Desk herstart om de update te installeren…',
  },
};
