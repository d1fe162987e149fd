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
  },
};
