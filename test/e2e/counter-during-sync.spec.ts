// The first order on a new desk, typed while the sync the desk starts by itself is still running: the line
// is "not checked" against the empty catalog, and when the sync ends it is checked again and filled from
// the catalog it brought, without a key from the employee. In Dutch and English, by keyboard alone.
import { screenshotAtSizes } from './browser-shell.ts';
import { chooseLanguage, startupSyncEnded, startupSyncRunning, type UiLanguageName } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

/** How long the host holds the sync's first catalog page: the time the test has to type its line. */
const FIRST_PAGE_HELD_MS = 10_000;

// A desk as first installed: no catalog, so the shell starts its own first sync. The host holds the first
// catalog page of each test's sync: the reset before a test renews the fault.
test.use({
  catalogAtStart: 'none',
  hostAtStart: {
    faults: { rules: [{ kind: 'latency', match: 'catalog', ms: FIRST_PAGE_HELD_MS, count: 1 }] },
  },
});

const WORDS = {
  nl: {
    line: 'Regel 1',
    description: /Omschrijving/,
    quantity: 'Regel 1 · Aantal',
    notChecked: 'niet gecontroleerd: de lokale catalogus is leeg',
    anyNote: /niet gecontroleerd|niet in de lokale catalogus/,
  },
  en: {
    line: 'Line 1',
    description: /Description/,
    quantity: 'Line 1 · Qty',
    notChecked: 'not checked: the local catalog is empty',
    anyNote: /not checked|not in the local catalog/,
  },
} as const;

for (const language of ['nl', 'en'] as const satisfies readonly UiLanguageName[]) {
  test(`counter (${language}): a line typed while the first sync runs is checked again when the catalog arrives`, async ({
    page,
    desk,
  }) => {
    const words = WORDS[language];
    await page.goto(desk.shell.ready.url);
    await expect(page.getByLabel('Contactpersoon')).toBeFocused();
    if (language === 'en') {
      await chooseLanguage(page, language);
      await page.keyboard.press('Alt+1');
    }
    // The desk's own sync has begun, and waits for the host's first page.
    await startupSyncRunning(page);

    // Scanner speed: the code and Enter with no pause between keys.
    await page.keyboard.press('Alt+L');
    await page.keyboard.type('100014');
    await page.keyboard.press('Enter');
    const line = page.getByRole('listitem', { name: words.line });
    await expect(line.getByText(words.notChecked)).toBeVisible();
    await expect(line.getByLabel(words.description)).toHaveValue('');
    await screenshotAtSizes(page, `counter-line-before-first-sync-${language}`, line);

    await startupSyncEnded(page);
    // The item as sold: its description with its treatment (the item's second description).
    const item = await page.evaluate(async () => {
      const found = await window.voa!.catalog.item({ itemNo: '100014' });
      return found.ok
        ? [found.value.description, found.value.description2].filter(Boolean).join(', ')
        : undefined;
    });
    expect(item).toBeTruthy();
    await expect(line.getByLabel(words.description)).toHaveValue(item ?? '');
    await expect(line.getByText(words.anyNote)).toHaveCount(0);
    // Nothing typed meanwhile was moved: the cursor is still on the line's quantity.
    await expect(page.getByLabel(words.quantity)).toBeFocused();
    await screenshotAtSizes(page, `counter-line-after-first-sync-${language}`, line);
  });
}
