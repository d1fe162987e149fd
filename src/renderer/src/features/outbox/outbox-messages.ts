import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'Outbox',
};

export const outboxMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Verzendlijst',
  },
};
