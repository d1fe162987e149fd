// Every screen checked with axe-core in Dutch and in English, for employees who work by keyboard and screen reader: no serious or critical violation
// of WCAG 2.1 A and AA, and at 1024×700 nothing scrolls sideways, neither the page nor a panel. Each screen
// is also kept as a screenshot at 1024×700 and 1366×768, to be looked at.
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { catalogSynced, chooseLanguage, counterOrderWithOneLine, type UiLanguageName } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(async ({ desk: own }) => {
  desk = own;
  // RequestCode's 1.5 s floor is the host's protection, not what this test looks at.
  await desk.emulator.admin('/settings', { requestCodeMinimumMs: 0, signInCodeWaitSeconds: 0 });
});

const WORDS = {
  nl: {
    counter: 'Balie',
    fair: 'Beurs',
    catalog: 'Catalogus',
    outbox: 'Verzendlijst',
    settings: 'Instellingen',
    accountTab: 'Accountaanvraag',
    quoteTab: 'Offerteaanvraag',
    customerEmail: 'E-mailadres van de klant',
    sendCode: 'Code versturen',
    code: 'Code uit de e-mail',
    nextCustomer: 'Volgende klant',
    codeSent: 'Als dit adres toegang tot het portaal heeft, is er een code onderweg.',
  },
  en: {
    counter: 'Counter',
    fair: 'Trade fair',
    catalog: 'Catalog',
    outbox: 'Outbox',
    settings: 'Settings',
    accountTab: 'Account request',
    quoteTab: 'Quote request',
    customerEmail: 'Customer e-mail address',
    sendCode: 'Send code',
    code: 'Code from the e-mail',
    nextCustomer: 'Next customer',
    codeSent: 'If this address has portal access, a code is on its way.',
  },
} as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Serious and critical violations, each with the elements it names: what a failure message shows. axe-core
 * goes into the page once and checks each screen from there (the desk is one page): `@axe-core/playwright`
 * injected its 560 kB twice per check and gathered each result in a page of its own, which took more than
 * half of this file's time.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    if (!window.axe) throw new Error('axe-core is not in the page');
    const results = await window.axe.run(
      // The print-only slip is not on screen.
      { exclude: [['.print-slip']] },
      { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
    );
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
            .slice(0, 5)
            .map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`.trim())
            .join(' | ')}`,
      );
  }, WCAG_TAGS);
}

/** At 1024×700: elements wider than the room they have (the page itself and every main panel). */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 1024, height: 700 });
  return page.evaluate(() => {
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) wide.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.querySelectorAll<HTMLElement>('main, .screen, .panel, body *')) {
      if (element.closest('.print-slip') || element.offsetParent === null) continue;
      // Main panels, and anything else that would scroll sideways itself.
      const scrolls = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
      if (!scrolls && !element.matches('main, .screen, .panel')) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        wide.push(
          `${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth} > ${element.clientWidth}`,
        );
    }
    return wide;
  });
}

async function check(page: Page, name: string, language: UiLanguageName) {
  // Soft: one run lists every screen's findings, not only the first screen's.
  expect.soft(await seriousViolations(page), `axe on ${name} (${language})`).toEqual([]);
  expect
    .soft(await sidewaysScrolling(page), `sideways scrolling on ${name} (${language}) at 1024×700`)
    .toEqual([]);
  await screenshotAtSizes(page, `a11y-${name}-${language}`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openScreen(page: Page, key: string, heading: string) {
  await page.keyboard.press(key);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** A Buyer per language, each a customer of its own. */
const BUYERS = { nl: 'koper@devries.example', en: 'buyer@northernsteel.example' } as const;

async function signInCustomer(page: Page, language: UiLanguageName) {
  const words = WORDS[language];
  const email = BUYERS[language];
  await page.getByLabel(words.customerEmail, { exact: true }).fill(email);
  await page.getByRole('button', { name: words.sendCode }).click();
  await expect(page.getByText(words.codeSent)).toBeVisible();
  const { mail } = await desk.emulator.admin<{ mail: { kind: string; to: string; code?: string }[] }>(
    '/mail',
  );
  const code = mail.filter((entry) => entry.kind === 'signInCode' && entry.to === email).at(-1)?.code;
  expect(code).toBeTruthy();
  await page.getByLabel(words.code, { exact: true }).fill(code ?? '');
  await page.getByLabel(words.code, { exact: true }).press('Enter');
  await expect(page.locator('.customer-tabs')).toBeVisible();
}

for (const language of ['nl', 'en'] as const) {
  test(`a11y: every screen in ${language === 'nl' ? 'Dutch' : 'English'} has no serious or critical axe violation and no sideways scrolling at 1024×700`, async ({
    page,
  }) => {
    // Seven screens, each checked by axe and photographed twice: on a loaded machine more than the default.
    test.setTimeout(180_000);
    const words = WORDS[language];
    await page.goto(desk.shell.ready.url);
    await catalogSynced(page);
    // One delivered request, so the outbox has a row to check.
    await counterOrderWithOneLine(page, `Toegankelijk ${language}`);
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
    await chooseLanguage(page, language);

    await openScreen(page, 'Alt+1', words.counter);
    await check(page, 'counter', language);

    await openScreen(page, 'Alt+2', words.fair);
    await page.getByRole('tab', { name: words.quoteTab }).click();
    await check(page, 'fair-quote', language);
    await page.getByRole('tab', { name: words.accountTab }).click();
    await check(page, 'fair-account', language);

    await openScreen(page, 'Alt+3', words.catalog);
    const search = page.getByRole('searchbox');
    await search.fill('ipe 400');
    await expect(page.getByTestId('catalog-results').getByRole('option').first()).toContainText('IPE 400');
    await search.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('catalog-item').getByRole('heading', { level: 2 })).toContainText(
      'IPE 400',
    );
    await check(page, 'catalog', language);

    await openScreen(page, 'Alt+4', words.outbox);
    await expect(page.locator('tr[data-state="delivered"]').first()).toBeVisible();
    await check(page, 'outbox', language);

    await openScreen(page, 'Alt+5', words.settings);
    await check(page, 'settings', language);

    // The customer desk beside the counter form: signing in, then signed in with its tabs.
    await openScreen(page, 'Alt+1', words.counter);
    await expect(page.getByLabel(words.customerEmail, { exact: true })).toBeVisible();
    await check(page, 'customer-sign-in', language);
    await signInCustomer(page, language);
    await check(page, 'customer-signed-in', language);
    await page.getByRole('button', { name: words.nextCustomer }).click();
    await expect(page.getByLabel(words.customerEmail, { exact: true })).toBeVisible();
  });
}
