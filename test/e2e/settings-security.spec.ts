// The two security-related parts of Settings, used keyboard-only in both languages: a stored secret whose
// connection settings changed says "enter again" beside the field, and the extra CA file is shown, never
// typed (the browser shell has no file chooser of main's own, and says so).
import { screenshot } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';
import { openSettings, tabTo } from './settings-keyboard.ts';

test('settings: a changed connection asks for the secret again; the CA file is chosen, never typed', async ({
  page,
  newDesk: { shell },
}) => {
  await openSettings(page, shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Instellingen', level: 1 })).toBeVisible();

  const baseUrl = page.getByLabel('Basis-URL');
  await tabTo(page, baseUrl);
  await page.keyboard.type('https://erp.example.com/v2.0/contoso/Production');
  const save = page.getByRole('button', { name: 'Beheerdersinstellingen opslaan' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Instellingen opgeslagen.')).toBeVisible();

  const secret = page.locator('input[name="website-secret"]');
  await tabTo(page, secret);
  await page.keyboard.type('a-secret-for-contoso');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('website-secret-status')).toHaveText('Geheim ingesteld');

  // The connection now names another server: the stored secret is no longer used until typed again.
  await tabTo(page, baseUrl);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('https://elsewhere.example.com/v2.0/contoso/Production');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('website-secret-status')).toHaveText('Opnieuw invoeren');
  await expect(page.getByTestId('website-secret-reason')).toHaveText(
    /verbindingsinstellingen zijn gewijzigd/,
  );

  // The CA file field cannot be typed in; its button answers that only the desktop app chooses files.
  const caFile = page.getByLabel('Extra CA-certificaatbestand');
  await expect(caFile).toHaveAttribute('readonly', '');
  const choose = page.getByRole('button', { name: 'Bestand kiezen…' });
  await tabTo(page, choose);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Het bestand wordt gekozen in de desktop-app/)).toBeVisible();
  await caFile.scrollIntoViewIfNeeded();
  await screenshot(page, 'settings-security-nl-1366');
  await page.setViewportSize({ width: 1024, height: 700 });
  await screenshot(page, 'settings-security-nl-1024');

  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('website-secret-status')).toHaveText('Enter again');
  await expect(page.getByTestId('website-secret-reason')).toHaveText(/connection settings changed/);
  await expect(page.getByRole('button', { name: 'Choose file…' })).toBeVisible();
  await expect(page.getByText(/The file is chosen in the desktop app/)).toBeVisible();
  await screenshot(page, 'settings-security-en-1024');
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, 'settings-security-en-1366');

  // Typed again for the new connection: bound again.
  await tabTo(page, secret);
  await page.keyboard.type('a-secret-for-elsewhere');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('website-secret-status')).toHaveText('Secret set');
  await expect(page.getByTestId('website-secret-reason')).toHaveCount(0);
});
