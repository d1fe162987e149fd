// The customer desk through the browser shell against the host emulator (its own process, real HTTPS):
// sign a Buyer in at the counter with the code from the emulator's /mail, prefill the form, choose a
// registered address, walk every tab in both languages at both window sizes, open a PDF, accept a quote,
// and watch every way the desk forgets the customer.
import type { Locator, Page } from '@playwright/test';
import { filesWithContent } from '../support/data-dir-files.ts';
import { catalogSynced } from './desk-steps.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import { TEST_PRIVACY_CONSENT_VERSION, TEST_SOURCE_LABELS } from '../support/emulator-profile.ts';
import {
  screenshot,
  screenshotAtSizes,
  startBrowserShellProcess,
  type DeskAgainstEmulator,
} from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

const BUYER = 'koper@devries.example';
const VIEWER = 'kijker@devries.example';
/** Another customer's Buyer: the desk itself waits 60 s before it sends a second code to one address. */
const OTHER_BUYER = 'buyer@northernsteel.example';
/**
 * Two Buyers of one customer, added to the emulator by the outbox test: it signs that customer in twice,
 * and the desk waits 60 s before a second code to one address.
 */
const FAIR_BUYER = 'beurs@devries.example';
const FAIR_SECOND_BUYER = 'beurs2@devries.example';
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
] as const;

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), on the emulator as it started.
test.beforeEach(async ({ desk: own }) => {
  desk = own;
  // RequestCode's 1.5 s floor and the 60 s wait are the host's protection, not what these tests look at.
  await desk.emulator.admin('/settings', { requestCodeMinimumMs: 0, signInCodeWaitSeconds: 0 });
});

interface Mail {
  kind: string;
  to: string;
  code?: string;
}

async function newestCode(email: string): Promise<string> {
  const { mail } = await desk.emulator.admin<{ mail: Mail[] }>('/mail');
  const code = mail.filter((entry) => entry.kind === 'signInCode' && entry.to === email).at(-1)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function openCounter(page: Page, language: 'nl' | 'en') {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+5');
  await page.getByText(language === 'nl' ? 'Nederlands' : 'English').click();
  await page.keyboard.press('Alt+1');
  await expect(
    page.getByRole('heading', { name: language === 'nl' ? 'Balie' : 'Counter', level: 1 }),
  ).toBeVisible();
}

/** Keyboard only: type the address, send the code, type the code as read out (lowercase, spaces), Enter. */
async function signIn(
  page: Page,
  email: string,
  texts: { email: string; send: string; code: string; sent: string },
) {
  const address = page.getByLabel(texts.email, { exact: true });
  await address.focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: texts.send })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(texts.sent)).toBeVisible();
  const code = await newestCode(email);
  await page.getByLabel(texts.code, { exact: true }).focus();
  await page.keyboard.type(code.toLowerCase().replace('-', ' '));
  await page.keyboard.press('Enter');
}

const NL = {
  email: 'E-mailadres van de klant',
  send: 'Code versturen',
  code: 'Code uit de e-mail',
  sent: 'Als dit adres toegang tot het portaal heeft, is er een code onderweg.',
};
const EN = {
  email: 'Customer e-mail address',
  send: 'Send code',
  code: 'Code from the e-mail',
  sent: 'If this address has portal access, a code is on its way.',
};

async function walkTabs(page: Page, language: 'nl' | 'en') {
  const names =
    language === 'nl'
      ? ['Aanvragen', 'Offertes', 'Orders', 'Leveringen', 'Regels', 'Documenten']
      : ['Requests', 'Quotes', 'Orders', 'Shipments', 'Lines', 'Documents'];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const [index, name] of names.entries()) {
      if (name === 'Regels' || name === 'Lines') {
        await page.getByRole('tab', { name: names[1] }).click();
        await page
          .getByRole('button', { name: language === 'nl' ? 'Regels' : 'Lines' })
          .first()
          .click();
        await expect(page.locator('.customer-tabs__body table')).toBeVisible();
      } else {
        await page.getByRole('tab', { name }).click();
        await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
        await expect(
          page.locator('.customer-tabs__body table, .customer-tabs__body .customer-panel__note').first(),
        ).toBeVisible();
      }
      await page.screenshot({
        path: `test-results/screenshots/customer-tab-${index + 1}-${name.toLowerCase()}-${language}-${size.width}.png`,
      });
    }
  }
}

test('customer desk: a Buyer signed in at the counter, details and a registered address in the form, every tab, a PDF and an acceptance', async ({
  page,
}) => {
  // Every tab at two window sizes, a PDF and an acceptance: on a loaded machine more than the default test time.
  test.setTimeout(180_000);
  await openCounter(page, 'nl');
  await page.setViewportSize(SIZES[1]);
  await screenshot(page, 'customer-1-sign-in-nl');
  await signIn(page, BUYER, NL);
  const bar = page.locator('.customer-bar');
  await expect(bar).toContainText('Aangemeld:');
  await expect(bar).toContainText('Inkoper');
  await expect(page.getByRole('tab', { name: 'Aanvragen' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Klantgegevens gebruiken' }).click();
  await expect(page.getByLabel('Bedrijf', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Opmerkingen', { exact: true })).toHaveValue(/Aangemelde portaalklant: \S+/);
  const addresses = page.getByLabel('Afleveradres', { exact: true });
  const firstAddress = await addresses.locator('option').nth(1).getAttribute('value');
  await addresses.selectOption(firstAddress!);
  await expect(page.getByText(`Afleveradres ${firstAddress} staat in het formulier.`)).toBeVisible();
  await screenshot(page, 'customer-2-signed-in-nl');

  await walkTabs(page, 'nl');

  // A PDF in the app's own viewer.
  await page.setViewportSize(SIZES[1]);
  await page.getByRole('tab', { name: 'Documenten' }).click();
  await page
    .getByRole('button', { name: /^Openen / })
    .first()
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Opslaan' })).toHaveAttribute('download', /\.pdf$/);
  await page.screenshot({ path: 'test-results/screenshots/customer-3-pdf-nl.png' });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Accept a released quote: a confirmation first, then the outcome as the host states it.
  await page.getByRole('tab', { name: 'Offertes' }).click();
  await page
    .getByRole('button', { name: /^Accepteren… / })
    .first()
    .click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('accepteren?');
  await page.screenshot({ path: 'test-results/screenshots/customer-4-accept-nl.png' });
  await dialog.getByRole('button', { name: 'Offerte accepteren' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is vastgelegd' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/customer-5-accepted-nl.png' });

  // Next customer: the bar, every datum of the customer and the form are gone.
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('button', { name: 'Volgende klant' }).click();
  await expect(bar).toBeHidden();
  await expect(page.getByText('De klant is afgemeld. Klaar voor de volgende klant.')).toBeVisible();
  await expect(page.locator('.customer-tabs')).toHaveCount(0);
  await expect(page.getByLabel('Bedrijf', { exact: true })).toHaveValue('');
  // The desk forgets the customer first and tells the host after: the revocation follows the screen.
  await expect
    .poll(async () => {
      const { sessions } = await desk.emulator.admin<{ sessions: { state: string }[] }>('/portal/sessions');
      return sessions.map((session) => session.state);
    })
    .toEqual(['revoked']);
});

test('sign-in: a code asked again inside the wait says one was asked a moment ago; a corrected address asks at once', async ({
  page,
}) => {
  await openCounter(page, 'nl');
  await page.setViewportSize(SIZES[0]);
  const address = page.getByLabel(NL.email, { exact: true });
  const status = page.locator('.customer-signin [role="status"]');
  const mistyped = 'koper@devries.exampel';
  await address.focus();
  await page.keyboard.type(mistyped);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(new RegExp(`^${NL.sent}`));
  await expect(page.getByRole('button', { name: 'Nieuwe code versturen' })).toBeDisabled();

  // The employee looks something up in the catalog and comes back: the same address typed again still
  // waits for its new code.
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await address.focus();
  await page.keyboard.type(mistyped);
  await expect(status).toHaveText(new RegExp(`^${NL.sent}`));
  await expect(page.getByRole('button', { name: 'Nieuwe code versturen' })).toBeDisabled();
  // After a reload the same address asked again sends nothing, and the form says so rather than that a
  // code is on its way.
  await page.reload();
  await address.focus();
  await page.keyboard.type(mistyped);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(status).toContainText('Voor dit adres is zojuist al een code aangevraagd: gebruik die code.');
  await expect(status).toContainText('kan een nieuwe code worden verstuurd');
  await screenshot(page, 'customer-code-asked-again-nl');

  // The address was mistyped: the corrected one asks for its code at once.
  await address.fill(BUYER);
  await address.press('Tab');
  await expect(page.getByRole('button', { name: NL.send })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText(new RegExp(`^${NL.sent}`));
  expect(await newestCode(BUYER)).toMatch(/\S/);
});

test('customer desk in English: every tab, a Viewer without addresses or acceptance, and an expired session', async ({
  page,
}) => {
  await openCounter(page, 'en');
  await page.setViewportSize(SIZES[0]);
  await screenshot(page, 'customer-1-sign-in-en');
  await signIn(page, OTHER_BUYER, EN);
  await expect(page.locator('.customer-bar')).toContainText('Buyer');
  await screenshot(page, 'customer-2-signed-in-en');
  await walkTabs(page, 'en');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The customer is signed out.')).toBeVisible();

  await signIn(page, VIEWER, EN);
  await expect(page.locator('.customer-bar')).toContainText('Viewer');
  await expect(
    page.getByText('A Viewer has no delivery addresses to choose: only a Buyer can.'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Quotes' }).click();
  await expect(page.locator('.customer-tabs__body table')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Accept… / })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/customer-6-viewer-en.png' });

  // The host's clock passes the session's end: the next look ends the session on screen.
  await desk.emulator.admin('/clock', { advanceSeconds: 481 * 60 });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(
    page.getByText("The customer's session has ended. Sign the customer in again to continue."),
  ).toBeVisible();
  await expect(page.locator('.customer-bar')).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/customer-7-expired-en.png' });
});

/** A fair quote request for the signed-in Buyer, queued through the page's own bridge as the fair form does. */
async function submitFairRequest(page: Page, contactName: string): Promise<string> {
  const payload: QuoteRequestInput = {
    privacyAccepted: true,
    privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
    contactName,
    companyName: 'De Vries Staalbouw',
    email: FAIR_BUYER,
    deliveryMethod: 'Pickup',
    source: TEST_SOURCE_LABELS[1]!,
    quoteRequestLines: [{ itemNo: 'HEA200', quantity: 2, unitOfMeasureCode: 'PCS' }],
  };
  const answer = await page.evaluate(
    (input) => window.voa!.outbox.submit({ kind: 'quote', payload: input }),
    payload,
  );
  if (!answer.ok) throw new Error(`outbox:submit: ${answer.error.message}`);
  return answer.value.item.requestId;
}

test('the outbox shows each fair request linked or not linked with the reason, and links by hand once the customer is back', async ({
  page,
}) => {
  for (const email of [FAIR_BUYER, FAIR_SECOND_BUYER])
    await desk.emulator.admin('/portal/users', { email, customerNo: '10000', role: 'Buyer' });
  await openCounter(page, 'nl');
  await signIn(page, FAIR_BUYER, NL);
  const bar = page.locator('.customer-bar');
  await expect(bar).toContainText('Aangemeld:');
  const customerNo = (await bar.textContent())?.match(/\b\d{4,}\b/)?.[0];
  expect(customerNo, 'the bar names the customer number').toBeDefined();

  const linkedId = await submitFairRequest(page, 'Piet de Vries');
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Verzendlijst', level: 1 })).toBeVisible();
  const row = (requestId: string) => page.locator(`tr[data-request-id="${requestId}"]`);
  await expect(row(linkedId)).toContainText(`gekoppeld aan klant ${customerNo}`);

  // The host cannot be reached while the second request waits, and the customer leaves the desk.
  await desk.emulator.admin('/faults', { rules: [{ kind: 'drop', match: 'requests' }] });
  const notLinkedId = await submitFairRequest(page, 'Kees de Vries');
  await expect(row(notLinkedId)).toContainText(`wordt na aflevering gekoppeld aan klant ${customerNo}`);
  await page.keyboard.press('Alt+1');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(bar).toBeHidden();
  await desk.emulator.admin('/faults', { rules: [] });
  await page.keyboard.press('Alt+4');
  await page.getByRole('button', { name: 'Nu verzenden' }).click();
  const notLinked = row(notLinkedId).locator('[data-link-state]');
  await expect(notLinked).toHaveText(
    `niet gekoppeld aan klant ${customerNo}: de sessie van de klant eindigde vóór de aflevering`,
  );
  // No customer at the desk: nothing to link with.
  await expect(row(notLinkedId).getByRole('button', { name: 'Aan klant koppelen' })).toHaveCount(0);

  // The customer is back: the outbox offers the link, never tried by itself.
  await page.keyboard.press('Alt+1');
  await signIn(page, FAIR_SECOND_BUYER, NL);
  await expect(bar).toContainText('Aangemeld:');
  await page.keyboard.press('Alt+4');
  const linkNow = row(notLinkedId).getByRole('button', { name: 'Aan klant koppelen' });
  await expect(linkNow).toBeVisible();
  await screenshotAtSizes(page, 'outbox-links-nl', page.locator('.outbox-table'));
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+4');
  await expect(row(linkedId)).toContainText(`linked to customer ${customerNo}`);
  await expect(row(notLinkedId)).toContainText(
    `not linked to customer ${customerNo}: the customer's session ended before delivery`,
  );
  await screenshotAtSizes(page, 'outbox-links-en', page.locator('.outbox-table'));

  // Keyboard only: focus the action and press Enter.
  const linkNowEn = row(notLinkedId).getByRole('button', { name: 'Link to customer' });
  await linkNowEn.focus();
  await page.keyboard.press('Enter');
  await expect(notLinked).toHaveText(`linked to customer ${customerNo}`);
  await expect(linkNowEn).toHaveCount(0);
  const { requests } = await desk.emulator.admin<{ requests: { requestId: string; source: string }[] }>(
    '/requests/quote',
  );
  expect(requests.find((request) => request.requestId === notLinkedId)?.source).toBe('portal');
});

/** Every way a customer's session ends at the desk except sending the order. */
const ENDINGS = ['signOut', 'nextCustomer', 'idle', 'expiry', 'revocation', 'reload', 'quit'] as const;

/** The form's fields the customer's details and a registered address fill (a name each, one form shown). */
const PORTAL_FIELDS = ['companyName', 'email', 'vatRegistrationNo', 'phoneNo', 'address', 'shipToAddress'];
const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
/** A field's value, '' when the form does not show it (a delivery address once delivery is off). */
const shownValue = async (page: Page, name: string) =>
  (await field(page, name).count()) ? field(page, name).inputValue() : '';
async function expectNoPortalValues(page: Page) {
  for (const name of PORTAL_FIELDS) await expect.poll(() => shownValue(page, name), name).toBe('');
}
const TYPED_CONTACT = 'Jan Baliegast';

/** Every file of the data directory (app.db, its WAL, logs) as bytes, joined. */
async function dataDirBytes(): Promise<Map<string, Buffer>> {
  return filesWithContent(desk.shell.ready.dataDir);
}

/**
 * How long each minute of the idle setting lasts in the idle ending's shell: the setting is honoured in
 * seconds, and the steps before it (minutes of the default setting) never come near it.
 */
const IDLE_MINUTE_MS = 15_000;

for (const ending of ENDINGS) {
  test.describe(() => {
    if (ending === 'idle') test.use({ shellEnv: { VOA_DESK_SHELL_IDLE_MINUTE_MS: String(IDLE_MINUTE_MS) } });
    test(`the customer's data leaves with the customer: ${ending}`, async ({ page }) => {
      if (ending === 'idle') test.setTimeout(180_000);
      // A portal user of its own per ending: the desk waits 60 s before a second code to one address.
      const email = `balie-${ending.toLowerCase()}@northernsteel.example`;
      const { users } = await desk.emulator.admin<{ users: { email: string; customerNo: string }[] }>(
        '/portal/users',
      );
      const customerNo = users.find((user) => user.email === OTHER_BUYER)!.customerNo;
      await desk.emulator.admin('/portal/users', { email, customerNo, role: 'Buyer' });
      await openCounter(page, 'nl');
      await signIn(page, email, NL);
      const bar = page.locator('.customer-bar');
      await expect(bar).toContainText('Aangemeld:');

      // The way it failed: the employee types, uses the customer's details and a registered address.
      await field(page, 'contactName').fill(TYPED_CONTACT);
      await page.getByRole('button', { name: 'Klantgegevens gebruiken' }).click();
      const addresses = page.locator('#customer-address');
      const chosen = await addresses.locator('option').nth(1).getAttribute('value');
      await addresses.selectOption(chosen!);
      const theirs: string[] = [];
      for (const name of PORTAL_FIELDS) {
        const value = await field(page, name).inputValue();
        expect(value, `${name} filled from the portal`).not.toBe('');
        theirs.push(value);
      }
      const [, emailValue, vat, phone, street, shipToStreet] = theirs;
      const secrets = [emailValue!, vat!, phone!, street!, shipToStreet!];
      // The draft is saved as the employee types: the typed contact reaches the disk, the customer's data not.
      // Main's draft is asked for, not only the bytes: a quit must come after the draft's own save.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const saved = await window.voa!.drafts.get({ target: 'counter' });
            return saved.ok && saved.value.draft !== null && 'contactName' in saved.value.draft
              ? saved.value.draft.contactName
              : '';
          }),
        )
        .toBe(TYPED_CONTACT);
      await expect
        .poll(async () => Buffer.concat([...(await dataDirBytes()).values()]).includes(TYPED_CONTACT))
        .toBe(true);

      if (ending === 'signOut') await page.getByRole('button', { name: 'Afmelden' }).click();
      if (ending === 'nextCustomer') {
        page.once('dialog', (confirm) => void confirm.accept());
        await page.getByRole('button', { name: 'Volgende klant' }).click();
      }
      if (ending === 'idle') {
        // The shortest setting, one minute, counted from its saving; then no key or click for that long.
        const saved = await page.evaluate(() => window.voa!.settings.save({ portalIdleMinutes: 1 }));
        expect(saved.ok).toBe(true);
        await expect(bar).toBeHidden({ timeout: 150_000 });
      }
      if (ending === 'expiry' || ending === 'revocation') {
        if (ending === 'expiry') await desk.emulator.admin('/clock', { advanceSeconds: 481 * 60 });
        else await desk.emulator.admin('/portal/users', { email, customerNo, active: false });
        await page.getByRole('button', { name: 'Vernieuwen' }).first().click();
      }
      if (ending === 'reload') await page.reload();
      if (ending === 'quit') {
        await desk.shell.stop();
        // At rest, with VOA Desk closed: the customer is in no file.
        for (const [file, content] of await dataDirBytes())
          for (const secret of secrets) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
        desk.shell = await startBrowserShellProcess(desk.profile);
        await page.goto(desk.shell.ready.url);
      }

      await expect(page.getByRole('heading', { name: 'Een bekende klant aanmelden' })).toBeVisible();
      await expect(bar).toBeHidden();
      const typedStays =
        ending === 'signOut' || ending === 'idle' || ending === 'expiry' || ending === 'revocation';
      if (typedStays) {
        await expect(
          page.getByText(
            'De gegevens, adressen en overgenomen regels van de klant zijn uit het formulier gehaald.',
          ),
        ).toBeVisible();
        await expect(field(page, 'contactName')).toHaveValue(TYPED_CONTACT);
      }
      await expectNoPortalValues(page);
      if (ending === 'reload' || ending === 'quit') {
        // The unfinished form is offered with what the employee typed, labelled by it, and nothing else.
        const offer = page.getByTestId('unfinished-offer');
        await expect(offer).toContainText(TYPED_CONTACT);
        await page.screenshot({ path: `test-results/screenshots/customer-privacy-${ending}-nl.png` });
        await offer.getByRole('button', { name: 'verder' }).click();
        await expect(field(page, 'contactName')).toHaveValue(TYPED_CONTACT);
        await expectNoPortalValues(page);
      } else {
        await page.screenshot({ path: `test-results/screenshots/customer-privacy-${ending}-nl.png` });
      }
      if (ending === 'nextCustomer') await expect(field(page, 'contactName')).toHaveValue('');

      // Another customer signs in: no offer, parked order or form field holds the first one's data.
      const next = `volgende-${ending.toLowerCase()}@devries.example`;
      const otherCustomer = users.find((user) => user.email === BUYER)!.customerNo;
      expect(otherCustomer).not.toBe(customerNo);
      await desk.emulator.admin('/portal/users', { email: next, customerNo: otherCustomer, role: 'Buyer' });
      await signIn(page, next, NL);
      await expect(bar).toContainText('Aangemeld:');
      const screenText = await page.locator('main').innerText();
      for (const secret of secrets) expect(screenText.includes(secret), `${secret} on screen`).toBe(false);
      for (const [file, content] of await dataDirBytes())
        for (const secret of secrets) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
    });
  });
}

test('everything the portal returns, as the contract means it, in Dutch and in English', async ({ page }) => {
  // RequestCode takes its 1.5 s on the host: the panel says meanwhile that the code is being sent.
  await desk.emulator.admin('/settings', { requestCodeMinimumMs: 1500 });
  await openCounter(page, 'nl');
  await page.setViewportSize(SIZES[0]);
  await page.getByLabel(NL.email, { exact: true }).fill(BUYER);
  await page.getByRole('button', { name: NL.send }).click();
  await expect(page.getByText('De code wordt verstuurd… dit duurt enkele seconden.')).toBeVisible();
  await expect(page.getByText(NL.sent)).toBeVisible();
  await page.getByLabel(NL.code, { exact: true }).fill(await newestCode(BUYER));
  await page.keyboard.press('Enter');
  await expect(page.locator('.customer-bar')).toContainText('Aangemeld:');
  // MyRequests once per sign-in, however many times the tab is shown.
  await expect(
    page.locator('.customer-tabs__body table, .customer-tabs__body .customer-panel__note').first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Offertes' }).click();
  await page.getByRole('tab', { name: 'Aanvragen' }).click();
  const { calls } = await desk.emulator.admin<{ calls: { procedure?: string; path?: string }[] }>('/calls');
  expect(calls.filter((call) => JSON.stringify(call).includes('MyRequests'))).toHaveLength(1);

  const texts = {
    nl: {
      quotes: 'Offertes',
      orders: 'Orders',
      shipments: 'Leveringen',
      lines: 'Regels',
      reference: 'Uw referentie',
      weight: 'Gewicht (staal)',
      fromQuote: 'Uit offerte',
      note: 'Notitie voor de klant',
      passed: 'geldigheid verstreken',
      accept: /^Accepteren… /,
      live: /\((lopend|gearchiveerd)\)/,
      unknownKg: 'kg onbekend',
      shipped: 'Geleverd',
    },
    en: {
      quotes: 'Quotes',
      orders: 'Orders',
      shipments: 'Shipments',
      lines: 'Lines',
      reference: 'Your reference',
      weight: 'Weight (steel)',
      fromQuote: 'From quote',
      note: 'Note for the customer',
      passed: 'validity passed',
      accept: /^Accept… /,
      live: /\((live|archived)\)/,
      unknownKg: 'kg unknown',
      shipped: 'Shipped',
    },
  } as const;
  for (const language of ['nl', 'en'] as const) {
    const words = texts[language];
    if (language === 'en') {
      await page.keyboard.press('Alt+5');
      await page.getByText('English').click();
      await page.keyboard.press('Alt+1');
    }
    const body = page.locator('.customer-tabs__body');
    await page.getByRole('tab', { name: words.quotes }).click();
    for (const header of [words.reference, words.weight, words.note])
      await expect(body.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    // A released quote whose validity passed is not offered for acceptance.
    const passed = body.locator('tr').filter({ hasText: words.passed });
    await expect(passed.first()).toBeVisible();
    await expect(passed.getByRole('button', { name: words.accept })).toHaveCount(0);
    await passed.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/customer-quotes-columns-${language}.png` });

    await page.getByRole('tab', { name: words.orders }).click();
    for (const header of [words.reference, words.fromQuote, words.note])
      await expect(body.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    // The order made from a quote (seeded with the customer's reference BOUW-2026-17 and a note).
    const fromQuote = body.locator('tr').filter({ hasText: 'BOUW-2026-17' });
    await expect(fromQuote).toContainText(words.live);
    await expect(fromQuote).toContainText('Tweede helft volgt in week 50');
    await page.screenshot({ path: `test-results/screenshots/customer-orders-columns-${language}.png` });

    // The order made from a quote is live and half shipped; the host does not know its first line's weight.
    await fromQuote.getByRole('button', { name: new RegExp(`^${words.lines} `) }).click();
    await expect(body.getByRole('columnheader', { name: words.shipped, exact: true })).toBeVisible();
    await expect(body.locator('tbody tr').first()).toContainText(words.unknownKg);
    await page.screenshot({ path: `test-results/screenshots/customer-lines-unknown-${language}.png` });

    await page.getByRole('tab', { name: words.shipments }).click();
    await expect(body.getByRole('columnheader', { name: words.reference, exact: true })).toBeVisible();
  }
});

test('order again from an order, a shipment and a quote, with and without the steel extension, a blocked item flagged', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = 'nabestellen@devries.example';
  await desk.emulator.admin('/portal/users', { email, customerNo: '10000', role: 'Buyer' });
  await openCounter(page, 'nl');
  await catalogSynced(page);
  await signIn(page, email, NL);
  await expect(page.locator('.customer-bar')).toContainText('Aangemeld:');
  const body = page.locator('.customer-tabs__body');
  const formLines = page.getByLabel(/^Regel \d+ · Artikel$/);
  /** Clicks a document's Lines; gives the document as the panel names it ("levering LEV-…"). */
  const showLines = async (row: Locator, type: string) => {
    const button = row.getByRole('button', { name: /^Regels / });
    const no = (await button.getAttribute('aria-label'))?.replace(/^Regels /, '');
    await button.click();
    return `${type} ${no}`;
  };
  /**
   * "Order again" as soon as it is offered, as a quick employee does: the lines it offers, and the lines
   * it adds, are those of the document clicked last, never those that were on screen before it.
   */
  const orderAgain = async (document: string, count: number | 'all', skip?: number) => {
    await body.getByRole('button', { name: 'Opnieuw bestellen…' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(`Opnieuw bestellen uit ${document}`);
    const boxes = dialog.getByRole('checkbox');
    await expect(boxes.first()).toBeFocused();
    if (skip !== undefined) await boxes.nth(skip).uncheck();
    const chosen = count === 'all' ? await boxes.count() : count;
    await page.screenshot({ path: `test-results/screenshots/customer-order-again-${chosen}-nl.png` });
    await dialog.getByRole('button', { name: `Voeg ${chosen} regels toe aan het formulier` }).click();
    await expect(dialog).toBeHidden();
    await expect(
      body.getByRole('status').filter({ hasText: `${chosen} regels van ${document} staan` }),
    ).toBeVisible();
    return chosen;
  };

  // The order BOUW-2026-17: five lines, the last of an item the catalog has blocked since. One is left out.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const order = await showLines(body.locator('tr').filter({ hasText: 'BOUW-2026-17' }), 'order');
  // The document's lines are read from the host: counted once they are on screen.
  await expect(body.getByRole('button', { name: 'Opnieuw bestellen…' })).toBeVisible();
  await expect(body.locator('tbody tr').first()).toBeVisible();
  const orderLines = await body.locator('tbody tr').count();
  const itemNos = await body.locator('tbody tr td:first-child').allTextContents();
  const fromOrder = await orderAgain(order, orderLines - 1, 1);
  await expect(formLines).toHaveCount(fromOrder);
  await expect(formLines.first()).toHaveValue(itemNos[0]!);
  await expect(formLines.nth(1)).toHaveValue(itemNos[2]!);
  // Refused as on any line (the emulator's small catalog has it blocked for sales, or its size blocked).
  await expect(
    page.getByText(new RegExp(`(artikel|van artikel) ${itemNos.at(-1)} is geblokkeerd`)),
  ).toBeVisible();
  await screenshot(page, 'customer-order-again-added-nl');

  // A shipment of the same customer, "order again" pressed the moment it is offered: every line.
  await page.getByRole('tab', { name: 'Leveringen' }).click();
  const shipment = await showLines(body.locator('tbody tr').first(), 'levering');
  const fromShipment = await orderAgain(shipment, 'all');
  await expect(formLines).toHaveCount(fromOrder + fromShipment);

  // Without the steel extension: quantity and unit of measure as the host sends them.
  await desk.emulator.admin('/settings', { steel: false });
  await page.getByRole('tab', { name: 'Offertes' }).click();
  await page.getByRole('button', { name: 'Vernieuwen' }).click();
  const quote = await showLines(body.locator('tbody tr').first(), 'offerte');
  await expect(body.getByRole('heading', { name: `Regels van ${quote}` })).toBeVisible();
  await expect(body.locator('tbody tr').first()).toBeVisible();
  await expect(body.locator('tbody tr').first()).not.toContainText('◆');
  const fromQuote = await orderAgain(quote, 'all');
  await expect(formLines).toHaveCount(fromOrder + fromShipment + fromQuote);

  // The host slow, then down, at the counter's window size: the panel names the document asked for at once,
  // as being read, and never shows (or offers to order again) the lines of another.
  await page.setViewportSize({ width: 1024, height: 700 });
  await desk.emulator.admin('/faults', { rules: [{ kind: 'latency', match: 'requests', ms: 8000 }] });
  await page.getByRole('tab', { name: 'Orders' }).click();
  const slow = await showLines(body.locator('tr').filter({ hasText: 'BOUW-2026-17' }), 'order');
  await expect(body.getByRole('heading', { name: `Regels van ${slow}` })).toBeVisible();
  await expect(body.getByRole('status')).toHaveText('Laden…');
  await expect(body.locator('table')).toHaveCount(0);
  await expect(body.getByRole('button', { name: 'Opnieuw bestellen…' })).toHaveCount(0);
  await screenshot(page, 'customer-lines-reading-nl');
  // Down while the order is still being read: the shipment asked for next fails; the order's late answer
  // is not shown in its place.
  await desk.emulator.admin('/faults', { rules: [{ kind: 'drop', match: 'requests' }] });
  await page.getByRole('tab', { name: 'Leveringen' }).click();
  await showLines(body.locator('tbody tr').first(), 'levering');
  await expect(body.getByRole('heading', { name: `Regels van ${shipment}` })).toBeVisible();
  await expect(body).toContainText(`De regels van ${shipment} konden niet worden gelezen.`);
  await expect(page.locator('.customer-tabs').getByRole('alert')).toContainText(
    'Het ERP was niet bereikbaar',
  );
  await expect(body.locator('table')).toHaveCount(0);
  await screenshot(page, 'customer-lines-failed-nl');
  await desk.emulator.admin('/faults', { rules: [] });
  await body.getByRole('button', { name: 'Opnieuw lezen' }).click();
  await expect(body.locator('tbody tr')).toHaveCount(fromShipment);
  await expect(body.getByRole('heading', { name: `Regels van ${shipment}` })).toBeVisible();

  // The copied lines are the customer's: they leave the form with the customer.
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(formLines).toHaveCount(0);
});
