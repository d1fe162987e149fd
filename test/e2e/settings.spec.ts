import type { Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { screenshot } from './browser-shell.ts';
import { expect, test, type NewDesk } from './fixtures.ts';

const SECRET = `website-secret-${Date.now()}-Zq8!`;

async function everyFileUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Opens VOA Desk and waits until the frame is up (the app renders after its first bridge calls). */
async function openApp(page: Page, { shell }: NewDesk) {
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
}

test('settings: fill the host connection, store a secret, reload, see it set, switch language; the secret is nowhere but the keychain', async ({
  page,
  newDesk,
}) => {
  const { profile } = newDesk;
  await openApp(page, newDesk);
  await page.keyboard.press('Alt+5');
  await expect(page.getByRole('heading', { name: 'Instellingen', level: 1 })).toBeVisible();
  await expect(page.getByTestId('website-secret-status')).toHaveText('Geen geheim ingesteld');

  // A fresh profile opens Settings with the setup guide, and knows Business Central's fixed values.
  await expect(page.getByTestId('setup-guide')).toBeVisible();
  await expect(page.getByLabel('Authenticatie-URL')).toHaveValue('https://login.microsoftonline.com');
  await expect(page.getByLabel('API-resource')).toHaveValue('https://api.businesscentral.dynamics.com');
  await expect(page.getByTestId('no-pin-hint')).toBeVisible();

  await page.getByLabel('Basis-URL').fill('https://erp.example.com/v2.0/contoso/Production');
  await page.getByLabel('Authenticatie-URL').fill('https://login.example.com');
  await page.getByLabel('Tenant', { exact: true }).fill('contoso');
  await page.getByLabel('API-resource').fill('https://api.example.com');
  await page.getByLabel('Bedrijfsnaam').fill("Staalhandel 't Gooi B.V.");
  await page.getByLabel('Bedrijfs-id (GUID)').fill('not-a-guid');
  const saveAdmin = page.getByRole('button', { name: 'Beheerdersinstellingen opslaan' });
  await saveAdmin.click();
  await expect(page.getByText('Niet opgeslagen: verbeter de gemarkeerde velden.')).toBeVisible();
  await expect(page.getByText(/moet een GUID zijn/)).toBeVisible();
  await screenshot(page, 'settings-invalid-nl');

  await page.getByLabel('Bedrijfs-id (GUID)').fill('3f2504e0-4f89-11d3-9a0c-0305e82c3301');
  await page.getByLabel('Client-id').first().fill('website-client');
  await page.getByLabel('Versie privacyverklaring').fill('v2026-01');
  await expect(page.getByLabel('Versie privacyverklaring')).toHaveValue('V2026-01');
  await saveAdmin.click();
  await expect(page.getByText('Instellingen opgeslagen.')).toBeVisible();
  // Saved: the host is named, so the guide has done its work.
  await expect(page.getByTestId('setup-guide')).toHaveCount(0);

  const employee = page.getByLabel('Baliemedewerkers');
  await employee.fill('Anja de Vries');
  await employee.press('Enter');
  await employee.fill('Kees Bakker');
  await employee.press('Enter');
  // A pasted name longer than assistedBy allows is never cut: it stays in the field with the reason.
  await employee.fill('K'.repeat(51));
  await expect(page.getByText('Te lang: 51 tekens, hoogstens 50. Maak het eerst korter.')).toBeVisible();
  await employee.press('Enter');
  await expect(employee).toHaveValue('K'.repeat(51));
  await employee.fill('');
  await page.getByRole('button', { name: 'Keuzes opslaan' }).click();
  await expect(page.getByRole('region', { name: 'Balie en beurs' }).getByRole('status')).toHaveText(
    'Instellingen opgeslagen.',
  );

  await page.locator('input[name="website-secret"]').fill(SECRET);
  await page.getByRole('button', { name: 'Geheim opslaan' }).first().click();
  await expect(page.getByTestId('website-secret-status')).toHaveText('Geheim ingesteld');
  await expect(page.locator('input[name="website-secret"]')).toHaveValue('');
  await screenshot(page, 'settings-nl');

  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+5');
  await expect(page.getByTestId('website-secret-status')).toHaveText('Geheim ingesteld');
  await expect(page.getByTestId('sync-secret-status')).toHaveText('Geen geheim ingesteld');
  await expect(page.getByLabel('Bedrijfsnaam')).toHaveValue("Staalhandel 't Gooi B.V.");
  await expect(page.getByRole('listitem').filter({ hasText: 'Kees Bakker' })).toBeVisible();

  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('website-secret-status')).toHaveText('Secret set');
  await screenshot(page, 'settings-en');

  // The secret went to the keychain only: not the DOM, not settings.json, not the database, no file at all.
  const inputValues = await page
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(inputValues.join('\n')).not.toContain(SECRET);
  expect(await page.content()).not.toContain(SECRET);
  const files = await everyFileUnder(profile.dataDir);
  expect(files.map((file) => path.basename(file))).toEqual(
    expect.arrayContaining(['settings.json', 'app.db']),
  );
  for (const file of files) {
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from(SECRET)), `${file} holds the secret`).toBe(false);
  }
  const settings = JSON.parse(await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8'));
  expect(settings.host.companyName).toBe("Staalhandel 't Gooi B.V.");
  expect(settings.uiLanguage).toBe('en');
});

test('frame: every screen is reachable by keyboard in both languages', async ({ page, newDesk }) => {
  await openApp(page, newDesk);
  for (const language of ['en', 'nl'] as const) {
    await page.keyboard.press('Alt+5');
    await page.getByText(language === 'nl' ? 'Nederlands' : 'English').click();
    const names =
      language === 'nl'
        ? ['Balie', 'Beurs', 'Catalogus', 'Verzendlijst', 'Instellingen']
        : ['Counter', 'Trade fair', 'Catalog', 'Outbox', 'Settings'];
    for (const [index, name] of names.entries()) {
      await page.keyboard.press(`Alt+${index + 1}`);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await screenshot(page, `screen-${index + 1}-${language}`);
    }
  }
  // Tab reaches the navigation, and focus is visible there.
  await page.locator('body').click();
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe('solid');
});
