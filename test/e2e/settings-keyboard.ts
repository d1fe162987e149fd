import type { Locator, Page } from '@playwright/test';

/** Tabs forward until `target` has the focus: the settings screens are used with the keyboard only. */
export async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}
