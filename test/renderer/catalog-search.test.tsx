// The catalog screen's search as a person types it: the rows shown stay in view, marked as the search
// before's, until the new text's answer comes, and then they are the answer's rows.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CatalogScreen } from '../../src/renderer/src/features/catalog/catalog-screen.tsx';
import type { CatalogSearchResult } from '../../src/shared/contract/catalog-search.ts';
import { deferred } from './support/fake-bridge.ts';
import { installFake, sizeRow } from './support/renderer-harness.ts';

const answer = (itemNos: string[]): CatalogSearchResult => ({
  rows: itemNos.map((itemNo) => sizeRow({ itemNo, itemDescription: `Balk ${itemNo}` })),
  offset: 0,
  total: itemNos.length,
  capped: false,
  syncedAt: '2026-11-27T02:00:00.000Z',
  tookMs: 3,
  suggestions: [],
});

// happy-dom lays nothing out: the virtualized list is given a height, so that it has rows in view.
beforeEach(() => {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('result-list') ? 520 : (height?.get?.call(this) ?? 0);
  });
});
afterEach(() => vi.restoreAllMocks());

const shownItems = () =>
  within(screen.getByRole('listbox', { name: 'Zoekresultaten' }))
    .queryAllByRole('option')
    .map((option) => option.querySelector('.result-row__title')?.textContent);

it('a new key keeps the rows shown, marked stale, until its answer replaces them', async () => {
  const slow = deferred<CatalogSearchResult>();
  installFake('nl', {
    'catalog:search': ({ query }) =>
      query === 'hea' ? answer(['HEA100', 'HEA120']) : query === 'hea2' ? slow.promise : answer([]),
  });
  const user = userEvent.setup({ delay: null });
  render(<CatalogScreen />);
  const search = await screen.findByRole('searchbox', { name: 'Zoeken in de catalogus' });
  await user.type(search, 'hea');
  await screen.findByText('Balk HEA120');
  const list = screen.getByRole('listbox', { name: 'Zoekresultaten' });

  await user.type(search, '2');
  // The answer for "hea2" is on its way: the rows for "hea" stay, dimmed and busy, with their count.
  expect(shownItems()).toEqual(['Balk HEA100', 'Balk HEA120']);
  expect(list).toHaveClass('result-list--stale');
  expect(list).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByTestId('catalog-count')).toHaveTextContent('2 maten');

  slow.resolve(answer(['HEA200']));
  await screen.findByText('Balk HEA200');
  expect(shownItems()).toEqual(['Balk HEA200']);
  expect(list).not.toHaveClass('result-list--stale');
  expect(list).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByTestId('catalog-count')).toHaveTextContent('1 maten');
});

it('the count and the search time are written as the UI language writes numbers', async () => {
  installFake('nl', {
    'catalog:search': () => ({
      ...answer(['HEA100']),
      total: 1234,
      tookMs: 2.44,
    }),
  });
  const user = userEvent.setup({ delay: null });
  render(<CatalogScreen />);
  await user.type(await screen.findByRole('searchbox', { name: 'Zoeken in de catalogus' }), 'hea');
  await screen.findByText('Balk HEA100');
  expect(screen.getByTestId('catalog-count')).toHaveTextContent('1.234 maten2,4 ms');
});
