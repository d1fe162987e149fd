// Steps several end-to-end specs share: a synced catalog, a counter order with one line, the UI
// language chosen in Settings.
import { expect, type Locator, type Page } from '@playwright/test';
import './page-globals.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';

export type UiLanguageName = 'nl' | 'en';

/**
 * The desk drawn, with its keys listened for: the bridge answers as soon as its script has run, before
 * React has drawn the frame, and an Alt+3 pressed in that moment reaches no one.
 */
export async function deskOnScreen(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: /^(Hoofdnavigatie|Main navigation)$/ })).toBeVisible();
}

/** The sync a new desk starts by itself has begun (and, with a held first page, waits for the host). */
export async function startupSyncRunning(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const status = await window.voa!.sync.status({});
          return status.ok && status.value.running !== undefined;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The sync a new desk starts by itself a few seconds after start (no catalog yet) has ended, so a line typed
 * next is judged against the catalog it brought, not swapped under it half-way through an order.
 */
export async function startupSyncEnded(page: Page): Promise<void> {
  await deskOnScreen(page);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const voa = window.voa!;
          const [stats, status] = await Promise.all([voa.catalog.stats({}), voa.sync.status({})]);
          return stats.ok && Boolean(stats.value.syncedAt) && status.ok && !status.value.running;
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * The local catalog synced, so that an item typed on a line is known, and no sync running any more: a desk
 * that has none yet (`catalogAtStart: 'none'`) syncs now.
 */
export async function catalogSynced(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const voa = window.voa!;
    const stats = await voa.catalog.stats({});
    if (!stats.ok || !stats.value.syncedAt) await voa.sync.start({});
  });
  await startupSyncEnded(page);
}

/**
 * The catalog screen's results answer the search and filters as they are now. Until then the rows of the
 * text before stay on screen (dimmed, `aria-busy`), and a click lands on one of those.
 */
export async function catalogResultsAnswered(page: Page): Promise<void> {
  await expect(page.getByTestId('catalog-results')).toHaveAttribute('aria-busy', 'false');
}

/** A new counter order (Dutch UI) for `contactName` with item 100014 on its first line. */
export async function counterOrderWithOneLine(page: Page, contactName: string): Promise<void> {
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').fill(contactName);
  await page.keyboard.press('Alt+L');
  await page.keyboard.type('100014');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue('100014');
}

/** Settings (Alt+5) → the language, as a person switches it. */
export async function chooseLanguage(page: Page, language: UiLanguageName): Promise<void> {
  await page.keyboard.press('Alt+5');
  await page.getByText(language === 'nl' ? 'Nederlands' : 'English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * "Nu controleren" in Settings' updates part, by keyboard, until the browser shell's stand-in update
 * (VOA_DESK_SHELL_UPDATE=9.9.0) is downloaded and waits to install; answers the "Nu herstarten" button.
 */
export async function updateReadyAfterCheck(updates: Locator): Promise<Locator> {
  const check = updates.getByRole('button', { name: 'Nu controleren' });
  await check.focus();
  await check.page().keyboard.press('Enter');
  await expect(updates.getByTestId('updates-state')).toHaveText(
    'Versie 9.9.0 staat klaar: die wordt geïnstalleerd wanneer u VOA Desk afsluit.',
  );
  return updates.getByRole('button', { name: 'Nu herstarten' });
}

/** A request put in the outbox through the bridge, as a form's submit does; true when it was queued. */
export async function queueThroughBridge(page: Page, payload: QuoteRequestInput): Promise<boolean> {
  return page.evaluate(async (request) => {
    const result = await window.voa!.outbox.submit({ kind: 'quote', payload: request });
    return result.ok;
  }, payload);
}
