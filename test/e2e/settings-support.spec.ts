// Settings' about and support section in the browser shell, in Dutch, by keyboard: the version, build and
// commit, where the logs are, and a support bundle saved into the profile's support/ folder.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestProfile } from '../support/processes.ts';
import { startBrowserShellProcess, screenshotAtSizes } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

test('settings: about shows version, build and commit and the log folder; the support bundle is saved by keyboard', async ({
  page,
  newDesk: { profile, shell },
}) => {
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+5');
  const section = page.getByRole('region', { name: 'Over VOA Desk en ondersteuning' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('about-version')).toHaveText(/^VOA Desk \d+\.\d+\.\d+$/);
  await expect(section.getByText(/^[0-9a-f]{7,}(-dirty)?$/)).toBeVisible();
  await expect(section.getByText(path.join(profile.dataDir, 'logs'))).toBeVisible();
  // The browser shell cannot open a folder: it says where the files are instead of offering the button.
  await expect(section.getByRole('button', { name: 'Logmap openen' })).toHaveCount(0);
  await expect(section.getByText('De desktop-app opent deze map voor u.')).toBeVisible();
  await expect(section.getByText('niet gebouwd (gestart vanuit de broncode)')).toBeVisible();

  const save = section.getByRole('button', { name: 'Supportbundel opslaan' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText('Supportbundel opgeslagen:');
  const saved = await readdir(path.join(profile.dataDir, 'support'));
  expect(saved).toEqual([expect.stringMatching(/^voa-desk-support-.*\.zip$/)]);
  await expect(section.getByRole('status')).toContainText(saved[0]!);
  await screenshotAtSizes(page, 'settings-support-nl', section);
});

test('settings: a machine policy shows its locked fields read-only naming the file; an invalid one is told at the top', async ({
  page,
}) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voa-policy-e2e-'));
  const policyFile = path.join(folder, 'policy.json');
  await writeFile(
    policyFile,
    JSON.stringify({
      host: { baseUrl: 'https://erp.staalhandel.example/v2.0/contoso/Production' },
      catalogSyncTime: '03:15',
      retentionDays: 60,
    }),
  );
  const policed = await createTestProfile();
  process.env.VOA_DESK_POLICY_FILE = policyFile;
  const policedShell = await startBrowserShellProcess(policed).finally(
    () => delete process.env.VOA_DESK_POLICY_FILE,
  );
  try {
    await page.goto(policedShell.ready.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Alt+5');
    await expect(page.getByTestId('policy-active')).toContainText(policyFile);
    const baseUrl = page.getByLabel('Basis-URL');
    await expect(baseUrl).toHaveValue('https://erp.staalhandel.example/v2.0/contoso/Production');
    await expect(baseUrl).toHaveAttribute('readonly', '');
    await expect(
      page.getByText(`Vastgelegd door het beleid van deze computer (${policyFile})`, { exact: true }),
    ).toHaveCount(3);
    const retention = page.getByLabel('Klantgegevens van afgeleverde aanvragen verwijderen na (dagen)');
    await expect(retention).toHaveValue('60');
    await expect(retention).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Tenant', { exact: true })).not.toHaveAttribute('readonly', '');
    await screenshotAtSizes(page, 'settings-policy-nl', page.getByTestId('policy-active'));
    await screenshotAtSizes(page, 'settings-policy-retention-nl', retention);
  } finally {
    await policedShell.stop();
    await policed.dispose();
  }

  await writeFile(policyFile, '{ "host": { "baseUrl": "http://erp.example" } }');
  const invalid = await createTestProfile();
  process.env.VOA_DESK_POLICY_FILE = policyFile;
  const invalidShell = await startBrowserShellProcess(invalid).finally(
    () => delete process.env.VOA_DESK_POLICY_FILE,
  );
  try {
    await page.goto(invalidShell.ready.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Alt+5');
    const alert = page.getByTestId('policy-invalid');
    await expect(alert).toContainText(
      `Het beleid van deze computer (${policyFile}) kan niet worden gebruikt`,
    );
    await expect(alert).toContainText('host.baseUrl: must be an https:// URL');
    await screenshotAtSizes(page, 'settings-policy-invalid-nl', alert);
  } finally {
    await invalidShell.stop();
    await invalid.dispose();
    await rm(folder, { recursive: true, force: true });
  }
});
