import type { FeatureMessages } from '../../i18n/i18n.ts';

const en = {
  title: 'Catalog',
};

export const catalogMessages: FeatureMessages<typeof en> = {
  en,
  nl: {
    title: 'Catalogus',
  },
};
