// The person who sets up the desk, keyboard only, in Dutch and English, against the emulator over HTTPS:
// the first run's setup guide, the connection typed in, Test connection per application (with the
// emulator's fault switches), and the administrator PIN that counter staff do not pass. The extra CA file
// is set with the CLI beforehand, as the browser shell has no file chooser of main's own.
import type { Page } from '@playwright/test';
import { KeytarSecretVault } from '../../src/main/core/secrets/secret-vault.ts';
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import { BUSINESS_CENTRAL_DEFAULTS } from '../../src/shared/settings.ts';
import { screenshotAtSizes } from './browser-shell.ts';
import { startupSyncEnded } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';
import { openSettings, tabTo } from './settings-keyboard.ts';

// Keyboard only: every field is reached with Tab, which takes longer than the default time allows.
test.describe.configure({ timeout: 360_000 });

/** The keychain profile a test set a PIN in: the desk's disposal clears the secrets, not the PIN's hash. */
let pinProfile: string | undefined;

test.afterEach(async () => {
  if (pinProfile) await new KeytarSecretVault(pinProfile).deleteEntry('admin-pin-hash');
  pinProfile = undefined;
});

/** Types into a field reached with Tab, replacing what it held. */
async function typeInto(page: Page, label: string | RegExp, text: string, nth = 0) {
  const field = page.getByLabel(label, { exact: typeof label === 'string' }).nth(nth);
  await tabTo(page, field);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

async function pressButton(page: Page, name: string) {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** The language is a radio group: Tab reaches the chosen one, an arrow key picks the other. */
async function switchLanguage(page: Page, from: 'Nederlands' | 'English') {
  await tabTo(page, page.getByRole('radio', { name: from }));
  await page.keyboard.press(from === 'Nederlands' ? 'ArrowRight' : 'ArrowLeft');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    from === 'Nederlands' ? 'Settings' : 'Instellingen',
  );
}

test('first run: the setup guide, the connection typed in, and Test connection saying per application what works and what to fix', async ({
  page,
  deskBeforeSetup: { emulator, shell },
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(shell.ready.url);
  // Nothing names the host yet: the app opens on Settings, with the guide.
  await expect(page.getByRole('heading', { name: 'Instellingen', level: 1 })).toBeVisible();
  const guide = page.getByTestId('setup-guide');
  await expect(guide).toContainText('Deze balie inrichten');
  await expect(page.getByLabel('Authenticatie-URL')).toHaveValue(BUSINESS_CENTRAL_DEFAULTS.authUrl);
  await expect(page.getByLabel('API-resource')).toHaveValue(BUSINESS_CENTRAL_DEFAULTS.apiResource);
  await screenshotAtSizes(page, 'settings-setup-guide-nl', guide);
  await switchLanguage(page, 'Nederlands');
  await expect(guide).toContainText('Setting up this desk');
  await screenshotAtSizes(page, 'settings-setup-guide-en', guide);
  await switchLanguage(page, 'English');

  await pressButton(page, 'Begin met de basis-URL');
  await expect(page.getByLabel('Basis-URL')).toBeFocused();
  const info = emulator.info;
  await page.keyboard.type(info.baseUrl);
  await typeInto(page, 'Authenticatie-URL', info.authUrl);
  await typeInto(page, 'Tenant', info.tenant);
  expect(info.apiResource).toBe(BUSINESS_CENTRAL_DEFAULTS.apiResource);
  await typeInto(page, 'Bedrijfsnaam', info.companyName);
  await typeInto(page, 'Bedrijfs-id (GUID)', info.companyId);
  await typeInto(page, 'Client-id', info.website.clientId, 0);
  await typeInto(page, 'Client-id', info.sync.clientId, 1);

  // The sync secret typed before the settings were saved: they are saved first, so the secret is bound
  // to them and stays valid (Test connection below uses it).
  await tabTo(page, page.locator('input[name="sync-secret"]'));
  await page.keyboard.type(info.sync.clientSecret);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Instellingen opgeslagen.')).toBeVisible();
  await expect(page.getByTestId('sync-secret-status')).toHaveText('Geheim ingesteld');
  await expect(guide).toHaveCount(0);
  // Its settings complete, the new desk fetches its first catalog by itself, not at night.
  await startupSyncEnded(page);

  // A mistyped website secret.
  await tabTo(page, page.locator('input[name="website-secret"]'));
  await page.keyboard.type('not-the-website-secret');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('website-secret-status')).toHaveText('Geheim ingesteld');

  await pressButton(page, 'Verbinding testen');
  const website = page.getByTestId('check-website');
  const sync = page.getByTestId('check-sync');
  await expect(website).toContainText(
    'Token: geweigerd. Controleer de client-id en het clientgeheim van de website-applicatie, en de tenant.',
  );
  await expect(sync).toContainText('Werkt: token ontvangen en voaCategories antwoordde.');
  const checks = page.getByRole('region', { name: /^(Verbinding testen|Test connection)$/ });
  await screenshotAtSizes(page, 'settings-test-connection-refused-nl', checks);

  await tabTo(page, page.locator('input[name="website-secret"]'));
  await page.keyboard.type(info.website.clientSecret);
  await page.keyboard.press('Enter');
  await pressButton(page, 'Verbinding testen');
  await expect(website).toContainText('Werkt: token ontvangen en voaPortal_ReadSession antwoordde.');
  await expect(sync).toContainText('Werkt: token ontvangen en voaCategories antwoordde.');
  // The browser shell cannot ask the system for a proxy: without the variables, the route is direct.
  await expect(page.getByTestId('connection-routes')).toHaveText(
    `${new URL(info.baseUrl).origin}: rechtstreeks, zonder proxy (geen proxy ingesteld)`,
  );
  await screenshotAtSizes(page, 'settings-test-connection-works-nl', checks);

  // The ERP drops every call: both say the host is unreachable, and what to check.
  await emulator.admin('/faults', { rules: [{ kind: 'drop', match: 'api' }] });
  await pressButton(page, 'Verbinding testen');
  await expect(website).toContainText(
    'Host onbereikbaar: controleer de basis-URL, het netwerk of de proxy, of het CA-bestand.',
  );
  await expect(sync).toContainText('Host onbereikbaar');
  await switchLanguage(page, 'Nederlands');
  await expect(website).toContainText(
    'Host unreachable: check the base URL, the network or proxy, or the CA file.',
  );
  await tabTo(page, website.getByText('Details (the ERP’s or the network’s own words)'));
  await page.keyboard.press('Enter');
  await screenshotAtSizes(page, 'settings-test-connection-unreachable-en', checks);
  await emulator.admin('/faults', { rules: [] });
  await switchLanguage(page, 'English');
});

test('the administrator PIN: set, leaving Settings or reloading locks, a wrong PIN is refused, main refuses a locked window, change and remove', async ({
  page,
  desk: { emulator, profile, shell },
}) => {
  pinProfile = profile.profile;
  await openSettings(page, shell.ready.url);
  await expect(page.getByTestId('no-pin-hint')).toBeVisible();

  await typeInto(page, 'Nieuwe pincode', '4821');
  await typeInto(page, 'Herhaal de nieuwe pincode', '4822');
  await page.keyboard.press('Enter');
  await expect(page.getByText('De twee nieuwe pincodes verschillen')).toBeVisible();
  await typeInto(page, 'Nieuwe pincode', '48');
  await typeInto(page, 'Herhaal de nieuwe pincode', '48');
  await page.keyboard.press('Enter');
  await expect(page.getByText('moet uit 4 tot 12 cijfers bestaan')).toBeVisible();
  await typeInto(page, 'Nieuwe pincode', '4821');
  await typeInto(page, 'Herhaal de nieuwe pincode', '4821');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pincode ingesteld.')).toBeVisible();
  const admin = page.getByTestId('admin-section');
  await expect(admin).toContainText('Ontgrendeld.');
  await screenshotAtSizes(page, 'settings-admin-unlocked-nl', admin);

  // Leaving Settings locks the section: only the PIN field is left of it.
  await page.keyboard.press('Alt+1');
  await page.keyboard.press('Alt+5');
  await expect(page.getByLabel('Pincode', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Basis-URL')).toHaveCount(0);
  await expect(page.getByLabel('Client-id')).toHaveCount(0);
  await screenshotAtSizes(page, 'settings-admin-locked-nl', admin);

  // Counter staff keep their own choices.
  const employee = page.getByLabel('Baliemedewerkers');
  await tabTo(page, employee);
  await page.keyboard.type('Piet Smit');
  await page.keyboard.press('Enter');
  await pressButton(page, 'Keuzes opslaan');
  await expect(page.getByRole('region', { name: 'Balie en beurs' }).getByRole('status')).toHaveText(
    'Instellingen opgeslagen.',
  );
  // A trade-fair label the ERP reads as something else is refused as it is added, saying why.
  await tabTo(page, page.getByLabel('Bronlabels voor beurzen'));
  await page.keyboard.type(SOURCE_COUNTER_VISIT);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${SOURCE_COUNTER_VISIT}: mag niet ${SOURCE_COUNTER_VISIT} of`)).toBeVisible();
  await expect(page.getByRole('button', { name: `${SOURCE_COUNTER_VISIT} verwijderen` })).toHaveCount(0);

  // An untrusted page that skips the screen is refused by main.
  const skipped = await page.evaluate(() => window.voa!.settings.save({ host: { tenant: 'elsewhere' } }));
  expect(skipped).toEqual({ ok: false, error: expect.objectContaining({ code: 'admin-locked' }) });

  await typeInto(page, 'Pincode', '0000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Onjuiste pincode.')).toBeVisible();
  await switchLanguage(page, 'Nederlands');
  // The message on screen follows the language switch.
  await expect(page.getByText('Wrong PIN.')).toBeVisible();
  await screenshotAtSizes(page, 'settings-admin-locked-en', admin);
  await typeInto(page, 'PIN', '4821');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Base URL')).toBeFocused();
  await expect(page.getByLabel('Tenant')).toHaveValue(emulator.info.tenant);
  await screenshotAtSizes(page, 'settings-admin-unlocked-en', admin);

  await typeInto(page, 'Current PIN', '4821');
  await typeInto(page, 'New PIN', '9876');
  await typeInto(page, 'Repeat the new PIN', '9876');
  await page.keyboard.press('Enter');
  await expect(page.getByText('PIN changed.')).toBeVisible();

  // A reload brings Settings back, locked: the next person at the desk does not find it open.
  await page.reload();
  await expect(page.getByLabel('PIN', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Base URL')).toHaveCount(0);
  const afterReload = await page.evaluate(() => window.voa!.settings.save({ host: { tenant: 'elsewhere' } }));
  expect(afterReload).toEqual({ ok: false, error: expect.objectContaining({ code: 'admin-locked' }) });
  await typeInto(page, 'PIN', '9876');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Base URL')).toBeFocused();

  await typeInto(page, 'Current PIN', '1111');
  await pressButton(page, 'Remove PIN');
  await expect(page.getByText('Wrong PIN.')).toBeVisible();
  await typeInto(page, 'Current PIN', '9876');
  await pressButton(page, 'Remove PIN');
  await expect(page.getByText('PIN removed')).toBeVisible();
  await expect(page.getByTestId('no-pin-hint')).toBeVisible();
  await switchLanguage(page, 'English');
});
