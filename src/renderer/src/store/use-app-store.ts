// The one hook every screen and component reads the store through. The store itself is built in
// app/app-store.ts from the features' slices and installed here at start, so features and components
// never import the app layer (which imports them) and tests can install a fresh store before each test.
import { useStore, type StoreApi } from 'zustand';
import type { AppState } from '../app/app-store.ts';

let installed: StoreApi<AppState> | undefined;

export function installAppStore(store: StoreApi<AppState>): void {
  installed = store;
}

function current(): StoreApi<AppState> {
  if (!installed)
    throw new Error('No app store installed: app/app-store.ts installs one before the first render.');
  return installed;
}

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(current(), selector);
}

/** Reads the state outside React (event handlers, start-up). */
useAppStore.getState = (): AppState => current().getState();

/** Calls `listener` after every change (tests wait on a state this way instead of sleeping). */
useAppStore.subscribe = (listener: (state: AppState) => void): (() => void) => current().subscribe(listener);
