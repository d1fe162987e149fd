// One ingest, as the catalog section measures it (generator, staging with the end of a sync, raw insert),
// printed as JSON: the subject of scripts/ingest-instructions.sh, which counts its instructions.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchIngest } from './catalog.bench.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-ingest-once-'));
try {
  process.stdout.write(`${JSON.stringify(await benchIngest(dir))}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
