// Lint enforces where code may run (STYLE.md rule 1), not review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (paths, patterns = []) => ['error', { paths, patterns }];

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
    files: ['src/renderer/src/bridge/voa.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
