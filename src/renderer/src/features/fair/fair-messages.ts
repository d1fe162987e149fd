import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'Trade fair',
};

export const fairMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Beurs',
  },
};
