import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultUserDataDir, resolveProfileLocation } from '../../src/main/core/data-dir.ts';

describe('data directory and profile', () => {
  it('uses the folder Electron would use for the default profile, so CLI and desktop app share state', () => {
    const location = resolveProfileLocation({ env: { XDG_CONFIG_HOME: '/home/anja/.config' } });
    expect(location).toEqual({ profile: 'default', dataDir: path.join('/home/anja/.config', 'VOA Desk') });
  });

  it('keeps other profiles in their own folder below it', () => {
    const location = resolveProfileLocation({
      profile: 'beurs-2026',
      userDataDir: '/data/VOA Desk',
      env: {},
    });
    expect(location.dataDir).toBe(path.join('/data/VOA Desk', 'profiles', 'beurs-2026'));
  });

  it('lets --data-dir win over VOA_DESK_DATA_DIR, and the environment win over the default', () => {
    expect(resolveProfileLocation({ dataDir: 'a', env: { VOA_DESK_DATA_DIR: '/b' } }).dataDir).toBe(
      path.resolve('a'),
    );
    expect(resolveProfileLocation({ env: { VOA_DESK_DATA_DIR: '/b', VOA_DESK_PROFILE: 'x' } })).toEqual({
      profile: 'x',
      dataDir: '/b',
    });
  });

  it('refuses a profile name that could escape its folder or the keychain namespace', () => {
    expect(() => resolveProfileLocation({ profile: '../etc', env: {} })).toThrow(
      /Profile name "..\/etc" is not valid/,
    );
    expect(() => resolveProfileLocation({ profile: 'a b', env: {} })).toThrow(/not valid/);
  });

  it('follows each platform’s application-data convention', () => {
    expect(defaultUserDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toContain('VOA Desk');
    expect(defaultUserDataDir({}, 'darwin')).toContain(
      path.join('Library', 'Application Support', 'VOA Desk'),
    );
  });
});
