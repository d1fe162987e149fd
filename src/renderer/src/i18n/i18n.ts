// Every visible string goes through t(). Messages live beside their feature; app/message-catalogs.ts joins
// them, and the types here check that Dutch and English have the same keys.
import { useCallback } from 'react';
import type { UiLanguage } from '../../../shared/settings.ts';
import { useAppStore } from '../store/use-app-store.ts';
import type { MessageCatalogs } from '../app/message-catalogs.ts';

export type MessageTable = Record<string, string>;
export interface FeatureMessages<T extends MessageTable> {
  en: T;
  nl: { [K in keyof T]: string };
}

let catalogs: MessageCatalogs | undefined;

/** The app installs every feature's messages at start (app/message-catalogs.ts); i18n imports no feature. */
export function installMessages(messages: MessageCatalogs): void {
  catalogs = messages;
}

type Catalogs = MessageCatalogs;
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
  if (!catalogs) return key;
  const table: MessageTable = catalogs[feature][language];
  const template = table[name] ?? (catalogs[feature].en as MessageTable)[name] ?? key;
  return values
    ? template.replace(/\{(\w+)\}/g, (match, word: string) => String(values[word] ?? match))
    : template;
}

/** The UI language, for the numbers and dates written beside `useT`'s words. */
export function useLanguage(): UiLanguage {
  return useAppStore((state) => state.language);
}

export function useT(): Translate {
  const language = useAppStore((state) => state.language);
  return useCallback<Translate>((key, values) => translate(language, key, values), [language]);
}
