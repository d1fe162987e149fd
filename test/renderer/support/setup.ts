// Before each renderer test: the messages installed, a fresh store (zustand's testing guide: no state leaks
// from one test to the next), no bridge until the test installs its fake. After each: the DOM unmounted,
// and every call main would have refused or that had no answer fails the test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { startAppStore } from '../../../src/renderer/src/app/app-store.ts';
import { useAppStore } from '../../../src/renderer/src/store/use-app-store.ts';
import { messageCatalogs } from '../../../src/renderer/src/app/message-catalogs.ts';
import { installMessages } from '../../../src/renderer/src/i18n/i18n.ts';
import { currentFake, removeFake } from './renderer-harness.ts';

installMessages(messageCatalogs);

beforeEach(() => {
  startAppStore();
});

afterEach(async () => {
  cleanup();
  // Drafts waiting for their save go out now, to this test's fake, not later to no bridge at all.
  await useAppStore.getState().saveDraftsNow();
  await currentFake()?.settled();
  const problems = currentFake()?.problems ?? [];
  removeFake();
  expect(problems, 'bridge calls the fake could not answer or main would refuse').toEqual([]);
});
