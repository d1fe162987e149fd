// `npm run bench`: prints one JSON object of figures. Each `bench/*.bench.ts` file adds a section: its
// default export returns that section's figures. Targets are printed beside the figures, not asserted.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const only = process.argv.slice(2);
const files = (await readdir(import.meta.dirname))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

const figures: Record<string, unknown> = {
  machine: {
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    platform: process.platform,
  },
};
for (const file of files) {
  const section = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`bench: ${section}…\n`);
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
      default: () => Promise<Record<string, unknown>>;
    };
    figures[section] = await module.default();
  } catch (error) {
    figures[section] = { error: (error as Error).message };
  }
  process.stderr.write(`bench: ${section} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
