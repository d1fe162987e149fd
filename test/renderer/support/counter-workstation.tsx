// A counter workstation for component tests: an employee chosen, a consent version set, one beam in the
// local catalog, and the counter screen rendered over the fake main.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { Profiler, type ReactElement, type ReactNode } from 'react';
import type { OutboxItemView } from '../../../src/shared/bridge/outbox-calls.ts';
import type { CatalogItemDetail, CatalogStats } from '../../../src/shared/contract/catalog-search.ts';
import { emptyPageKindCounts } from '../../../src/shared/contract/catalog-search.ts';
import { CounterScreen } from '../../../src/renderer/src/features/counter/counter-screen.tsx';
import { useAppStore } from '../../../src/renderer/src/store/use-app-store.ts';
import { Refusal, type Handlers } from './fake-bridge.ts';
import { installFake, outboxItem, settingsView, sizeRow } from './renderer-harness.ts';

export const EMPLOYEE = 'Anja de Vries';
export const CONSENT = 'PV2026-01';

export const beam: CatalogItemDetail = {
  itemNo: '100002',
  description: 'HEA 200',
  description2: '',
  baseUnit: 'ST',
  priceUnit: 'KG',
  categoryCode: 'BALK',
  categoryPath: [],
  profile: undefined,
  grade: undefined,
  blocked: false,
  salesBlocked: false,
  sizes: [sizeRow({ itemNo: '100002', description: 'HEA 200', lengthMm: 12000, inventory: 40 })],
  syncedAt: '2026-11-22T02:00:00.000Z',
};

/** The local catalog's stats as main gives them: the beam alone, or nothing (never synced, or not yet). */
export function catalogStats(syncedAt: string | undefined, hasBeam: boolean): CatalogStats {
  const count = hasBeam ? 1 : 0;
  return {
    counts: { ...emptyPageKindCounts(), items: count, variants: count },
    sizes: count,
    steel: false,
    syncedAt,
    lastSync: undefined,
  };
}

/** Main's answer to `catalog:item` for an item the local catalog does not have. */
export function notInCatalog(itemNo: string): Refusal {
  return new Refusal({ code: 'not-found', message: `Artikel ${itemNo} staat niet in de catalogus.` });
}

export function queued(requestId: string): OutboxItemView {
  const item = outboxItem({ requestId });
  return { ...item, summary: { ...item.summary, companyName: 'Smit Metaalbouw', contactName: 'Jan Smit' } };
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Text a test needs in a field but does not test the typing of (a contact name, an item number): pasted
 * in one input event. Each key typed re-renders the whole counter in happy-dom, which made these files
 * the slowest of the unit tier; userEvent's typing stays where the keys are the point.
 */
export async function fillIn(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/** A code as a scanner ends it: the code in the entry row's item field, then Enter (the scan rule). */
export async function scan(user: User, code: string): Promise<void> {
  await fillIn(user, screen.getByLabelText('Nieuwe regel · Artikel'), code);
  await user.keyboard('{Enter}');
}

/**
 * At each commit that shows a request form's first field (Contactpersoon): whether that field has the
 * cursor. React's Profiler reports a commit after the screen's layout effects ran, before the browser
 * paints what the commit shows.
 */
export function FirstFieldAtCommit({ focused, children }: { focused: boolean[]; children: ReactNode }) {
  const note = () => {
    const field = document.querySelector('input[name="contactName"]');
    if (field) focused.push(document.activeElement === field);
  };
  return (
    <Profiler id="first-field-at-commit" onRender={note}>
      {children}
    </Profiler>
  );
}

/**
 * A counter workstation with an employee chosen, a consent version set and one item in the catalog.
 * `around` puts the screen inside another element (FirstFieldAtCommit, say); `formsLoaded: 'afterRender'`
 * renders the screen before its drafts are read, as a desk's start may.
 */
export async function openCounter(
  overrides: Handlers = {},
  {
    around = (counter) => counter,
    formsLoaded = 'beforeRender',
  }: {
    around?: (counter: ReactElement) => ReactElement;
    formsLoaded?: 'beforeRender' | 'afterRender';
  } = {},
) {
  const fake = installFake('nl', {
    'settings:get': () =>
      settingsView('nl', { counterEmployees: [EMPLOYEE], privacyConsentVersion: CONSENT }),
    'workstation:get': () => ({ counterEmployee: EMPLOYEE, fairSource: null, itemUnits: {} }),
    'catalog:stats': () => catalogStats(beam.syncedAt, true),
    'catalog:item': ({ itemNo }) => {
      if (itemNo === beam.itemNo) return beam;
      throw notInCatalog(itemNo);
    },
    ...overrides,
  });
  await useAppStore.getState().loadSettings();
  if (formsLoaded === 'beforeRender') await useAppStore.getState().initRequestForms();
  // No pause between keys: the form must keep up with a scanner anyway.
  const user = userEvent.setup({ delay: null });
  render(around(<CounterScreen customerPanel={null} />));
  if (formsLoaded === 'afterRender') {
    expect(screen.getByText('Laden…')).toBeInTheDocument();
    await act(() => useAppStore.getState().initRequestForms());
  }
  await screen.findByLabelText('Contactpersoon');
  return { fake, user };
}
