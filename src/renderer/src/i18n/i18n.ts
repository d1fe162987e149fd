// Every visible string goes through t(). Messages live beside their feature; this module joins them and
// checks (by type) that Dutch and English have the same keys.
import { useCallback } from 'react';
import type { UiLanguage } from '../../../shared/settings.ts';
import { useAppStore } from '../app/app-store.ts';
import { appMessages } from '../app/app-messages.ts';
import { settingsMessages } from '../features/settings/settings-messages.ts';
import { placeholderMessages } from '../features/placeholder-messages.ts';
import { counterMessages } from '../features/counter/counter-messages.ts';
import { fairMessages } from '../features/fair/fair-messages.ts';
import { outboxMessages } from '../features/outbox/outbox-messages.ts';
import { catalogMessages } from '../features/catalog/catalog-messages.ts';
import { customerMessages } from '../features/customer/customer-messages.ts';

export type MessageTable = Record<string, string>;
export interface FeatureMessages<T extends MessageTable> {
  en: T;
  nl: { [K in keyof T]: string };
}

const catalogs = {
  app: appMessages,
  settings: settingsMessages,
  placeholder: placeholderMessages,
  counter: counterMessages,
  fair: fairMessages,
  outbox: outboxMessages,
  catalog: catalogMessages,
  customer: customerMessages,
};

type Catalogs = typeof catalogs;
export type MessageKey = {
  [F in keyof Catalogs]: `${F & string}.${keyof Catalogs[F]['en'] & string}`;
}[keyof Catalogs];

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translate(
  language: UiLanguage,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  const dot = key.indexOf('.');
  const feature = key.slice(0, dot) as keyof Catalogs;
  const name = key.slice(dot + 1);
  const table = catalogs[feature][language] as MessageTable;
  const template = table[name] ?? (catalogs[feature].en as MessageTable)[name] ?? key;
  return values
    ? template.replace(/\{(\w+)\}/g, (match, word: string) => String(values[word] ?? match))
    : template;
}

export function useT(): Translate {
  const language = useAppStore((state) => state.language);
  return useCallback<Translate>((key, values) => translate(language, key, values), [language]);
}
