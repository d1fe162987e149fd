// One zustand store built from typed slices, one per feature (zustand's slices pattern). It is installed
// into store/use-app-store.ts, the only way the layers below reach it.
import { createStore, type StateCreator, type StoreApi } from 'zustand/vanilla';
import type { AppInfo } from '../../../shared/bridge/settings-calls.ts';
import type { HostReachability } from '../../../shared/bridge/host-calls.ts';
import { readUnlessOvertaken, voa } from '../bridge/voa.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { setValidationLanguage } from '../../../shared/validation.ts';
import { createSettingsSlice, type SettingsSlice } from '../features/settings/settings-slice.ts';
import { createRequestFormSlice, type RequestFormSlice } from '../request-form/request-form-slice.ts';
import { createOutboxSlice, type OutboxSlice } from '../features/outbox/outbox-slice.ts';
import { installAppStore } from '../store/use-app-store.ts';
import { keepInSession, recalled } from '../store/session-memory.ts';
import { createCatalogSlice, type CatalogSlice } from '../features/catalog/catalog-slice.ts';
import { createCustomerSlice, type CustomerSlice } from '../features/customer/customer-slice.ts';

export const SCREENS = ['counter', 'fair', 'catalog', 'outbox', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];

export interface AppSlice {
  screen: Screen;
  /**
   * Goes up each time a screen is chosen (Alt+1…5, the navigation), even the one already shown: the
   * screen then puts the cursor where its work starts.
   */
  screenVisit: number;
  language: UiLanguage;
  info: AppInfo | undefined;
  /** What last reached the host (a sync, a token, a delivery), for the header; undefined until known. */
  hostReach: HostReachability | undefined;
  /** Follows main's reports of the host being reached, from start. */
  followHostReach(): Promise<void>;
  showScreen(screen: Screen): void;
  setLanguage(language: UiLanguage): void;
  setInfo(info: AppInfo): void;
}

export type AppState = AppSlice &
  SettingsSlice &
  RequestFormSlice &
  OutboxSlice &
  CatalogSlice &
  CustomerSlice;
export type SliceCreator<T> = StateCreator<AppState, [], [], T>;

const createAppSlice: SliceCreator<AppSlice> = (set) => ({
  // A reload comes back to the screen that was open.
  screen: recalled('screen', SCREENS, 'counter'),
  screenVisit: 0,
  language: 'nl',
  info: undefined,
  hostReach: undefined,
  followHostReach: async () => {
    voa.on('host:reached', (hostReach) => set({ hostReach }));
    const current = await readUnlessOvertaken('host:reached', () => voa.host.reachability({}));
    if (current?.ok) set({ hostReach: current.value });
  },
  showScreen: (screen) => {
    keepInSession('screen', screen);
    set((state) => ({ screen, screenVisit: state.screenVisit + 1 }));
  },
  setLanguage: (language) => {
    document.documentElement.lang = language;
    setValidationLanguage(language);
    set({ language });
  },
  setInfo: (info) => set({ info }),
});

/** A fresh store with every slice in its initial state (the app at start, each renderer test). */
export function createAppStore(): StoreApi<AppState> {
  return createStore<AppState>()((...args) => ({
    ...createAppSlice(...args),
    ...createSettingsSlice(...args),
    ...createRequestFormSlice(...args),
    ...createOutboxSlice(...args),
    ...createCatalogSlice(...args),
    ...createCustomerSlice(...args),
  }));
}

/** Builds the store and makes it the one the screens read. */
export function startAppStore(): StoreApi<AppState> {
  const store = createAppStore();
  installAppStore(store);
  return store;
}
