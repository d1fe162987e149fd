// `npm run dist`: electron-builder with electron-builder.yml, the signing the environment names
// (signing-config.ts) and the schema versions the update files carry (update-metadata.ts), for the current OS. Extra arguments are electron-builder's (`npm run dist -- --win`).
import { build, createTargets, Platform } from 'electron-builder';
import { signingConfigFromEnvironment } from './signing-config.ts';
import { updateMetadataConfig } from './update-metadata.ts';

const platforms = process.argv.slice(2).flatMap((arg) => {
  if (arg === '--win') return [Platform.WINDOWS];
  if (arg === '--mac') return [Platform.MAC];
  if (arg === '--linux') return [Platform.LINUX];
  throw new Error(`dist: unknown argument ${arg} (use --win, --mac or --linux)`);
});
const signing = signingConfigFromEnvironment(process.env);
console.log(`dist: signing ${JSON.stringify(signing)}`);
await build({
  config: { ...signing, ...updateMetadataConfig() },
  publish: 'never',
  ...(platforms.length ? { targets: createTargets(platforms) } : {}),
});
