import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import earshot from './scripts/eslint-no-import-cycle.mjs';

// One zone per web feature folder (no-restricted-paths takes no glob for this): a feature
// may import itself, shared code and core, never another feature.
const FEATURES = './apps/web/src/features';
const featureZones = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `${FEATURES}/${d.name}`,
    from: FEATURES,
    except: [`./${d.name}`],
    message:
      'Features never import each other: move the shared piece to src/shared, compose in src/app.',
  }));

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
            ...featureZones,
            // Shared code never imports features or the app.
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
    // import-x/no-cycle above skips type-only imports; this one counts them (layers point one
    // way even in types).
    files: ['apps/server/**/*.ts', 'packages/core/**/*.ts'],
    plugins: { earshot },
    rules: { 'earshot/no-import-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
