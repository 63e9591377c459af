import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Import boundaries: core is shared by everyone and depends on no app;
      // the server and the web app never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/core', from: ['./apps', './e2e'] },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            // Web features never import each other; shared code never imports features.
            {
              target: './apps/web/src/features/*/',
              from: './apps/web/src/features/*/',
              except: ['./'],
            },
            {
              target: './apps/web/src/shared',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
