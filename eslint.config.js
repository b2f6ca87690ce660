// One lint config for the workspace. Import boundaries (layers, module entry points, cycles) are checked by
// dependency-cruiser (.dependency-cruiser.mjs), which `npm run lint` runs after ESLint.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['bench/**', 'tools/scripts/**', 'tools/simulator/src/cli.ts', 'apps/server/src/db/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Component tests wait with Testing Library, whose time limit the set-up raises for a busy machine;
  // vitest's own waitFor gives up after one second.
  {
    files: ['apps/web/src/**/*.component.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: "Use Testing Library's waitFor (see src/test/setup.ts).",
        },
      ],
    },
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
