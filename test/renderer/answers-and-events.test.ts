// A read's answer and an event that sends the same state whole can arrive in either order (the browser
// shell sends them apart). What the screen shows is the newer of the two.
import { describe, expect, it } from 'vitest';
import type { RequestLinkView } from '../../src/shared/bridge/portal-calls.ts';
import type { SettingsView } from '../../src/shared/bridge/settings-calls.ts';
import { readUnlessOvertaken, voa } from '../../src/renderer/src/bridge/voa.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { deferred } from './support/fake-bridge.ts';
import { installFake, settingsView } from './support/renderer-harness.ts';

describe('answers and events', () => {
  it('settings read before a change but answering after it: the change stays on screen', async () => {
    const read = deferred<SettingsView>();
    const fake = installFake('nl', { 'settings:get': () => read.promise });
    voa.on('settings:changed', (view) => useAppStore.getState().applySettingsView(view));
    const loading = useAppStore.getState().loadSettings();
    fake.emit('settings:changed', settingsView('en'));
    read.resolve(settingsView('nl'));
    await loading;
    expect(useAppStore.getState().settingsView?.settings.uiLanguage).toBe('en');
  });

  it('settings read with no change on the way: the answer is shown', async () => {
    installFake('en');
    await useAppStore.getState().loadSettings();
    expect(useAppStore.getState().settingsView?.settings.uiLanguage).toBe('en');
  });

  it('a read of the portal links that a links event overtook answers nothing; one not overtaken answers', async () => {
    const read = deferred<RequestLinkView[]>();
    const fake = installFake('nl', { 'portal:links': () => read.promise });
    const linked: RequestLinkView = {
      requestId: 'VD-01JZ0000000000000000000000',
      number: 'AV-1001',
      customerNo: '10000',
      state: 'linked',
      reason: null,
      updatedAt: '2026-11-29T10:00:00.000Z',
    };
    const overtaken = readUnlessOvertaken('portal:linksChanged', () => voa.portal.links({}));
    fake.emit('portal:linksChanged', [linked]);
    read.resolve([]);
    expect(await overtaken).toBeUndefined();

    fake.handle('portal:links', () => [linked]);
    expect(await readUnlessOvertaken('portal:linksChanged', () => voa.portal.links({}))).toEqual({
      ok: true,
      value: [linked],
    });
  });
});
