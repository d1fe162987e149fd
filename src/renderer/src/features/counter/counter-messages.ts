import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'Counter',
};

export const counterMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Balie',
  },
};
