import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_START = path.resolve(import.meta.dirname, '../../src/main/cli/source-start.mjs');
const VOA_CORE = path.resolve(import.meta.dirname, '../../src/main/core/voa-core.ts');

interface Probe {
  /** zod's locale modules the process loaded, by file name. */
  localeModules: string[];
  languages: string[];
  english: string;
  dutch: string;
}

/** A Node process started as the CLI starts (or without its source start), which imports the core. */
function probe(sourceStart: boolean): Probe {
  const script = `
    import module from 'node:module';
    const loaded = [];
    ${sourceStart ? `(await import(${JSON.stringify(SOURCE_START)})).prepareSourceStart();` : ''}
    module.registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
    await import(${JSON.stringify(VOA_CORE)});
    const { z } = await import('zod');
    const english = z.string().safeParse(1).error.issues[0].message;
    z.config(z.locales.nl());
    const dutch = z.string().safeParse(1).error.issues[0].message;
    const localeModules = loaded.filter((url) => url.includes('/zod/v4/locales/')).map((url) => url.split('/').pop());
    console.log(JSON.stringify({ localeModules, languages: Object.keys(z.locales), english, dutch }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    encoding: 'utf8',
  });
  return JSON.parse(out) as Probe;
}

describe('the source start of the CLI and the browser shell', () => {
  it("loads zod's English and Dutch messages only, and validates as a start without it does", () => {
    const started = probe(true);
    const plain = probe(false);

    expect(started.localeModules.sort()).toEqual(['en.js', 'nl.js']);
    expect(started.languages).toEqual(['en', 'nl']);
    // Without it every language loads: if zod moves its list, this start loads them all again.
    expect(plain.localeModules.length).toBeGreaterThan(40);
    expect(started.english).toBe(plain.english);
    expect(started.dutch).toBe(plain.dutch);
    expect(started.dutch).not.toBe(started.english);
  });
});
