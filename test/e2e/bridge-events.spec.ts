// The browser shell's bridge hands out main's events as Electron's preload does: to the listeners there
// when the event came. A listener added while an event is handed out (a read that an event of its name
// overtakes, started by a listener of that event) hears the next event, not the one that caused it.
import { deskOnScreen } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

test('bridge: a listener added while an event is handed out hears the next event, not that one', async ({
  page,
  desk,
}) => {
  await page.goto(desk.shell.ready.url);
  await deskOnScreen(page);
  const heard = await page.evaluate(async () => {
    const voa = window.voa!;
    const log: string[] = [];
    const stopOuter = voa.on('settings:changed', () => {
      log.push('outer');
      if (log.length === 1) voa.on('settings:changed', () => log.push('inner'));
    });
    const heardOuter = (count: number) =>
      new Promise<void>((resolve) => {
        const look = () =>
          log.filter((entry) => entry === 'outer').length >= count ? resolve() : setTimeout(look);
        look();
      });
    await voa.settings.save({ portalIdleMinutes: 4 });
    await heardOuter(1);
    const afterFirst = [...log];
    await voa.settings.save({ portalIdleMinutes: 5 });
    await heardOuter(2);
    stopOuter();
    return { afterFirst, afterSecond: log };
  });
  expect(heard.afterFirst).toEqual(['outer']);
  // The listener added then hears the event after it.
  expect(heard.afterSecond).toEqual(['outer', 'outer', 'inner']);
});
