// Settings' about and support section in the browser shell, in Dutch, by keyboard: the version, build and
// commit, where the logs are, and a support bundle saved into the profile's support/ folder.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestProfile } from '../support/processes.ts';
import { startBrowserShellProcess, screenshotAtSizes } from './browser-shell.ts';
import { updateReadyAfterCheck } from './desk-steps.ts';
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
  // No policy names an update folder: updates are off, and say why.
  await expect(section.getByTestId('updates-state')).toHaveText(
    'Uit: het beleid van deze computer noemt geen updatemap.',
  );
  await expect(section.getByRole('button', { name: 'Nu controleren' })).toHaveCount(0);

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
  // Two browser shells and two profiles in one test.
  test.setTimeout(180_000);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voa-policy-e2e-'));
  const policyFile = path.join(folder, 'policy.json');
  await writeFile(
    policyFile,
    JSON.stringify({
      host: {
        baseUrl: 'https://erp.staalhandel.example/v2.0/contoso/Production',
        caFile: '/etc/ssl/certs/staalhandel-proxy.pem',
      },
      catalogSyncTime: '03:15',
      catalogSyncWindowEnd: '04:45',
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
    ).toHaveCount(5);
    // The extra CA file the policy sets: shown with the policy named, and no file to choose.
    const caFile = page.locator('input[name="host.caFile"]');
    await expect(caFile).toHaveValue('/etc/ssl/certs/staalhandel-proxy.pem');
    await expect(page.getByRole('button', { name: 'Bestand kiezen…' })).toHaveCount(0);
    await screenshotAtSizes(page, 'settings-ca-file-policy-nl', caFile);
    // The nightly sync window: both ends set by the policy, each read-only.
    const windowStart = page.getByLabel('Nachtelijke catalogussynchronisatie vanaf');
    const windowEnd = page.getByLabel('tot', { exact: true });
    await expect(windowStart).toHaveValue('03:15');
    await expect(windowEnd).toHaveValue('04:45');
    await expect(windowEnd).toHaveAttribute('readonly', '');
    await screenshotAtSizes(
      page,
      'settings-sync-window-policy-nl',
      page.locator('section[aria-labelledby="settings-catalog"]'),
    );
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

test('settings: a saved value that no longer reads is back at its default, said at the top; the rest is kept', async ({
  page,
}) => {
  const desk = await createTestProfile();
  // As another version of VOA Desk, or a hand edit, left it: a unit this version does not know.
  await writeFile(
    path.join(desk.dataDir, 'settings.json'),
    JSON.stringify({
      host: { baseUrl: 'https://erp.staalhandel.example/v2.0/contoso/Production', tenant: 'contoso' },
      counterEmployees: ['Anja de Vries'],
      units: { pieces: 'ST', meters: 'MTR', kilograms: 'KG', tonnes: 'TO' },
      uiLanguage: 'nl',
    }),
  );
  const shell = await startBrowserShellProcess(desk);
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(shell.ready.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Alt+5');
    const problem = page.getByTestId('settings-file-problem');
    await expect(problem).toContainText('staan weer op hun standaardwaarde: units (');
    await expect(problem).toContainText('settings.json.unreadable-');
    await expect(page.getByLabel('Basis-URL')).toHaveValue(
      'https://erp.staalhandel.example/v2.0/contoso/Production',
    );
    await screenshotAtSizes(page, 'settings-file-problem-nl', problem);
  } finally {
    await shell.stop();
    await desk.dispose();
  }
});

test('settings: a policy that requires an administrator PIN opens nothing but setting one, until it is set', async ({
  page,
}) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voa-policy-pin-e2e-'));
  const policyFile = path.join(folder, 'policy.json');
  await writeFile(policyFile, JSON.stringify({ adminPinRequired: true }));
  const desk = await createTestProfile();
  process.env.VOA_DESK_POLICY_FILE = policyFile;
  const deskShell = await startBrowserShellProcess(desk).finally(
    () => delete process.env.VOA_DESK_POLICY_FILE,
  );
  try {
    await page.goto(deskShell.ready.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Alt+5');
    const required = page.getByTestId('pin-required');
    await expect(required).toHaveText(
      `Het beleid van deze computer (${policyFile}) vereist een beheerderspincode. Stel eerst een pincode in; daarna gaan de beheerdersinstellingen open.`,
    );
    await expect(page.getByLabel('Basis-URL')).toHaveCount(0);
    await screenshotAtSizes(page, 'settings-pin-required-nl', required);
    await page.getByLabel('Nieuwe pincode', { exact: true }).fill('482916');
    await page.getByLabel('Herhaal de nieuwe pincode').fill('482916');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Basis-URL')).toBeVisible();
    // The policy requires the PIN: there is no button to remove it.
    await expect(page.getByRole('button', { name: 'Pincode verwijderen' })).toHaveCount(0);
  } finally {
    await deskShell.stop();
    await desk.dispose();
    await rm(folder, { recursive: true, force: true });
  }
});

test('settings: updates from the policy folder: the channel and folder, a downloaded update ready to install, restart now', async ({
  page,
}) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'voa-policy-updates-e2e-'));
  const policyFile = path.join(folder, 'policy.json');
  const updateFolder = 'https://updates.staalhandel.example/voa-desk/';
  await writeFile(policyFile, JSON.stringify({ updates: { url: updateFolder, channel: 'beta' } }));
  const desk = await createTestProfile();
  process.env.VOA_DESK_POLICY_FILE = policyFile;
  // The browser shell's stand-in updater: its "folder" offers 9.9.0 (the desktop app asks the real one).
  process.env.VOA_DESK_SHELL_UPDATE = '9.9.0';
  const deskShell = await startBrowserShellProcess(desk).finally(() => {
    delete process.env.VOA_DESK_POLICY_FILE;
    delete process.env.VOA_DESK_SHELL_UPDATE;
  });
  try {
    await page.goto(deskShell.ready.url);
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.keyboard.press('Alt+5');
    const updates = page.getByRole('region', { name: 'Updates' });
    await expect(updates.getByTestId('updates-channel')).toHaveText('beta (bèta’s en releases)');
    await expect(updates.getByText(updateFolder, { exact: true })).toBeVisible();
    await expect(
      updates.getByText(`Vastgelegd door het beleid van deze computer (${policyFile}).`),
    ).toBeVisible();
    await expect(updates.getByTestId('updates-state')).toHaveText(
      'De eerste controle volgt kort na het starten.',
    );

    const restart = await updateReadyAfterCheck(updates);
    await expect(restart).toBeEnabled();
    await expect(updates.getByText('Laatst gecontroleerd')).toBeVisible();
    await screenshotAtSizes(page, 'settings-updates-ready-nl', updates);

    await restart.focus();
    await page.keyboard.press('Enter');
    await expect(updates.getByRole('status')).toHaveText('VOA Desk herstart om de update te installeren…');
    await expect(restart).toBeDisabled();
  } finally {
    await deskShell.stop();
    await desk.dispose();
    await rm(folder, { recursive: true, force: true });
  }
});
