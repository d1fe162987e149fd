// Settings' about and support section in the browser shell, in Dutch, by keyboard: the version, build and
// commit, where the logs are, and a support bundle saved into the profile's support/ folder.
import { expect, test } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createTestProfile, type TestProfile } from '../support/processes.ts';
import { startBrowserShellProcess, type BrowserShellProcess, screenshotAtSizes } from './browser-shell.ts';

let profile: TestProfile;
let shell: BrowserShellProcess;

test.beforeAll(async () => {
  profile = await createTestProfile();
  shell = await startBrowserShellProcess(profile);
});

test.afterAll(async () => {
  await shell?.stop();
  await profile?.dispose();
});

test('settings: about shows version, build and commit and the log folder; the support bundle is saved by keyboard', async ({
  page,
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
