// The browser shell as end-to-end tests start it (as a user would: its own process, a test profile), and
// the screenshots every e2e test keeps as artifacts.
import type { Locator, Page } from '@playwright/test';
import './page-globals.ts';
import path from 'node:path';
import type { EmulatorProcess } from '../support/emulator-profile.ts';
import { spawnWithReadyLine, type TestProfile } from '../support/processes.ts';

export interface BrowserShellReady {
  url: string;
  port: number;
  dataDir: string;
}

export type BrowserShellProcess = Awaited<ReturnType<typeof startBrowserShellProcess>>;

/** The browser shell on a profile; `env` adds variables it reads at start (a policy file, a stand-in update). */
export function startBrowserShellProcess(profile: TestProfile, env: Record<string, string> = {}) {
  return spawnWithReadyLine<BrowserShellReady>(
    'src/main/browser-shell/cli.mjs',
    ['--data-dir', profile.dataDir, '--profile', profile.profile],
    30_000,
    env,
  );
}

export interface DeskAgainstEmulator {
  /** Replaceable: a test may stop the emulator and start it again on the same port and state. */
  emulator: EmulatorProcess;
  /** The emulator's state directory (CA and identities), for such a restart. */
  stateDir: string;
  profile: TestProfile;
  shell: BrowserShellProcess;
  /** Stops the desk's shell (the fixture removes the profile and resets the emulator). */
  stop(): Promise<void>;
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

/** The window sizes a screen is looked at in: a small laptop and a common office screen. */
export const LOOK_SIZES = [
  { width: 1024, height: 700 },
  { width: 1366, height: 768 },
] as const;

/** What a person sees at each window size, scrolled to a part of the screen: `<name>-<w>x<h>.png`. */
export async function screenshotAtSizes(page: Page, name: string, focus?: Locator): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const size of LOOK_SIZES) {
    await page.setViewportSize(size);
    // The part looked at goes to the top of the window, below the sticky header.
    await focus?.evaluate((element) => {
      element.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -72);
    });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(viewport);
}
