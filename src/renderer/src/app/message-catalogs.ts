// Every feature's messages, joined under their prefix: `t('catalog.title')` reads catalogMessages.
import { appMessages } from './app-messages.ts';
import { catalogMessages } from '../features/catalog/catalog-messages.ts';
import { counterMessages } from '../features/counter/counter-messages.ts';
import { customerMessages } from '../features/customer/customer-messages.ts';
import { fairMessages } from '../features/fair/fair-messages.ts';
import { outboxMessages } from '../features/outbox/outbox-messages.ts';
import { inputMessages } from '../request-form/input-messages.ts';
import { requestFormMessages } from '../request-form/request-form-messages.ts';
import { flowMessages } from '../request-form/flow-messages.ts';
import { settingsMessages } from '../features/settings/settings-messages.ts';
import { supportMessages } from '../features/settings/support-messages.ts';
import { dateFieldMessages } from '../components/date-field-messages.ts';
import { problemMessages } from '../components/problem-messages.ts';
import { liveStockMessages } from '../components/live-stock-messages.ts';

export const messageCatalogs = {
  app: appMessages,
  settings: settingsMessages,
  support: supportMessages,
  counter: counterMessages,
  fair: fairMessages,
  requestForm: requestFormMessages,
  flow: flowMessages,
  input: inputMessages,
  outbox: outboxMessages,
  catalog: catalogMessages,
  customer: customerMessages,
  dateField: dateFieldMessages,
  problem: problemMessages,
  liveStock: liveStockMessages,
};

export type MessageCatalogs = typeof messageCatalogs;
