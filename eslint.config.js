// One lint config for the workspace. The import rules encode architecture.md's one-way imports:
// apps → packages; packages/domain imports nothing; contracts → domain; web features never import each other.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver } from 'eslint-plugin-import-x';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      'import-x/no-self-import': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/common-passwords.ts'],
    rules: restrict([{ group: ['@sabai/*', '*/apps/*', 'node:*'], message: 'packages/domain is pure: it imports nothing.' }]),
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: restrict([{ group: ['@sabai/i18n', '@sabai/contracts', '*/apps/*'], message: 'contracts may import only domain and zod.' }]),
  },
  {
    files: ['packages/**/*.ts'],
    rules: restrict([{ group: ['**/apps/**'], message: 'packages never import apps.' }]),
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    rules: restrict([
      { group: ['../*/*', '!../*/index'], message: 'A module uses another only through its index.ts.' },
    ]),
  },
  {
    files: ['apps/server/src/channels/**/*.ts'],
    rules: restrict([{ group: ['**/db/**', '**/platform/db*', 'drizzle-orm*'], message: 'channels never touch the database.' }]),
  },
  {
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/features/*/**'], message: 'A web feature never imports another feature.' }]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web app (owned by the web work): resolve TypeScript imports for the import rules, keep every
  // user-visible text in packages/i18n, and refuse deprecated APIs (antd 6 warns about them at runtime).
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/i18n/**/*.ts', 'e2e/**/*.ts'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'], conditionNames: ['import', 'module', 'default'] }),
      ],
    },
  },
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
