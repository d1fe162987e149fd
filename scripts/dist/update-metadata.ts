// What every build publishes for the desks' updater, laid over electron-builder.yml by `npm run dist`:
// the schema versions this build knows of app.db and catalog.db. electron-builder writes releaseInfo into
// each update file (latest.yml, beta.yml, …), so a desk reads them before it downloads a build and refuses
// one that knows an older schema than its files (src/main/core/updates/update-rules.ts).
import { BUILD_SCHEMA_VERSIONS } from '../../src/main/core/updates/schema-versions.ts';
import { SCHEMA_VENDOR_KEY } from '../../src/main/core/updates/update-rules.ts';

export function updateMetadataConfig(): { releaseInfo: { vendor: Record<string, unknown> } } {
  return { releaseInfo: { vendor: { [SCHEMA_VENDOR_KEY]: BUILD_SCHEMA_VERSIONS } } };
}
