import type { FeatureMessages } from '../i18n/i18n.ts';

const en = {
  counter: 'The quick-quote form for walk-in customers arrives here.',
  fair: 'Quote and account requests for trade fairs arrive here.',
  catalog: 'The local catalog, with search and sync status, arrives here.',
  outbox: 'Every submission with its delivery state arrives here.',
  comingSoon: 'Not yet available in this version',
};

export const placeholderMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    counter: 'Hier komt het snelle offerteformulier voor baliebezoekers.',
    fair: 'Hier komen offerte- en accountaanvragen voor beurzen.',
    catalog: 'Hier komt de lokale catalogus, met zoeken en de synchronisatiestatus.',
    outbox: 'Hier komt elke inzending met haar verzendstatus.',
    comingSoon: 'Nog niet beschikbaar in deze versie',
  },
};
