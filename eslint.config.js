// Lint enforces where code may run (STYLE.md rule 1), not review.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (paths, patterns = []) => ['error', { paths, patterns }];

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
      'no-restricted-imports': restrict([
        { name: 'keytar', message: 'Only src/main/core/secrets/secret-vault.ts talks to the keychain.' },
        { name: 'electron', message: 'Electron stays in src/main/index.ts and src/preload.' },
      ]),
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
        {
          selector: "MemberExpression[object.name='window'][property.name='voa']",
          message: 'Only src/renderer/src/bridge/voa.ts reads window.voa.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: rendererZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/renderer/src/bridge/voa.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
