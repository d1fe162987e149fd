// Focus, drafts and flow, keyboard only, in Dutch and in English, through the browser shell
// against the host emulator over HTTPS: the cursor where work starts after Alt+1…5, a reload back on the
// same screen and tab, an unfinished order offered rather than imposed, parking and resuming orders,
// Alt+O for pickup or delivery, an error summary in screen order, and the header naming what reached the ERP.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page } from '@playwright/test';
import type { UiLanguage } from '../../src/shared/settings.ts';
import { screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

/** The few bridge calls this file makes to set up a case (a language, a sync) and to see what main kept. */
interface DeskBridge {
  settings: { save(input: object): Promise<{ ok: boolean }> };
  sync: { start(input?: object): Promise<unknown> };
  drafts: {
    get(input: object): Promise<{ ok: boolean; value: { draft: { contactName?: string } | null } }>;
  };
}
type DeskWindow = Window & { voa?: DeskBridge };

const WORDS = {
  nl: {
    counter: 'Balie',
    contact: 'Contactpersoon',
    company: 'Bedrijfsnaam',
    entry: 'Nieuwe regel · Artikel',
    catalogSearch: 'Zoeken in de catalogus',
    quoteTab: 'Offerteaanvraag',
    accountTab: 'Accountaanvraag',
    offer: /^Onafgemaakte bestelling van \d\d:\d\d: Onaf Klant/,
    continue: 'verder',
    parked: /^Geparkeerd \(2\)/,
    resumeFirst: 'Verder met Onaf Klant',
    discardSecond: 'Collega Klant weggooien',
    pickup: 'Afhalen',
    delivery: 'Bezorgen',
    errors: /vragen aandacht|vraagt aandacht/,
    reach: /via catalogussync \d\d:\d\d/,
  },
  en: {
    counter: 'Counter',
    contact: 'Contact name',
    company: 'Company name',
    entry: 'New line · Item',
    catalogSearch: 'Search the catalog',
    quoteTab: 'Quote request',
    accountTab: 'Account request',
    offer: /^Unfinished order from \d\d:\d\d: Onaf Klant/,
    continue: 'continue',
    parked: /^Parked \(2\)/,
    resumeFirst: 'Resume Onaf Klant',
    discardSecond: 'Discard Collega Klant',
    pickup: 'Pickup',
    delivery: 'Delivery',
    errors: /need attention|needs attention/,
    reach: /via catalog sync \d\d:\d\d/,
  },
} as const;

async function useLanguage(page: Page, language: UiLanguage) {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  const saved = await page.evaluate(
    (uiLanguage) => (window as DeskWindow).voa?.settings.save({ uiLanguage }),
    language,
  );
  expect(saved?.ok).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has the cursor, as a person would; fails after 80 keys. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab') {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Waits until main holds what the counter form shows (the form saves a quarter second after typing). */
async function counterDraftSaved(page: Page, contactName: string) {
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const answer = await (window as DeskWindow).voa?.drafts.get({ target: 'counter' });
        return answer?.ok ? (answer.value.draft?.contactName ?? '') : '';
      }),
    )
    .toBe(contactName);
}

test('flow: a parked order this version cannot read is shown as such and can only be discarded', async ({
  page,
}) => {
  // As another version of VOA Desk would have left it in app.db (a key this one does not know), beside one
  // parked order this version reads.
  const appDb = new DatabaseSync(path.join(desk.profile.dataDir, 'app.db'));
  try {
    appDb.exec('PRAGMA busy_timeout = 5000');
    const insert = appDb.prepare(
      `INSERT INTO parked_draft (target, body, unfinished, saved_at, parked_at)
       VALUES ('counter', ?, 0, '2026-11-20T09:00:00.000Z', '2026-11-20T09:05:00.000Z')`,
    );
    insert.run(JSON.stringify({ companyName: 'Bouwbedrijf Jansen', lines: [], loyaltyCard: 'G-17' }));
  } finally {
    appDb.close();
  }
  await useLanguage(page, 'nl');
  await page.setViewportSize({ width: 1024, height: 700 });
  const contact = page.getByLabel('Contactpersoon', { exact: true });
  await expect(contact).toBeFocused();
  await page.keyboard.type('Collega Klant');
  await page.keyboard.press('Alt+W');
  const parked = page.getByTestId('parked-orders');
  const unreadable = parked
    .getByRole('listitem')
    .filter({ hasText: 'Bestelling die deze versie niet kan lezen' });
  await expect(unreadable).toContainText('alleen weggooien kan');
  await expect(unreadable.getByRole('button', { name: /^Verder/ })).toHaveCount(0);
  await expect(parked.getByRole('button', { name: 'Verder met Collega Klant' })).toBeVisible();
  await screenshotAtSizes(page, 'flow-parked-unreadable-nl', parked);

  page.once('dialog', (dialog) => void dialog.accept());
  await tabTo(page, unreadable.getByRole('button', { name: /weggooien$/ }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(unreadable).toHaveCount(0);
  await expect(parked.getByRole('button', { name: 'Verder met Collega Klant' })).toBeVisible();
});

test('flow: the header names what reached the ERP, a catalog sync before any delivery', async ({ page }) => {
  for (const language of ['nl', 'en'] as const) {
    await useLanguage(page, language);
    await page.evaluate(() => (window as DeskWindow).voa?.sync.start({}));
    const header = page.getByTestId('header-status');
    await expect(header).toContainText('Online', { timeout: 60_000 });
    await expect(page.getByTestId('header-reach')).toHaveText(WORDS[language].reach);
    await expect(page.getByTestId('header-queued')).toContainText('0');
    await screenshotAtSizes(page, `flow-header-reached-${language}`);
  }
});

for (const language of ['nl', 'en'] as const) {
  const words = WORDS[language];

  test(`flow (${language}): Alt+1…5 put the cursor where work starts; a reload returns to the screen and tab`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.keyboard.press('Alt+1');
    await expect(page.getByLabel(words.contact, { exact: true })).toBeFocused();

    // After Alt+3 typing searches.
    await page.keyboard.press('Alt+3');
    await expect(page.getByLabel(words.catalogSearch)).toBeFocused();
    await page.keyboard.type('HEA200');
    await expect(page.getByLabel(words.catalogSearch)).toHaveValue('HEA200');
    await page.keyboard.press('Escape');

    // The outbox: its list (or, while empty, its search); Settings: its first field.
    await page.keyboard.press('Alt+4');
    await expect(page.locator('main :focus')).toHaveCount(1);
    await page.keyboard.press('Alt+5');
    await expect(page.locator('main').locator('input, select, textarea').first()).toBeFocused();

    // The fair: its first field, on the tab that was chosen; a reload comes back to both.
    await page.keyboard.press('Alt+2');
    await expect(page.getByLabel(words.contact, { exact: true })).toBeFocused();
    const accountTab = page.getByRole('tab', { name: words.accountTab });
    await tabTo(page, accountTab, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(accountTab).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tab', { name: words.accountTab })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Alt+2');
    await expect(page.locator('main :focus')).toHaveAttribute('name', 'email');
    // And back to the quote tab.
    const quoteTab = page.getByRole('tab', { name: words.quoteTab });
    await tabTo(page, quoteTab, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(quoteTab).toHaveAttribute('aria-selected', 'true');

    // The counter with a customer named: the line entry.
    await page.keyboard.press('Alt+1');
    await page.keyboard.type('Jan Smit');
    await page.keyboard.press('Alt+3');
    await page.keyboard.press('Alt+1');
    await expect(page.getByLabel(words.entry, { exact: true })).toBeFocused();
    await page.keyboard.press('Alt+N');
    await expect(page.getByLabel(words.contact, { exact: true })).toHaveValue('');
  });

  test(`flow (${language}): an unfinished order is offered, parked orders resume or go, Alt+O switches pickup and delivery`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await page.keyboard.press('Alt+1');
    const contact = page.getByLabel(words.contact, { exact: true });
    await expect(contact).toBeFocused();
    await page.keyboard.type('Onaf Klant');
    await counterDraftSaved(page, 'Onaf Klant');

    // Reopened: the order is offered, the form is empty, typing would start a new one.
    await page.reload();
    const offer = page.getByTestId('unfinished-offer');
    await expect(offer).toHaveText(new RegExp(`${words.offer.source}.*${words.continue}`));
    await expect(contact).toHaveValue('');
    await expect(contact).toBeFocused();
    await screenshotAtSizes(page, `flow-unfinished-offer-${language}`, offer);

    await tabTo(page, offer.getByRole('button', { name: words.continue }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(contact).toHaveValue('Onaf Klant');
    await expect(offer).toHaveCount(0);
    // A customer is named: the cursor goes to the line entry.
    await expect(page.getByLabel(words.entry, { exact: true })).toBeFocused();

    // Park it (Alt+W), serve a colleague's customer, park that one too.
    await page.keyboard.press('Alt+W');
    await expect(contact).toHaveValue('');
    await expect(contact).toBeFocused();
    await page.keyboard.type('Collega Klant');
    await page.keyboard.press('Alt+W');
    await expect(contact).toHaveValue('');
    const parked = page.getByTestId('parked-orders');
    await expect(parked).toHaveText(words.parked);
    await screenshotAtSizes(page, `flow-parked-${language}`, parked);

    // Resume the first, discard the second (asked first).
    await tabTo(page, parked.getByRole('button', { name: words.resumeFirst }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(contact).toHaveValue('Onaf Klant');
    page.once('dialog', (dialog) => void dialog.accept());
    await tabTo(page, parked.getByRole('button', { name: words.discardSecond }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(parked).toHaveCount(0);

    // Alt+O: pickup or delivery, from anywhere in the form.
    const pickup = page.getByRole('radio', { name: words.pickup, exact: true });
    const delivery = page.getByRole('radio', { name: words.delivery, exact: true });
    await expect(pickup).toBeChecked();
    await page.keyboard.press('Alt+O');
    await expect(delivery).toBeChecked();
    await page.keyboard.press('Alt+O');
    await expect(pickup).toBeChecked();

    // The error summary lists fields in screen order and puts the cursor on the first.
    await page.keyboard.press('Control+Enter');
    const summary = page.locator('.error-summary');
    await expect(summary).toContainText(words.errors);
    const items = summary.getByRole('button');
    await expect(page.locator('main :focus')).toHaveAttribute('aria-invalid', 'true');
    await screenshotAtSizes(page, `flow-error-summary-${language}`, summary);

    // Each entry puts the cursor on its field, in view even at 1024 × 700 (the summary sits below the
    // form); the fields come in the order they stand in the form, the first being where the cursor went.
    await page.setViewportSize({ width: 1024, height: 700 });
    const firstFocused = await page.evaluate(() => document.activeElement?.getAttribute('name'));
    const count = await items.count();
    expect(count).toBeGreaterThan(1);
    const names: (string | null | undefined)[] = [];
    for (let index = 0; index < count; index++) {
      await tabTo(page, items.nth(index), 'Tab');
      await page.keyboard.press('Enter');
      await expect(page.locator('main :focus')).toBeInViewport();
      await expect(items.nth(index)).not.toBeFocused();
      names.push(await page.evaluate(() => document.activeElement?.getAttribute('name')));
    }
    expect(names[0]).toBe(firstFocused);
    const inDocumentOrder = await page.evaluate(
      (fieldNames) => {
        const fields = fieldNames.map((name) => document.querySelector(`[name="${name}"]`));
        for (let index = 1; index < fields.length; index++) {
          const before = fields[index - 1];
          const field = fields[index];
          if (!before || !field) return false;
          if (before !== field && !(before.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING))
            return false;
        }
        return true;
      },
      names.map((name) => name ?? ''),
    );
    expect(inDocumentOrder).toBe(true);
    await page.keyboard.press('Alt+N');
  });
}
