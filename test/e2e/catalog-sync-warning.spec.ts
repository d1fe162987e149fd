// The sync bar and sync log for a sync the host only partly allowed and one another process holds, in a real browser over the browser
// shell against the emulator: a sync where one steel page answers 403 ends "succeeded with a warning"
// that names the page and the permission set; and a sync asked for while a CLI sync holds the data
// directory says who is syncing; and a catalog.db that cannot be opened is replaced, and the screen says
// so. Screenshots in Dutch and English at 1024x700 and 1366x768.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Agent, fetch } from 'undici';
import { startBrowserShellProcess, screenshot, type DeskAgainstEmulator } from './browser-shell.ts';
import { startupSyncEnded } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';
import { REPO_ROOT } from '../support/processes.ts';

test.use({ hostAtStart: { variants: 800, pageSize: 200 } });

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

async function admin(route: string, body: unknown): Promise<void> {
  const info = desk.emulator.info;
  const agent = new Agent({ connect: { ca: await readFile(info.caFile) } });
  const response = await fetch(`${info.adminUrl}${route}`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  await agent.close();
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1024, 700],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
  }
}

async function openCatalog(page: Page): Promise<void> {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
}

async function chooseLanguage(page: Page, language: 'English' | 'Nederlands'): Promise<void> {
  await page.keyboard.press('Alt+5');
  await page.getByText(language).click();
  await page.keyboard.press('Alt+3');
}

/** "Sync now" from the keyboard: focus moves to the button, Enter presses it. */
async function syncNowByKeyboard(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

test('a steel page answering 403: succeeded with a warning naming the page and the permission set', async ({
  page,
}) => {
  await openCatalog(page);
  // The desk starts with a synced catalog (fixtures.ts): there is steel data to keep.
  const status = page.getByTestId('sync-status');
  await expect(status).toContainText('Geslaagd');

  await admin('/settings', { refusedSyncPages: ['voaGrades'] });
  await syncNowByKeyboard(page, 'Nu synchroniseren');
  await expect(status).toContainText('Geslaagd met een waarschuwing', { timeout: 60_000 });
  await expect(status.getByRole('status')).toContainText(
    'De host weigert voaGrades (403); daarvoor zijn de staalgegevens van de vorige synchronisatie behouden. Ken de permissieset VOA CG S365 SYNC toe',
  );
  await shots(page, 'catalog-sync-warning-nl');

  await chooseLanguage(page, 'English');
  await expect(status).toContainText('Succeeded with a warning');
  await expect(status.getByRole('status')).toContainText(
    'The host refused voaGrades (403); the steel data of the previous sync was kept for it. Assign the permission set VOA CG S365 SYNC',
  );
  await shots(page, 'catalog-sync-warning-en');
  await page.getByRole('tab', { name: 'Sync log' }).click();
  await expect(page.getByTestId('sync-runs')).toContainText('Succeeded with a warning');
  await expect(page.getByTestId('sync-runs')).toContainText('The host refused voaGrades (403)');
  await shots(page, 'catalog-log-warning-en');
});

test('a sync asked for while a CLI sync runs on the same data directory says who is syncing', async ({
  page,
}) => {
  // The desk starts with a synced catalog and no sync of its own running: the CLI's is the only one.
  await openCatalog(page);
  await startupSyncEnded(page);
  // Slow pages, so that the CLI sync is still running when the screen asks for one.
  await admin('/faults', { rules: [{ kind: 'latency', match: 'catalog', ms: 400 }] });
  const { spawn } = await import('node:child_process');
  const cli = spawn(
    process.execPath,
    [
      path.join(REPO_ROOT, 'src/main/cli/index.mjs'),
      ...['--data-dir', desk.profile.dataDir, '--profile', desk.profile.profile, 'sync'],
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const ended = new Promise<number | null>((resolve) => cli.on('close', resolve));
  await new Promise<void>((resolve) => {
    let stderr = '';
    cli.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('sync: reading')) resolve();
    });
    cli.on('close', () => resolve());
  });

  await syncNowByKeyboard(page, 'Nu synchroniseren');
  const banner = page
    .getByTestId('sync-status')
    .getByText(/Er loopt al een synchronisatie van deze catalogus/);
  await expect(banner).toContainText(`een synchronisatie via de opdrachtregel (proces ${cli.pid})`);
  await shots(page, 'catalog-sync-elsewhere-nl');
  await chooseLanguage(page, 'English');
  await expect(page.getByTestId('sync-status')).toContainText(
    `Another sync of this catalog is running: a command-line sync (process ${cli.pid})`,
  );
  await shots(page, 'catalog-sync-elsewhere-en');
  await chooseLanguage(page, 'Nederlands');
  await admin('/faults', { rules: [] });
  expect(await ended).toBe(0);
  // Once it has ended, asking again starts a sync here, and the banner is gone.
  await syncNowByKeyboard(page, 'Nu synchroniseren');
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd', { timeout: 60_000 });
});

test('a catalog.db that cannot be opened: the shell starts, the sync log says it was moved aside, the next sync fills it', async ({
  page,
}) => {
  await desk.shell.stop();
  const catalog = path.join(desk.profile.dataDir, 'catalog.db');
  await writeFile(catalog, 'This was catalog.db until a disk error overwrote its header.\n'.repeat(200));
  for (const suffix of ['-wal', '-shm']) await rm(`${catalog}${suffix}`, { force: true });
  desk.shell = await startBrowserShellProcess(desk.profile);

  // The shell starts a sync of the empty catalog 3 s after start, which soon replaces the sync bar's
  // banner; the sync log keeps the entry, so it is checked and photographed there.
  await openCatalog(page);
  await page.getByRole('tab', { name: 'Synchronisatielog' }).click();
  const runs = page.getByTestId('sync-runs');
  await expect(runs).toContainText(
    'de lokale catalogus kon niet worden geopend; het bestand is opzij gezet als catalog.db.damaged-',
  );
  await shots(page, 'catalog-damaged-log-nl');
  await chooseLanguage(page, 'English');
  await page.getByRole('tab', { name: 'Sync log' }).click();
  await expect(runs).toContainText(
    'the local catalog could not be opened; it was moved aside as catalog.db.damaged-',
  );
  await shots(page, 'catalog-damaged-log-en');
  // The next sync fills the catalog.
  await expect(page.getByTestId('sync-status')).toContainText('Succeeded', { timeout: 60_000 });
  await page.getByRole('tab', { name: 'Browse' }).click();
  await expect(page.getByTestId('catalog-count')).toHaveText(/800 sizes/);
});
