// The layer rules of eslint.config.js, run on code that breaks them: a rule that stopped matching (a
// moved folder, a renamed file, a glob that no longer covers a directory) would let every such import
// through in silence, while `npm run lint` stays green.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules `code` breaks as if it were the file at `file` (relative to the repository). */
async function brokenRules(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const renderer = 'src/renderer/src';

describe('lint keeps the layers', () => {
  it('a feature may not import another feature, nor the app, nor main', async () => {
    expect(
      await brokenRules(
        `${renderer}/features/counter/example.ts`,
        "import { CatalogScreen } from '../catalog/catalog-screen.tsx';\nexport const screen = CatalogScreen;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        `${renderer}/features/counter/example.ts`,
        "import { VoaCore } from '../../../../main/core/voa-core.ts';\nexport const core = VoaCore;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('a lower layer may not import a higher one', async () => {
    expect(
      await brokenRules(
        `${renderer}/components/example.ts`,
        "import { CatalogScreen } from '../features/catalog/catalog-screen.tsx';\nexport const screen = CatalogScreen;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        'src/shared/example.ts',
        "import { VoaCore } from '../main/core/voa-core.ts';\nexport const core = VoaCore;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('a component takes what it shows as props: it does not read the store', async () => {
    expect(
      await brokenRules(
        `${renderer}/components/example.ts`,
        "import { useAppStore } from '../store/use-app-store.ts';\nexport const store = useAppStore;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        `${renderer}/components/example.ts`,
        "import { useLanguage } from '../i18n/i18n.ts';\nexport const language = useLanguage;\n",
      ),
    ).toEqual([]);
  });

  it("the catalog's sync and search do not import each other, and parts import each other's index.ts only", async () => {
    const catalog = 'src/main/core/catalog';
    expect(
      await brokenRules(
        `${catalog}/sync/example.ts`,
        "import { CatalogSearch } from '../search/index.ts';\nexport const search = CatalogSearch;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        `${catalog}/search/example.ts`,
        "import { CatalogSync } from '../sync/index.ts';\nexport const sync = CatalogSync;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        `${catalog}/search/example.ts`,
        "import { SyncRunLog } from '../store/sync-run-log.ts';\nexport const log = SyncRunLog;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await brokenRules(
        `${catalog}/search/example.ts`,
        "import { SyncRunLog } from '../store/index.ts';\nexport const log = SyncRunLog;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'src/main/core/export/example.ts',
        "import { CatalogSearch } from '../catalog/search/index.ts';\nexport const search = CatalogSearch;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await brokenRules(
        'src/main/core/export/example.ts',
        "import { createCatalogModule } from '../catalog/index.ts';\nexport const create = createCatalogModule;\n",
      ),
    ).toEqual([]);
  });

  it("below the app, only the store's type may be imported from it", async () => {
    const file = `${renderer}/features/outbox/example.ts`;
    expect(
      await brokenRules(
        file,
        "import { startAppStore } from '../../app/app-store.ts';\nexport const start = startAppStore;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await brokenRules(
        file,
        "import type { SliceCreator } from '../../app/app-store.ts';\nexport type Creator = SliceCreator<object>;\n",
      ),
    ).toEqual([]);
  });

  it('casts that switch the types off are refused in the app and in the vitest suites', async () => {
    const cast =
      'export const value = JSON.parse("1") as unknown as string;\nexport const other = 1 as never;\n';
    for (const file of [
      'src/main/core/example.ts',
      `${renderer}/features/outbox/example.ts`,
      'test/renderer/example.test.tsx',
      'test/unit/example.test.ts',
    ])
      expect(await brokenRules(file, cast), file).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });

  it("the renderer's Intl formatters come from the one place that keeps them", async () => {
    const made = 'export const format = new Intl.NumberFormat("nl-NL").format(1);\n';
    expect(await brokenRules(`${renderer}/features/catalog/example.ts`, made)).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await brokenRules(`${renderer}/components/intl-formats.ts`, made)).toEqual([]);
  });

  it('the renderer moves no cursor at the next animation frame', async () => {
    const later =
      'requestAnimationFrame(() => document.body.focus());\nwindow.requestAnimationFrame(() => {});\n';
    expect(await brokenRules(`${renderer}/request-form/example.ts`, later)).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
  });
});
