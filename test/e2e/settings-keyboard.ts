import { expect, type Locator, type Page } from '@playwright/test';

/** Tabs forward until `target` has the focus: the settings screens are used with the keyboard only. */
export async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

/** Opens VOA Desk at the office-screen size and goes to Settings with Alt+5. */
export async function openSettings(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+5');
}
