// A sync refused before the swap because a whole kind of rows came back empty: the sync bar says why,
// and a person who knows the loss is real forces the sync, after saying so twice.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { AppFrame } from '../../src/renderer/src/app/app-frame.tsx';
import { SyncBar } from '../../src/renderer/src/features/catalog/sync-bar.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import type { SyncRunSummary } from '../../src/shared/contract/catalog-search.ts';
import { emptyPageKindCounts } from '../../src/shared/contract/catalog-search.ts';
import { installFake } from './support/renderer-harness.ts';

const refused: SyncRunSummary = {
  id: 7,
  trigger: 'manual',
  startedAt: '2026-11-27T02:00:00.000Z',
  finishedAt: '2026-11-27T02:01:00.000Z',
  outcome: 'failed',
  message:
    'The host sent no categories at all, where the last sync had 20 categories. The catalog was not replaced.',
  pages: 40,
  rows: { ...emptyPageKindCounts(), items: 1200, variants: 9000 },
  durationMs: 60_000,
  steel: true,
  changes: undefined,
  refusedSteelPages: [],
  damagedCatalogMovedTo: undefined,
  failure: { reason: 'catalogShrank', hostWords: undefined, missingSettings: undefined },
};

/** The fake bridge's answers: the last sync was refused, and a new one starts when asked. */
const refusedSync = {
  'sync:status': () => ({
    running: undefined,
    otherSync: undefined,
    last: refused,
    lastSuccess: undefined,
    nextScheduledAt: undefined,
    notConfigured: undefined,
  }),
  'sync:start': () => ({ runId: 8, alreadyRunning: false }),
};

it('offers "Toch synchroniseren…" after a catalog that lost a kind, and starts a forced sync only when confirmed', async () => {
  const fake = installFake('nl', {
    ...refusedSync,
  });
  await useAppStore.getState().loadSettings();
  await useAppStore.getState().initCatalog();
  render(<SyncBar />);
  const failure = await screen.findByTestId('sync-failure');
  expect(failure).toHaveTextContent('dus de catalogus is niet vervangen');

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Toch synchroniseren…' }));
  // The safe answer has the focus.
  expect(screen.getByRole('button', { name: 'Catalogus houden' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(fake.calls.filter((call) => call.channel === 'sync:start')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Toch synchroniseren…' }));
  await user.click(screen.getByRole('button', { name: 'Ja, vervangen' }));
  expect(fake.calls.filter((call) => call.channel === 'sync:start').map((call) => call.input)).toEqual([
    { force: true },
  ]);
});

it('offers the same forced sync on the Settings screen, where an administrator sets up the desk', async () => {
  const fake = installFake('nl', {
    ...refusedSync,
    'admin:status': () => ({ pinSet: false, unlocked: true, retryInMs: 0 }),
    'admin:lock': () => ({ pinSet: false, unlocked: true, retryInMs: 0 }),
    'print:printers': () => ({ printers: [] }),
    'support:about': () => ({
      version: '0.1.0',
      buildDate: null,
      commit: 'test',
      electron: undefined,
      node: 'v24.0.0',
      os: 'linux',
      logsDir: '/tmp/logs',
      desktop: false,
    }),
  });
  await useAppStore.getState().loadSettings();
  await useAppStore.getState().initCatalog();
  useAppStore.getState().showScreen('settings');
  render(<AppFrame />);
  const section = await screen.findByRole('region', { name: 'Catalogus synchroniseren' });
  expect(within(section).getByTestId('sync-failure')).toHaveTextContent('dus de catalogus is niet vervangen');

  const user = userEvent.setup();
  await user.click(within(section).getByRole('button', { name: 'Toch synchroniseren…' }));
  await user.click(within(section).getByRole('button', { name: 'Ja, vervangen' }));
  expect(fake.calls.filter((call) => call.channel === 'sync:start').map((call) => call.input)).toEqual([
    { force: true },
  ]);
});
