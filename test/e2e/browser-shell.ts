// The browser shell as end-to-end tests start it (as a user would: its own process, a test profile), and
// the screenshots every e2e test keeps as artifacts.
import type { Page } from '@playwright/test';
import path from 'node:path';
import { spawnWithReadyLine, type TestProfile } from '../support/processes.ts';

export interface BrowserShellReady {
  url: string;
  port: number;
  token: string;
  dataDir: string;
}

export type BrowserShellProcess = Awaited<ReturnType<typeof startBrowserShellProcess>>;

export function startBrowserShellProcess(profile: TestProfile) {
  return spawnWithReadyLine<BrowserShellReady>('src/main/browser-shell/cli.ts', [
    '--data-dir',
    profile.dataDir,
    '--profile',
    profile.profile,
  ]);
}

export const SCREENSHOT_DIR = path.join('test-results', 'screenshots');

/** The whole page, with the viewport grown to fit, so sticky bars sit where a person sees them. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.setViewportSize(viewport);
}
