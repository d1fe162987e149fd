import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  appName: 'VOA Desk',
  navLabel: 'Main navigation',
  'screen.counter': 'Counter',
  'screen.fair': 'Trade fair',
  'screen.catalog': 'Catalog',
  'screen.outbox': 'Outbox',
  'screen.settings': 'Settings',
  shortcutHint: 'Alt+{number}',
  bridgeMissing:
    'VOA Desk cannot reach its core. Start it with `npm start` (desktop) or `npm run demo` (browser shell).',
  shellBrowser: 'browser shell',
  shellElectron: 'desktop',
  profile: 'Profile {profile}',
  loading: 'Loading…',
  'header.online': 'Online',
  'header.offline': 'Offline',
  'header.unknown': 'Not yet connected',
  'header.paused': 'Paused',
  'header.queued': '{count} to send',
  'header.attention': '{count} need attention',
  'header.title': 'Open the outbox',
};

export const appMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    appName: 'VOA Desk',
    navLabel: 'Hoofdnavigatie',
    'screen.counter': 'Balie',
    'screen.fair': 'Beurs',
    'screen.catalog': 'Catalogus',
    'screen.outbox': 'Verzendlijst',
    'screen.settings': 'Instellingen',
    shortcutHint: 'Alt+{number}',
    bridgeMissing:
      'VOA Desk kan zijn kern niet bereiken. Start met `npm start` (desktop) of `npm run demo` (browsershell).',
    shellBrowser: 'browsershell',
    shellElectron: 'desktop',
    profile: 'Profiel {profile}',
    loading: 'Laden…',
    'header.online': 'Online',
    'header.offline': 'Offline',
    'header.unknown': 'Nog geen verbinding',
    'header.paused': 'Gepauzeerd',
    'header.queued': '{count} te verzenden',
    'header.attention': '{count} vragen aandacht',
    'header.title': 'Open de verzendlijst',
  },
};
