// One lint config for the workspace. The import rules encode architecture.md's one-way imports:
// apps → packages; packages/domain imports nothing; contracts → domain; web features never import each other.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import boundaries from './tools/eslint/boundaries.js';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/common-passwords.ts'],
    rules: restrict([
      { group: ['@sabai/*', '*/apps/*', 'node:*'], message: 'packages/domain is pure: it imports nothing.' },
    ]),
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: restrict([
      {
        group: ['@sabai/i18n', '@sabai/contracts', '*/apps/*'],
        message: 'contracts may import only domain and zod.',
      },
    ]),
  },
  {
    files: ['packages/**/*.ts'],
    rules: restrict([{ group: ['**/apps/**'], message: 'packages never import apps.' }]),
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'boundaries/unit-boundaries': [
        'error',
        {
          zones: [
            {
              root: 'apps/server/src/modules',
              entry: ['index.ts'],
              message: 'A module uses another only through its index.ts.',
            },
            {
              root: 'apps/web/src/features',
              entry: [],
              message: 'A web feature never imports another feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**', 'tools/scripts/**', 'tools/simulator/src/cli.ts', 'apps/server/src/db/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/server/src/channels/**/*.ts'],
    rules: restrict([
      {
        group: ['**/db/**', '**/platform/db*', 'drizzle-orm*'],
        message: 'channels never touch the database.',
      },
    ]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web app: keep every user-visible text in packages/i18n, and refuse deprecated APIs (antd 6 warns
  // about them at runtime).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { i18next },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      '@typescript-eslint/no-deprecated': 'error',
    },
  },
);
