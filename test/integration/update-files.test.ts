// The update files a build publishes carry the schema versions it knows, and a desk reads them back:
// electron-builder's configuration (through its own merge and schema check), its YAML writer and
// electron-updater's own parser, then the desk's refusal rule.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateMetadataConfig } from '../../scripts/dist/update-metadata.ts';
import { BUILD_SCHEMA_VERSIONS } from '../../src/main/core/updates/schema-versions.ts';
import { refusalOf } from '../../src/main/core/updates/update-rules.ts';
import { REPO_ROOT } from '../support/processes.ts';

const require = createRequire(path.join(REPO_ROOT, 'package.json'));

describe('update files', () => {
  it('the build configuration publishes every channel’s file for the generic provider, with the schema versions', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig(dir: string, file: null, options: object | null): Promise<Record<string, unknown>>;
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util/out/DebugLogger') as {
      DebugLogger: new (on: boolean) => unknown;
    };
    const config = await getConfig(REPO_ROOT, null, updateMetadataConfig());
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.publish).toMatchObject({ provider: 'generic' });
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
    expect(config.releaseInfo).toEqual({ vendor: { voaDeskSchemas: BUILD_SCHEMA_VERSIONS } });
  });

  it('a desk reads the schema versions back from latest.yml and refuses a build that knows an older app.db', () => {
    const { serializeToYaml } = require('builder-util/out/util') as {
      serializeToYaml(object: unknown, skipInvalid?: boolean, noRefs?: boolean): string;
    };
    const { parseUpdateInfo } = require('electron-updater/out/providers/Provider') as {
      parseUpdateInfo(raw: string, channelFile: string, url: URL): { version: string; vendor?: unknown };
    };
    // As electron-builder's createUpdateInfo writes it: the file list, then releaseInfo spread in.
    const latestYml = (releaseInfo: object) =>
      serializeToYaml(
        {
          version: '2.0.0',
          files: [{ url: 'VOA-Desk-Setup-2.0.0.exe', sha512: 'abc', size: 1 }],
          path: 'VOA-Desk-Setup-2.0.0.exe',
          sha512: 'abc',
          ...releaseInfo,
          releaseDate: '2026-11-27T12:00:00.000Z',
        },
        false,
        true,
      );
    const folder = new URL('https://updates.staalhandel.example/voa-desk/latest.yml');
    const current = parseUpdateInfo(latestYml(updateMetadataConfig().releaseInfo), 'latest.yml', folder);
    expect(current.vendor).toEqual({ voaDeskSchemas: BUILD_SCHEMA_VERSIONS });
    expect(refusalOf(current, '1.0.0', BUILD_SCHEMA_VERSIONS)).toBeUndefined();

    const older = { ...BUILD_SCHEMA_VERSIONS, 'app.db': BUILD_SCHEMA_VERSIONS['app.db'] - 1 };
    const behind = parseUpdateInfo(latestYml({ vendor: { voaDeskSchemas: older } }), 'latest.yml', folder);
    expect(refusalOf(behind, '1.0.0', BUILD_SCHEMA_VERSIONS)).toMatchObject({
      reason: 'older-schema',
      database: 'app.db',
    });
  });
});
