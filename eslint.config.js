// Lint enforces where code may run and which way imports go (docs/architecture.md), not review.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (paths, patterns = []) => ['error', { paths, patterns }];
const everywhere = [
  { name: 'keytar', message: 'Only src/main/core/secrets/secret-vault.ts talks to the keychain.' },
  { name: 'electron', message: 'Electron stays in src/main/index.ts and src/preload.' },
];

// Type assertions that switch the compiler off (after VS Code's code-no-dangerous-type-assertions): `as never`
// fits any parameter, `as unknown as T` turns anything into anything. A value of unknown shape is parsed
// (zod at the bridge) or narrowed; a SQL row type is a type alias that node:sqlite's rows narrow to.
const dangerousAssertions = [
  {
    selector: "TSAsExpression[typeAnnotation.type='TSNeverKeyword']",
    message: '`as never` hides a type error: give the value its real type, or parse it.',
  },
  {
    selector:
      "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
    message: '`as unknown as T` turns anything into anything: parse or narrow the value instead.',
  },
];

// The renderer's layers, top to bottom: app → features → request-form → components → i18n → store →
// bridge → src/shared. An import may only point down; features never import each other. Type-only imports of the
// store's shape (app/app-store.ts) and the message catalogs (app/message-catalogs.ts) are the one upward
// reference: they are erased at build time and the composition root installs the values at start.
const renderer = 'src/renderer/src';
const FEATURES = ['catalog', 'counter', 'customer', 'fair', 'outbox', 'settings'];
const LOWER_LAYERS = [
  { layer: 'request-form', above: ['app', 'features'] },
  { layer: 'components', above: ['app', 'features', 'request-form'] },
  { layer: 'i18n', above: ['app', 'features', 'request-form', 'components'] },
  { layer: 'store', above: ['app', 'features', 'request-form', 'components', 'i18n'] },
  { layer: 'bridge', above: ['app', 'features', 'request-form', 'components', 'store', 'i18n'] },
];
const TYPE_ONLY_UPWARD = ['./app-store.ts', './message-catalogs.ts'];
const rendererZones = [
  ...LOWER_LAYERS.flatMap(({ layer, above }) =>
    above.map((upper) => ({
      target: `./${renderer}/${layer}`,
      from: `./${renderer}/${upper}`,
      ...(upper === 'app' ? { except: TYPE_ONLY_UPWARD } : {}),
      message: `${layer} sits below ${upper}: it may not import it (docs/architecture.md, "Renderer layers").`,
    })),
  ),
  ...FEATURES.map((feature) => ({
    target: `./${renderer}/features/${feature}`,
    from: `./${renderer}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: the app frame composes them (docs/architecture.md).',
  })),
  ...FEATURES.map((feature) => ({
    target: `./${renderer}/features/${feature}`,
    from: `./${renderer}/app`,
    except: TYPE_ONLY_UPWARD,
    message: 'Features sit below the app: read the store through store/use-app-store.ts.',
  })),
  {
    target: `./${renderer}/components`,
    from: `./${renderer}/store`,
    message:
      'A component takes what it shows as props, and the UI language through i18n (useT, useLanguage): it does not read the store.',
  },
  {
    target: `./${renderer}`,
    from: './src/main',
    message: 'The renderer reaches main only through the bridge (src/shared/bridge).',
  },
  {
    target: './src/shared',
    from: ['./src/main', './src/renderer', './src/preload'],
    message: 'src/shared is the bottom layer: it imports nothing of main, preload or renderer.',
  },
];

// The catalog's parts (docs/architecture.md, "The catalog's parts"): sync and search never import each
// other, and one part imports another only through its index.ts. The one exception is the index's
// writer (search-index/catalog-terms.ts) taking store/batched-insert.ts directly: store's index.ts
// exports the schema, whose upgrade rebuilds the index, so the index.ts would close a cycle.
const catalog = 'src/main/core/catalog';
const CATALOG_PARTS = ['store', 'search-index', 'search', 'sync', 'threads'];
const catalogZones = [
  { target: `./${catalog}/sync`, from: `./${catalog}/search` },
  { target: `./${catalog}/search`, from: `./${catalog}/sync` },
].map((zone) => ({
  ...zone,
  message: "The catalog's sync and search do not import each other: what both need lives below them.",
}));
for (const part of CATALOG_PARTS) {
  const importers = [
    ...CATALOG_PARTS.filter((other) => other !== part).map((other) => `./${catalog}/${other}`),
    `./${catalog}/catalog-module.ts`,
    `./${catalog}/index.ts`,
  ];
  catalogZones.push({
    target: importers,
    from: `./${catalog}/${part}`,
    except: ['./index.ts', ...(part === 'store' ? ['./batched-insert.ts'] : [])],
    message: `Import the catalog's ${part} through ${part}/index.ts, its interface.`,
  });
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  {
    files: ['scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': restrict(everywhere),
    },
  },
  {
    // bench/, emulator/ and test/e2e/ are not held to it yet (their casts read test fixtures and rows).
    files: [
      'src/**/*.{ts,tsx}',
      'test/{unit,integration,emulator,support}/**/*.ts',
      'test/renderer/**/*.{ts,tsx}',
    ],
    ignores: [
      // Allowlist, each with its reason: rows read with setReturnArrays(true), which node:sqlite's types
      // do not follow (a row type alias narrows objects with a plain `as`, see outbox-store.ts); host rows
      // coerced field by field in place, because a second object per row costs ingest speed
      // (catalog-sync-worker-rows.ts).
      'src/main/core/catalog/search/catalog-search.ts',
      'src/main/core/catalog/search/search-columns.ts',
      'src/main/core/catalog/sync/catalog-staging.ts',
      'src/main/core/catalog/sync/catalog-sync-worker-rows.ts',
    ],
    rules: {
      '@typescript-eslint/consistent-type-assertions': [
        'error',
        { assertionStyle: 'as', objectLiteralTypeAssertions: 'never' },
      ],
      'no-restricted-syntax': ['error', ...dangerousAssertions],
    },
  },
  {
    // The one upward reference is type-only: below the app, a value import of its store or its message
    // catalogs would run the composition root's code where only main.tsx installs it.
    files: [`${renderer}/**/*.{ts,tsx}`],
    ignores: [`${renderer}/app/**`, `${renderer}/main.tsx`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/app-store*', '**/app/message-catalogs*'],
              allowTypeImports: true,
              message:
                'Below the app only its types may be imported (import type): read the store through store/use-app-store.ts (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // In the core, modules depend on the narrow part they use (Pick<CoreServices, …>, BridgeCore), not on
    // the whole VoaCore: only the composition roots (below, and tests and bench) open it.
    files: ['src/main/**'],
    ignores: ['src/main/index.ts', 'src/main/cli/run-cli.ts', 'src/main/browser-shell/shell-process.ts'],
    rules: {
      'no-restricted-imports': restrict(everywhere, [
        {
          group: ['**/voa-core.ts'],
          message:
            'Take the part of the core you use (Pick<CoreServices, …> from core-module.ts, BridgeCore), not VoaCore.',
        },
      ]),
    },
  },
  {
    // The rest of the main process sees the catalog through src/main/core/catalog/index.ts only.
    files: ['src/main/**/*.ts'],
    ignores: [`${catalog}/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/catalog/*/**', '**/catalog/catalog-module*'],
              message: 'Import the catalog through src/main/core/catalog/index.ts, its interface.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict(
        [
          { name: 'electron', message: 'src/shared runs in main and renderer: no Electron.' },
          { name: 'react', message: 'src/shared is plain TypeScript.' },
        ],
        [{ group: ['node:*'], message: 'src/shared runs in main and renderer: no Node.' }],
      ),
    },
  },
  {
    files: ['src/main/core/secrets/secret-vault.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/index.ts', 'src/preload/**'],
    rules: {
      'no-restricted-imports': restrict([
        { name: 'keytar', message: 'Only the vault talks to the keychain.' },
      ]),
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        ...dangerousAssertions,
        {
          selector: "MemberExpression[object.name='window'][property.name='voa']",
          message: 'Only src/renderer/src/bridge/voa.ts reads window.voa.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: 'Take a kept formatter from components/intl-formats.ts: making one costs about 30 µs.',
        },
        {
          selector:
            "CallExpression[callee.name='requestAnimationFrame'], CallExpression[callee.property.name='requestAnimationFrame']",
          message:
            'Move the cursor with useAfterCommit (components/use-after-commit.ts): a busy machine paints the next frame after keys typed since, and a focus put off to it takes the cursor from them.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...rendererZones, ...catalogZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/renderer/src/bridge/voa.ts', 'src/renderer/src/components/intl-formats.ts'],
    rules: { 'no-restricted-syntax': ['error', ...dangerousAssertions] },
  },
);
