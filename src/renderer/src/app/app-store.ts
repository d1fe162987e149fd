// One zustand store built from typed slices, one per feature (zustand's slices pattern).
import { create, type StateCreator } from 'zustand';
import type { AppInfo } from '../../../shared/bridge/settings-calls.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { setValidationLanguage } from '../../../shared/validation.ts';
import { createSettingsSlice, type SettingsSlice } from '../features/settings/settings-slice.ts';
import { createRequestsSlice, type RequestsSlice } from '../features/outbox/requests-slice.ts';
import { createCatalogSlice, type CatalogSlice } from '../features/catalog/catalog-slice.ts';
import { createCustomerSlice, type CustomerSlice } from '../features/customer/customer-slice.ts';

export const SCREENS = ['counter', 'fair', 'catalog', 'outbox', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export interface AppSlice {
  screen: Screen;
  language: UiLanguage;
  info: AppInfo | undefined;
  showScreen(screen: Screen): void;
  setLanguage(language: UiLanguage): void;
  setInfo(info: AppInfo): void;
}

export type AppState = AppSlice & SettingsSlice & RequestsSlice & CatalogSlice & CustomerSlice;
export type SliceCreator<T> = StateCreator<AppState, [], [], T>;

const createAppSlice: SliceCreator<AppSlice> = (set) => ({
  screen: 'counter',
  language: 'nl',
  info: undefined,
  showScreen: (screen) => set({ screen }),
  setLanguage: (language) => {
    document.documentElement.lang = language;
    setValidationLanguage(language);
    set({ language });
  },
  setInfo: (info) => set({ info }),
});

export const useAppStore = create<AppState>()((...args) => ({
  ...createAppSlice(...args),
  ...createSettingsSlice(...args),
  ...createRequestsSlice(...args),
  ...createCatalogSlice(...args),
  ...createCustomerSlice(...args),
}));
