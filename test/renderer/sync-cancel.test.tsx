// Cancel on the sync bar says what it comes to: once the new catalog is being put in place, main can no
// longer stop the sync, so the bar offers no "Annuleren" then, and a cancel main answered "too late" says
// so, during the run and after it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { SyncBar } from '../../src/renderer/src/features/catalog/sync-bar.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import {
  emptyPageKindCounts,
  type SyncProgress,
  type SyncRunSummary,
} from '../../src/shared/contract/catalog-search.ts';
import type { UiLanguage } from '../../src/shared/settings.ts';
import { installFake, NO_SYNC, syncRun } from './support/renderer-harness.ts';

const rows = { ...emptyPageKindCounts(), categories: 20, items: 1200, variants: 9000 };

const progress = (phase: SyncProgress['phase']): SyncProgress => ({
  runId: 8,
  trigger: 'manual',
  startedAt: '2026-11-27T10:00:00.000Z',
  pageKind: undefined,
  pages: 40,
  rows,
  rowsTotal: 10_220,
  expectedRows: 10_220,
  phase,
  waiting: undefined,
});

const succeeded = syncRun({
  id: 8,
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:01:00.000Z',
  pages: 40,
  rows,
});

/** The sync bar on a desk whose sync is in `phase`, main answering a cancel with `answer`. */
async function barDuring(
  phase: SyncProgress['phase'],
  answer: { cancelled: boolean; tooLate: boolean },
  language: UiLanguage = 'nl',
) {
  const fake = installFake(language, {
    'sync:status': () => ({ ...NO_SYNC, running: progress(phase) }),
    'sync:cancel': () => answer,
  });
  await useAppStore.getState().loadSettings();
  await useAppStore.getState().initCatalog();
  render(<SyncBar />);
  await screen.findByTestId('sync-progress');
  return fake;
}

it('offers no "Annuleren" while the new catalog is being put in place, and says why', async () => {
  await barDuring('swapping', { cancelled: false, tooLate: true });
  const bar = screen.getByTestId('sync-progress');
  expect(bar).toHaveTextContent('Catalogus vervangen');
  expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent(
    'Te laat om te annuleren: de nieuwe catalogus wordt al geplaatst.',
  );
});

it('"Annuleren" answered "too late" says so during the sync, and after it that the new catalog is in use', async () => {
  const fake = await barDuring('finishing', { cancelled: false, tooLate: true });
  expect(screen.getByTestId('sync-progress')).toHaveTextContent('Afronden: index en wijzigingen');

  await userEvent.setup().click(screen.getByRole('button', { name: 'Annuleren' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Te laat om te annuleren: de nieuwe catalogus wordt al geplaatst.',
  );
  expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();

  fake.handle('sync:status', () => ({ ...NO_SYNC, last: succeeded, lastSuccess: succeeded }));
  act(() => fake.emit('sync:finished', succeeded));
  const status = await screen.findByTestId('sync-status');
  expect(status).toHaveTextContent('Geslaagd');
  expect(status).toHaveTextContent(
    'Annuleren kwam te laat: de nieuwe catalogus werd al geplaatst en is nu in gebruik.',
  );
});

it('in English: "Cancel" answered "too late" says the new catalog is being put in place', async () => {
  await barDuring('finishing', { cancelled: false, tooLate: true }, 'en');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Too late to cancel: the new catalog is being put in place.',
  );
});

it('"Annuleren" that main honours says nothing of too late, and the cancelled run is told as such', async () => {
  const fake = await barDuring('finishing', { cancelled: true, tooLate: false });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Annuleren' }));
  await fake.settled();
  expect(screen.queryByText(/te laat/i)).toBeNull();

  const cancelled: SyncRunSummary = {
    ...succeeded,
    outcome: 'cancelled',
    message: 'The sync was cancelled; the catalog before it was kept.',
  };
  fake.handle('sync:status', () => ({ ...NO_SYNC, last: cancelled }));
  act(() => fake.emit('sync:finished', cancelled));
  expect(await screen.findByTestId('sync-failure')).toHaveTextContent(
    'De laatste synchronisatie is geannuleerd. De catalogus van daarvoor blijft bewaard.',
  );
  expect(screen.queryByText(/te laat/i)).toBeNull();
});

it('by keyboard: Enter on "Annuleren" answered "too late" leaves the cursor on the note that takes its place', async () => {
  await barDuring('finishing', { cancelled: false, tooLate: true });
  const user = userEvent.setup();
  screen.getByRole('button', { name: 'Annuleren' }).focus();
  await user.keyboard('{Enter}');
  const note = await screen.findByRole('status');
  expect(note).toHaveTextContent('Te laat om te annuleren');
  expect(note).toHaveFocus();
});

it('a sync reaching its swap takes the cursor from nobody: the note takes it only from "Annuleren"', async () => {
  const fake = await barDuring('finishing', { cancelled: false, tooLate: true });
  expect(screen.getByRole('button', { name: 'Annuleren' })).not.toHaveFocus();
  fake.handle('sync:status', () => ({ ...NO_SYNC, running: progress('swapping') }));
  act(() => fake.emit('sync:progress', progress('swapping')));
  const note = await screen.findByRole('status');
  expect(note).toHaveTextContent('Te laat om te annuleren');
  expect(note).not.toHaveFocus();
});
