// Before each renderer test: the messages installed, a fresh store (zustand's testing guide: no state leaks
// from one test to the next), no bridge until the test installs its fake. After each: the DOM unmounted,
// and every call main would have refused or that had no answer fails the test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import { startAppStore } from '../../../src/renderer/src/app/app-store.ts';
import { useAppStore } from '../../../src/renderer/src/store/use-app-store.ts';
import { messageCatalogs } from '../../../src/renderer/src/app/message-catalogs.ts';
import { installMessages } from '../../../src/renderer/src/i18n/i18n.ts';
import { currentFake, removeFake } from './renderer-harness.ts';

installMessages(messageCatalogs);

// `findBy…` and `waitFor` give up after this long. Testing Library's default, one second, was outlasted by
// a first render of the Settings screen in happy-dom with every core busy (scripts/stress-vitest.sh); a
// wait that succeeds returns as soon as it does, so only a failing test waits the whole time.
configure({ asyncUtilTimeout: 10_000 });

// The screens the frame loads on their first visit (`LATER_SCREENS`, app-frame.tsx), loaded here before
// any test: a first visit otherwise waits for their transform, which on a loaded machine outlasted a
// query's wait, and the frame's idle-time fetch of them could still be running when a file's environment
// was torn down. Files share one module cache, so this costs once per worker.
await Promise.all([
  import('../../../src/renderer/src/features/fair/fair-screen.tsx'),
  import('../../../src/renderer/src/features/catalog/catalog-screen.tsx'),
  import('../../../src/renderer/src/features/outbox/outbox-screen.tsx'),
  import('../../../src/renderer/src/features/settings/settings-screen.tsx'),
  import('../../../src/renderer/src/features/catalog/sync-bar.tsx'),
]);

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
